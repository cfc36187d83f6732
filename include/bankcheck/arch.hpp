// SPDX-License-Identifier: BSL-1.0
// bankcheck: an architecture's shared memory as data: banks, warp, and which lanes the
// hardware serves together ("phases") for each instruction.
#ifndef BANKCHECK_ARCH_HPP
#define BANKCHECK_ARCH_HPP

#include <cstdint>

#include <bankcheck/config.hpp>
#include <bankcheck/op.hpp>

namespace bankcheck {

// Lane masks of the phases of one instruction; the unused tail is 0. Lane l is bit l.
struct phase_groups {
  static constexpr int capacity = 8;
  std::uint64_t lanes[capacity] = {};
};

// Byte address a lives in word a / bank_bytes, in bank (a / bank_bytes) % banks.
// Tables are indexed by access width: [0] 1 byte, [1] 2, [2] 4, [3] 8, [4] 16.
struct architecture {
  const char* name = "custom";
  int banks = 32;
  int bank_bytes = 4;
  int warp_size = 32;
  phase_groups load[5] = {};
  phase_groups store[5] = {};
  // The load merge rule (MODEL.md): when every active lane's partner i^1 or i^2 is inactive or
  // asks for the same address, loads use merged_load instead of load.
  bool merge_loads = false;
  phase_groups merged_load[5] = {};
  bool matrix_ops = false;  // ldmatrix / stmatrix exist (one phase per 8x8 matrix)
};

// Width 1, 2, 4, 8, 16 -> table index 0..4.
BANKCHECK_HOST_DEVICE constexpr int width_index(int bytes) noexcept {
  return bytes <= 1 ? 0 : bytes == 2 ? 1 : bytes == 4 ? 2 : bytes == 8 ? 3 : 4;
}

// Mask of lanes first..last. Example: lane_range(4, 7) -> 0xf0
BANKCHECK_HOST_DEVICE constexpr std::uint64_t lane_range(int first, int last) noexcept {
  return (last >= 63 ? ~std::uint64_t{0} : (std::uint64_t{1} << (last + 1)) - 1) & ~((std::uint64_t{1} << first) - 1);
}

// `lanes` lanes cut into phases of `size` consecutive lanes. Example: blocks(32, 8) -> 0-7, 8-15, 16-23, 24-31
BANKCHECK_HOST_DEVICE constexpr phase_groups blocks(int lanes, int size) noexcept {
  phase_groups g{};
  for (int p = 0; p * size < lanes && p < phase_groups::capacity; ++p) g.lanes[p] = lane_range(p * size, p * size + size - 1);
  return g;
}

// The same groups, once for lanes 0-31 and once shifted to 32-63 (wave64 tables).
BANKCHECK_HOST_DEVICE constexpr phase_groups twice(phase_groups g) noexcept {
  int n = 0;
  while (n < phase_groups::capacity && g.lanes[n] != 0) ++n;
  for (int p = 0; p < n && n + p < phase_groups::capacity; ++p) g.lanes[n + p] = g.lanes[p] << 32;
  return g;
}

namespace arch {

// NVIDIA compute capability 5.0 .. 9.0: 32 banks of 4 bytes; 8-byte accesses in half-warps,
// 16-byte in quarter-warps; the load merge rule; ldmatrix/stmatrix.
struct nvidia_t {
  BANKCHECK_HOST_DEVICE constexpr operator architecture() const noexcept {
    architecture a{};
    a.name = "nvidia";
    const phase_groups warp = blocks(32, 32), half = blocks(32, 16), quarter = blocks(32, 8);
    const phase_groups by_width[5] = {warp, warp, warp, half, quarter};
    for (int i = 0; i < 5; ++i) a.load[i] = a.store[i] = a.merged_load[i] = by_width[i];
    a.merge_loads = true;
    a.merged_load[3] = warp;  // LDS.64 merged: one 32-lane phase
    a.merged_load[4] = half;  // LDS.128 merged: two 16-lane phases, never one
    a.matrix_ops = true;
    return a;
  }
};

// The four 8-lane phases of ds_read_b128 on CDNA3 and RDNA3.
BANKCHECK_HOST_DEVICE constexpr phase_groups amd_b128_phases() noexcept {
  phase_groups g{};
  g.lanes[0] = lane_range(0, 3) | lane_range(20, 23);
  g.lanes[1] = lane_range(4, 7) | lane_range(16, 19);
  g.lanes[2] = lane_range(8, 11) | lane_range(28, 31);
  g.lanes[3] = lane_range(12, 15) | lane_range(24, 27);
  return g;
}

// AMD CDNA3 (MI300, gfx942), wave64, 32 banks. ds_write_b128: 8 phases of 8 lanes.
// Assumed, not measured: 1- and 2-byte accesses use the b32 phases, other stores the read phases.
struct gfx942_t {
  BANKCHECK_HOST_DEVICE constexpr operator architecture() const noexcept {
    architecture a{};
    a.name = "gfx942";
    a.warp_size = 64;
    const phase_groups b32 = blocks(64, 32), b64 = blocks(64, 16), b128 = twice(amd_b128_phases());
    const phase_groups by_width[5] = {b32, b32, b32, b64, b128};
    for (int i = 0; i < 5; ++i) a.load[i] = a.store[i] = by_width[i];
    a.store[4] = blocks(64, 8);
    return a;
  }
};

// AMD CDNA4 (MI350, gfx950), wave64, 64 banks. The b32 phase (all 64 lanes) is uncertain.
struct gfx950_t {
  BANKCHECK_HOST_DEVICE constexpr operator architecture() const noexcept {
    architecture a{};
    a.name = "gfx950";
    a.banks = 64;
    a.warp_size = 64;
    phase_groups b128{};
    b128.lanes[0] = lane_range(0, 3) | lane_range(12, 15) | lane_range(20, 23) | lane_range(24, 27);
    b128.lanes[1] = lane_range(4, 7) | lane_range(8, 11) | lane_range(16, 19) | lane_range(28, 31);
    const phase_groups b32 = blocks(64, 64), b64 = blocks(64, 32);
    const phase_groups by_width[5] = {b32, b32, b32, b64, twice(b128)};
    for (int i = 0; i < 5; ++i) a.load[i] = a.store[i] = by_width[i];
    return a;
  }
};

// AMD RDNA3 (gfx1100), wave32, 32 banks.
struct rdna3_t {
  BANKCHECK_HOST_DEVICE constexpr operator architecture() const noexcept {
    architecture a{};
    a.name = "rdna3";
    const phase_groups b32 = blocks(32, 32), b64 = blocks(32, 16), b128 = amd_b128_phases();
    const phase_groups by_width[5] = {b32, b32, b32, b64, b128};
    for (int i = 0; i < 5; ++i) a.load[i] = a.store[i] = by_width[i];
    return a;
  }
};

// AMD RDNA4 (gfx1201), wave32, 32 banks: 16-byte accesses in quarter-waves.
struct rdna4_t {
  BANKCHECK_HOST_DEVICE constexpr operator architecture() const noexcept {
    architecture a{};
    a.name = "rdna4";
    const phase_groups b32 = blocks(32, 32), b64 = blocks(32, 16), b128 = blocks(32, 8);
    const phase_groups by_width[5] = {b32, b32, b32, b64, b128};
    for (int i = 0; i < 5; ++i) a.load[i] = a.store[i] = by_width[i];
    return a;
  }
};

// Empty tag objects, usable in device code; each converts to its `architecture`.
inline constexpr nvidia_t nvidia{};
inline constexpr gfx942_t gfx942{};
inline constexpr gfx950_t gfx950{};
inline constexpr rdna3_t rdna3{};
inline constexpr rdna4_t rdna4{};

}  // namespace arch

// errc::none, or architecture_is_invalid: banks 1..64, bank_bytes a power of two 1..16,
// warp 1..64 lanes, and each table's groups disjoint and together exactly the warp.
BANKCHECK_HOST_DEVICE constexpr errc check(const architecture& a) noexcept {
  if (a.banks < 1 || a.banks > 64 || a.warp_size < 1 || a.warp_size > 64 || a.bank_bytes < 1 || a.bank_bytes > 16 ||
      (a.bank_bytes & (a.bank_bytes - 1)) != 0)
    return errc::architecture_is_invalid;
  const std::uint64_t warp = lane_range(0, a.warp_size - 1);
  for (int t = 0; t < 15; ++t) {
    const phase_groups& g = t < 5 ? a.load[t] : t < 10 ? a.store[t - 5] : a.merged_load[t - 10];
    if (t >= 10 && !a.merge_loads) break;
    std::uint64_t seen = 0;
    for (std::uint64_t m : g.lanes) {
      if (seen & m) return errc::architecture_is_invalid;
      seen |= m;
    }
    if (seen != warp) return errc::architecture_is_invalid;
  }
  return errc::none;
}

}  // namespace bankcheck

#endif
