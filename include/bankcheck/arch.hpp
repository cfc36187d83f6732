// SPDX-License-Identifier: BSL-1.0
// bankcheck: an architecture's shared memory as data: banks, warp, and which lanes the
// hardware serves together ("phases") for each instruction.
#ifndef BANKCHECK_ARCH_HPP
#define BANKCHECK_ARCH_HPP

#include <cstdint>

#include <bankcheck/config.hpp>
#include <bankcheck/error.hpp>
#include <bankcheck/op.hpp>

namespace bankcheck {

// Lane masks of the phases of one instruction; the unused tail is 0. Lane l is bit l.
// `blocks`, where not 0: the phases are that many blocks of s consecutive lanes, s a power of
// two, phase p holding lanes p * s .. p * s + s - 1 (blocks() sets it). Then the engine costs one
// phase for all where each costs the same. 0 says nothing; a wrong count makes the table invalid.
struct phase_groups {
  static constexpr int capacity = 8;
  std::uint64_t lanes[capacity] = {};
  int blocks = 0;
};

// Width 1, 2, 4, 8, 16 -> table index 0..4.
BANKCHECK_HOST_DEVICE constexpr int width_index(int bytes) noexcept {
  return bytes <= 1 ? 0 : bytes == 2 ? 1 : bytes == 4 ? 2 : bytes == 8 ? 3 : 4;
}

namespace detail {
// lane_range where 0 <= first <= 63 and first - 1 <= last, as the engine's own masks are: the
// same bits without lane_range's test, which cost its run-time callers 3 instructions an access
// at 8 and 16 bytes (benchmarks/README.md, thirty-seventh session).
BANKCHECK_HOST_DEVICE constexpr std::uint64_t lane_bits(int first, int last) noexcept {
  return (last >= 63 ? ~std::uint64_t{0} : (std::uint64_t{1} << (last + 1)) - 1) & ~((std::uint64_t{1} << first) - 1);
}
}  // namespace detail

// Mask of lanes first..last of 0..63: none where first is outside them or last is before it, and
// up to 63 where last is past it. It writes out lane_bits' expression rather than call it: the
// call cost the AMD tables, which call this at every analyze, 16 clang steps a float4 row on
// gfx950 (1,356 -> 1,372) and check(gfx950) 580 -> 820.
// Example: lane_range(4, 7) -> 0xf0
BANKCHECK_HOST_DEVICE constexpr std::uint64_t lane_range(int first, int last) noexcept {
  return first < 0 || first > 63 || last < first
             ? 0
             : (last >= 63 ? ~std::uint64_t{0} : (std::uint64_t{1} << (last + 1)) - 1) & ~((std::uint64_t{1} << first) - 1);
}

namespace detail {
// blocks' table from the first block's mask m, size dividing lanes: block p exists where
// p * size < lanes. One expression: one step of a constant evaluation's budget, and no loop at
// run time, where the loop it replaces cost every shape of the run-time benchmark 10-16
// instructions and 2-5 ns more (benchmarks/README.md, twenty-second session).
BANKCHECK_HOST_DEVICE constexpr phase_groups blocks_from(std::uint64_t m, int lanes, int size) noexcept {
  return phase_groups{{m, size < lanes ? m << size : 0, 2 * size < lanes ? m << 2 * size : 0,
                       3 * size < lanes ? m << 3 * size : 0, 4 * size < lanes ? m << 4 * size : 0,
                       5 * size < lanes ? m << 5 * size : 0, 6 * size < lanes ? m << 6 * size : 0,
                       7 * size < lanes ? m << 7 * size : 0},
                      (size & (size - 1)) != 0 ? 0
                                               : 1 + (size < lanes) + (2 * size < lanes) + (3 * size < lanes) +
                                                     (4 * size < lanes) + (5 * size < lanes) + (6 * size < lanes) +
                                                     (7 * size < lanes)};
}

// blocks() where size does not divide lanes: the last block is cut short at the lanes' end (one
// block, of all the lanes, where size is more), and the blocks are counted only where that one
// is of a power of two. Lanes past 64 or sizes below 1 give no groups: an invalid table.
BANKCHECK_HOST_DEVICE constexpr phase_groups cut_blocks(int lanes, int size) noexcept {
  phase_groups g{};
  if (lanes < 1 || lanes > 64 || size < 1) return g;
  for (int p = 0; p < phase_groups::capacity && p * size < lanes; ++p)
    g.lanes[p] = lane_range(p * size, (lanes - p * size < size ? lanes : p * size + size) - 1);
  g.blocks = size >= lanes && (lanes & (lanes - 1)) == 0 ? 1 : 0;
  return g;
}
}  // namespace detail

// `lanes` lanes cut into phases of `size` consecutive lanes, the last cut short at the lanes' end
// where size does not divide them; a table holds the first 8 (64 lanes in phases of 4 do not fit,
// and check() calls such a table invalid). Example: blocks(32, 8) -> 0-7, 8-15, 16-23, 24-31
BANKCHECK_HOST_DEVICE constexpr phase_groups blocks(int lanes, int size) noexcept {
  return size >= 1 && size <= lanes && lanes <= 64 && lanes % size == 0
             ? detail::blocks_from(detail::lane_bits(0, size - 1), lanes, size)
             : detail::cut_blocks(lanes, size);
}

// The same groups, once for lanes 0-31 and once shifted to 32-63 (wave64 tables). Blocks that end
// at lane 31 stay blocks, twice as many. A table holds 8 groups: those past it are dropped, and
// check refuses a 64-lane table that lacks them.
BANKCHECK_HOST_DEVICE constexpr phase_groups twice(phase_groups g) noexcept {
  int n = 0;
  while (n < phase_groups::capacity && g.lanes[n] != 0) ++n;
  for (int p = 0; p < n && n + p < phase_groups::capacity; ++p) g.lanes[n + p] = g.lanes[p] << 32;
  g.blocks = g.blocks == n && n > 0 && 2 * n <= phase_groups::capacity && g.lanes[n - 1] >> 31 == 1 ? 2 * n : 0;
  return g;
}

// Byte address a lives in word a / bank_bytes, in bank (a / bank_bytes) % banks.
// Tables are indexed by access width: [0] 1 byte, [1] 2, [2] 4, [3] 8, [4] 16.
// The built-in architectures (arch::nvidia ...) convert to this; fill one in for your own.
struct architecture {
  const char* name = "custom";
  int banks = 32;
  int bank_bytes = 4;
  int warp_size = 32;
  phase_groups load[5] = {};
  phase_groups store[5] = {};
  // The load merge rule (MODEL.md): when every active lane's partner i^1 or i^2 is inactive or
  // asks for the same address, loads wider than a bank (8 and 16 bytes on NVIDIA) use
  // merged_load instead of load.
  bool merge_loads = false;
  phase_groups merged_load[5] = {};
  bool matrix_ops = false;  // ldmatrix / stmatrix exist (one phase per 8x8 matrix)

  // The phases of a load or store of `bytes` per lane; `merged` when the merge rule holds.
  BANKCHECK_HOST_DEVICE constexpr phase_groups phases(op_kind kind, int bytes, bool merged) const noexcept {
    const int i = width_index(bytes);
    return kind == op_kind::store ? store[i] : merged && merge_loads ? merged_load[i] : load[i];
  }
};

namespace detail {
// A built-in description's architecture, its tables filled from phases(kind, bytes, merged): a
// conversion that each description inherits. A member of a class template is compiled only in a
// unit that uses it; as a member of each description, all five were compiled by every unit that
// includes this header (3.0 / 2.9 M instructions to g++ / clang++, a twentieth of analyze.hpp's
// cost; benchmarks/README.md).
template <class Description>
struct converts_to_architecture {
  BANKCHECK_HOST_DEVICE constexpr operator architecture() const noexcept {
    architecture a{};
    a.name = Description::name();
    a.banks = Description::banks;
    a.bank_bytes = Description::bank_bytes;
    a.warp_size = Description::warp_size;
    a.merge_loads = Description::merge_loads;
    a.matrix_ops = Description::matrix_ops;
    for (int i = 0; i < 5; ++i) {
      a.load[i] = Description::phases(op_kind::load, 1 << i, false);
      a.store[i] = Description::phases(op_kind::store, 1 << i, false);
      a.merged_load[i] = Description::phases(op_kind::load, 1 << i, a.merge_loads);
    }
    return a;
  }
};
}  // namespace detail

namespace arch {

// The built-in architectures are empty types: their facts are static, so device code and
// constant expressions use them without materializing the tables. Each converts to `architecture`.

// NVIDIA compute capability 5.0 .. 9.0: 32 banks of 4 bytes; 8-byte accesses in half-warps,
// 16-byte in quarter-warps; merged 8-byte loads in one phase, 16-byte in two; ldmatrix/stmatrix.
struct nvidia_t : detail::converts_to_architecture<nvidia_t> {
  BANKCHECK_HOST_DEVICE static constexpr const char* name() noexcept { return "nvidia"; }
  static constexpr int banks = 32, bank_bytes = 4, warp_size = 32;
  static constexpr bool merge_loads = true, matrix_ops = true;
  BANKCHECK_HOST_DEVICE static constexpr phase_groups phases(op_kind, int bytes, bool merged) noexcept {
    return blocks(32, bytes <= 4 ? 32 : bytes == 8 ? (merged ? 32 : 16) : (merged ? 16 : 8));
  }
};

// The four 8-lane phases of ds_read_b128 on CDNA3 and RDNA3:
// {0-3,20-23} {4-7,16-19} {8-11,28-31} {12-15,24-27}.
BANKCHECK_HOST_DEVICE constexpr phase_groups amd_b128_phases() noexcept {
  phase_groups g{};
  g.lanes[0] = lane_range(0, 3) | lane_range(20, 23);
  g.lanes[1] = lane_range(4, 7) | lane_range(16, 19);
  g.lanes[2] = lane_range(8, 11) | lane_range(28, 31);
  g.lanes[3] = lane_range(12, 15) | lane_range(24, 27);
  return g;
}

// AMD CDNA3 (MI300, gfx942), wave64, 32 banks; ds_write_b128 in 8 phases of 8 lanes.
// Assumed, not measured: 1- and 2-byte accesses use the b32 phases, other stores the read phases.
struct gfx942_t : detail::converts_to_architecture<gfx942_t> {
  BANKCHECK_HOST_DEVICE static constexpr const char* name() noexcept { return "gfx942"; }
  static constexpr int banks = 32, bank_bytes = 4, warp_size = 64;
  static constexpr bool merge_loads = false, matrix_ops = false;
  BANKCHECK_HOST_DEVICE static constexpr phase_groups phases(op_kind kind, int bytes, bool) noexcept {
    return bytes <= 4                 ? blocks(64, 32)
           : bytes == 8               ? blocks(64, 16)
           : kind == op_kind::store   ? blocks(64, 8)
                                      : twice(amd_b128_phases());
  }
};

// AMD CDNA4 (MI350, gfx950), wave64, 64 banks; b128 in four 16-lane phases
// {0-3,12-15,20-23,24-27} {4-7,8-11,16-19,28-31} and the same +32. The b32 phase is uncertain.
struct gfx950_t : detail::converts_to_architecture<gfx950_t> {
  BANKCHECK_HOST_DEVICE static constexpr const char* name() noexcept { return "gfx950"; }
  static constexpr int banks = 64, bank_bytes = 4, warp_size = 64;
  static constexpr bool merge_loads = false, matrix_ops = false;
  BANKCHECK_HOST_DEVICE static constexpr phase_groups phases(op_kind, int bytes, bool) noexcept {
    phase_groups b128{};
    b128.lanes[0] = lane_range(0, 3) | lane_range(12, 15) | lane_range(20, 23) | lane_range(24, 27);
    b128.lanes[1] = lane_range(4, 7) | lane_range(8, 11) | lane_range(16, 19) | lane_range(28, 31);
    return bytes <= 4 ? blocks(64, 64) : bytes == 8 ? blocks(64, 32) : twice(b128);
  }
};

// AMD RDNA3 (gfx1100), wave32, 32 banks.
struct rdna3_t : detail::converts_to_architecture<rdna3_t> {
  BANKCHECK_HOST_DEVICE static constexpr const char* name() noexcept { return "rdna3"; }
  static constexpr int banks = 32, bank_bytes = 4, warp_size = 32;
  static constexpr bool merge_loads = false, matrix_ops = false;
  BANKCHECK_HOST_DEVICE static constexpr phase_groups phases(op_kind, int bytes, bool) noexcept {
    return bytes <= 4 ? blocks(32, 32) : bytes == 8 ? blocks(32, 16) : amd_b128_phases();
  }
};

// AMD RDNA4 (gfx1201), wave32, 32 banks: 16-byte accesses in quarter-waves.
struct rdna4_t : detail::converts_to_architecture<rdna4_t> {
  BANKCHECK_HOST_DEVICE static constexpr const char* name() noexcept { return "rdna4"; }
  static constexpr int banks = 32, bank_bytes = 4, warp_size = 32;
  static constexpr bool merge_loads = false, matrix_ops = false;
  BANKCHECK_HOST_DEVICE static constexpr phase_groups phases(op_kind, int bytes, bool) noexcept {
    return blocks(32, bytes <= 4 ? 32 : bytes == 8 ? 16 : 8);
  }
};

// Tag objects to pass to analyze; usable in device code.
inline constexpr nvidia_t nvidia{};
inline constexpr gfx942_t gfx942{};
inline constexpr gfx950_t gfx950{};
inline constexpr rdna3_t rdna3{};
inline constexpr rdna4_t rdna4{};

}  // namespace arch

namespace detail {
// The built-in tables are right by construction; any other architecture is checked per query.
template <class Arch> inline constexpr bool builtin_arch = false;
template <> inline constexpr bool builtin_arch<arch::nvidia_t> = true;
template <> inline constexpr bool builtin_arch<arch::gfx942_t> = true;
template <> inline constexpr bool builtin_arch<arch::gfx950_t> = true;
template <> inline constexpr bool builtin_arch<arch::rdna3_t> = true;
template <> inline constexpr bool builtin_arch<arch::rdna4_t> = true;
// What the engine takes as an architecture: a built-in tag, or an architecture (or a class derived
// from one). Any other type that converts to architecture (a description of one's own, as a
// type) is converted by the entry point it is given to, before the engine sees it.
BANKCHECK_HOST_DEVICE constexpr bool is_architecture_pointer(const architecture*) noexcept { return true; }
BANKCHECK_HOST_DEVICE constexpr bool is_architecture_pointer(const volatile void*) noexcept { return false; }
template <class Arch>
inline constexpr bool engine_arch = builtin_arch<Arch> || is_architecture_pointer(static_cast<const Arch*>(nullptr));
// int where engine_arch<Arch> is Engine: the entry points' two overloads, chosen at no step of a
// constant evaluation's budget.
template <class Arch, bool Engine, bool = engine_arch<Arch>> struct if_engine_arch {};
template <class Arch, bool Engine> struct if_engine_arch<Arch, Engine, Engine> { using type = int; };
// Instantiated where an entry point is given another type: its message where the type does not
// convert to architecture as the choosers convert it, implicitly, from a const value.
template <class Arch, class = void>
struct arch_required {
  static_assert(engine_arch<Arch>,
                "bankcheck: arch must be an architecture: arch::nvidia, arch::gfx942, arch::gfx950, arch::rdna3, "
                "arch::rdna4, a bankcheck::architecture, or a value of a type that converts to one implicitly "
                "(a const, non-explicit operator architecture()).");
  static constexpr bool value = engine_arch<Arch>;
};
template <class T> const T& arch_declared() noexcept;  // (only named: unevaluated)
void arch_accepted(const architecture&) noexcept;      // likewise
template <class Arch>
struct arch_required<Arch, decltype(arch_accepted(arch_declared<Arch>()))> {
  static constexpr bool value = true;
};

// A table is valid when its groups come first (zeros only after), are disjoint, and together are
// exactly the warp's lanes; and where `blocks` is not 0, its first `blocks` groups, and no more,
// are blocks of s lanes from lane 0, s a power of two.
// Written out for the table's eight groups, not looped: every analyze on an architecture of one's
// own checks its table, and the tile walks, exchanges and choosers check all fifteen (clang
// steps for check(): 870 with a loop over the groups, benchmarks/README.md).
BANKCHECK_HOST_DEVICE constexpr bool valid_table(const phase_groups& g, int warp_size) noexcept {
  static_assert(phase_groups::capacity == 8, "valid_table is written out for eight groups");
  const std::uint64_t* l = g.lanes;
  // The union of the groups before each: a group meeting it overlaps an earlier one.
  const std::uint64_t u1 = l[0], u2 = u1 | l[1], u3 = u2 | l[2], u4 = u3 | l[3], u5 = u4 | l[4], u6 = u5 | l[5],
                      u7 = u6 | l[6], all = u7 | l[7];
  // Counted blocks: the first holds lanes 0..s-1, s a power of two (next = 2^s, 0 for 64 lanes),
  // each other the one before it shifted by s, and the count ends where the groups do.
  const std::uint64_t first = l[0], next = first + 1;
  const int n = g.blocks;
  return ((u1 & l[1]) | (u2 & l[2]) | (u3 & l[3]) | (u4 & l[4]) | (u5 & l[5]) | (u6 & l[6]) | (u7 & l[7])) == 0 &&
         // zeros only after the groups
         !((l[0] == 0 && u1 != all) || (l[1] == 0 && u2 != all) || (l[2] == 0 && u3 != all) ||
           (l[3] == 0 && u4 != all) || (l[4] == 0 && u5 != all) || (l[5] == 0 && u6 != all) ||
           (l[6] == 0 && u7 != all)) &&
         all == lane_bits(0, warp_size - 1) && n >= 0 && n <= phase_groups::capacity &&
         (n == 0 ||
          (l[n - 1] != 0 && (n == phase_groups::capacity || l[n] == 0) &&
           (first == 0x1 || first == 0x3 || first == 0xf || first == 0xff || first == 0xffff || first == 0xffffffff ||
            first == ~std::uint64_t{0}) &&
           (n < 2 || l[1] == l[0] * next) && (n < 3 || l[2] == l[1] * next) && (n < 4 || l[3] == l[2] * next) &&
           (n < 5 || l[4] == l[3] * next) && (n < 6 || l[5] == l[4] * next) && (n < 7 || l[6] == l[5] * next) &&
           (n < 8 || l[7] == l[6] * next)));
}
}  // namespace detail

namespace detail {
// The scalars every query divides by or sizes its lane masks with: banks 1..64, bank_bytes a
// power of two 1..16, a warp of 1..64 lanes.
template <class Arch>
BANKCHECK_HOST_DEVICE constexpr bool valid_scalars(const Arch& a) noexcept {
  return a.banks >= 1 && a.banks <= 64 && a.warp_size >= 1 && a.warp_size <= 64 && a.bank_bytes >= 1 &&
         a.bank_bytes <= 16 && (a.bank_bytes & (a.bank_bytes - 1)) == 0;
}
}  // namespace detail

// errc::none, or architecture_is_invalid: banks 1..64, bank_bytes a power of two 1..16, warp
// 1..64 lanes (at least 32 with matrix ops, whose addresses come from lanes 0..31), and each
// table's groups first in the table (zeros after), disjoint, together exactly the warp, and
// counted by `blocks` truly or not at all (phase_groups). The tables are the five loads and the
// five stores, and with merge_loads the five merged loads too: the engine merges any load wider
// than a bank (4 bytes on 2-byte banks).
BANKCHECK_HOST_DEVICE constexpr errc check(const architecture& a) noexcept {
  if (!detail::valid_scalars(a) || (a.matrix_ops && a.warp_size < 32)) return errc::architecture_is_invalid;
  for (int t = 0; t < (a.merge_loads ? 15 : 10); ++t) {
    const phase_groups& g = t < 5 ? a.load[t] : t < 10 ? a.store[t - 5] : a.merged_load[t - 10];
    if (!detail::valid_table(g, a.warp_size)) return errc::architecture_is_invalid;
  }
  return errc::none;
}

// Why a table of phases breaks valid_table's rules, for a warp of warp_size lanes (1..64): the
// first it breaks, in words, or nullptr where it breaks none (valid_table decides, so the two
// cannot disagree; the reasons are searched only for a table it refuses).
// Example: why_invalid(blocks(32, 8), 32) -> nullptr; why_invalid(blocks(32, 8), 64) ->
//          "a lane of the warp is in no phase"
BANKCHECK_HOST_DEVICE constexpr const char* why_invalid(const phase_groups& g, int warp_size) noexcept {
  if (warp_size < 1 || warp_size > 64) return "the warp must have 1 to 64 lanes";
  if (detail::valid_table(g, warp_size)) return nullptr;
  std::uint64_t seen = 0;
  bool ended = false;
  for (const std::uint64_t l : g.lanes) {
    if (l != 0 && ended) return "a phase comes after an empty one (the phases first, then zeros)";
    if ((l & seen) != 0) return "two phases share a lane";
    ended = ended || l == 0;
    seen |= l;
  }
  const std::uint64_t warp = detail::lane_bits(0, warp_size - 1);
  if ((seen & ~warp) != 0) return "a phase holds a lane past the warp's";
  if (seen != warp) return "a lane of the warp is in no phase";
  return "blocks must be 0, or the number of phases where they are blocks of s consecutive lanes from "
         "lane 0, s a power of two (as blocks() counts them)";
}

// What check(a) refuses, and where: the rule in words (why_invalid's, for a table), the table's
// kind, width and whether it is a merged load's (bytes 0 for a rule of the scalars); rule nullptr
// where check(a) is errc::none.
struct architecture_fault {
  const char* rule = nullptr;
  op_kind kind = op_kind::load;
  int bytes = 0;
  bool merged = false;
};

// Why check(a) refuses a description, the first rule in check's order: the scalars, then the
// loads, the stores and the merged loads by width. A description of one's own whose check fails
// names no rule at compile time but architecture_is_invalid; this says which.
// Example: why_invalid(arch::nvidia).rule -> nullptr; for an architecture whose load[4] (16 bytes)
//          has two phases sharing a lane: {"two phases share a lane", op_kind::load, 16, false}
BANKCHECK_HOST_DEVICE constexpr architecture_fault why_invalid(const architecture& a) noexcept {
  if (a.banks < 1 || a.banks > 64) return {"banks must be 1 to 64"};
  if (a.bank_bytes < 1 || a.bank_bytes > 16 || (a.bank_bytes & (a.bank_bytes - 1)) != 0)
    return {"bank_bytes must be a power of two from 1 to 16"};
  if (a.warp_size < 1 || a.warp_size > 64) return {"warp_size must be 1 to 64"};
  if (a.matrix_ops && a.warp_size < 32)
    return {"matrix ops need a warp of 32 lanes or more (the matrices' rows come from lanes 0 to 31)"};
  for (int t = 0; t < (a.merge_loads ? 15 : 10); ++t) {
    const phase_groups& g = t < 5 ? a.load[t] : t < 10 ? a.store[t - 5] : a.merged_load[t - 10];
    if (const char* rule = why_invalid(g, a.warp_size))
      return {rule, t >= 5 && t < 10 ? op_kind::store : op_kind::load, 1 << (t % 5), t >= 10};
  }
  return {};
}

namespace detail {
// The whole description, checked once where a query asks it for many accesses (a tile walk, an
// exchange, a chooser), so that a table it does not use cannot leave a broken description
// unnoticed; analyze checks the scalars and the table of its access, each time.
template <class Arch>
BANKCHECK_HOST_DEVICE constexpr bool valid_architecture(const Arch& a) noexcept {
  if constexpr (builtin_arch<Arch>) {
    return true;
  } else {
    return !static_cast<bool>(check(a));
  }
}
}  // namespace detail

}  // namespace bankcheck

#endif
