// SPDX-License-Identifier: BSL-1.0
// Tests for bankcheck/exchange.hpp: CUB's BlockExchange layout and exchange_padding's choice, in the
// model's wavefronts, against a brute force that counts banks on its own (exhaustive/exchange_sweep.hpp).
// exchange_padding's compile-time choice over many item sizes and items per thread is checked in
// tests/exhaustive/exchange.cpp (slow to build); here, the run-time table of every size 1..16 and
// items per thread 1..32.
#include <bankcheck/exchange.hpp>
#include <doctest/doctest.h>

#include "exhaustive/exchange_sweep.hpp"

#include <cstring>
#include <string>
#include <type_traits>
#include <utility>

namespace bc = bankcheck;

// CUB's rule (cub/block/block_exchange.cuh: INSERT_PADDING = IPT > 4 && power of two; one item per 32).
static_assert(bc::cub_exchange_layout(8, 4).group == 32 && bc::cub_exchange_layout(8, 4).padding == 4);
static_assert(bc::cub_exchange_layout(8, 8).padding == 8 && bc::cub_exchange_layout(32, 1).padding == 1);
static_assert(bc::cub_exchange_layout(4, 4).padding == 0 && bc::cub_exchange_layout(6, 4).padding == 0);
// rocPRIM's rule (block/block_exchange.hpp: IPT >= 2 a power of two; index n + n / (32 b) * b,
// b = max(1, 4 / sizeof(T)) items).
static_assert(bc::rocprim_exchange_layout(2, 8).group == 32 && bc::rocprim_exchange_layout(2, 8).padding == 8);
static_assert(bc::rocprim_exchange_layout(8, 1).group == 128 && bc::rocprim_exchange_layout(8, 1).padding == 4);
static_assert(bc::rocprim_exchange_layout(4, 2).group == 64 && bc::rocprim_exchange_layout(4, 2).padding == 4);
static_assert(bc::rocprim_exchange_layout(16, 3).group == 32 && bc::rocprim_exchange_layout(16, 3).padding == 3);
static_assert(bc::rocprim_exchange_layout(1, 4).padding == 0 && bc::rocprim_exchange_layout(6, 4).padding == 0);
static_assert(bc::rocprim_exchange_layout(8, 1).offset(129, 1) == 129 + 4, "rocPRIM: index 129 + 129 / 128 * 4");
static_assert(bc::exchange_layout{32, 4}.offset(33, 4) == 136 && bc::exchange_layout{16, 8}.required_bytes(32, 8) == 264, "no padding after the last group");

// float: CUB's padding is right for 8 items per thread; with 4 (no padding) blocked stores are 4-way.
static_assert(bc::analyze_exchange<float, 8, 128>(bc::cub_exchange_layout(8, 4)).conflict_free());
static_assert(bc::analyze_exchange<float, 4, 128>(bc::cub_exchange_layout(4, 4)).degree() == 4);
static_assert(bc::exchange_padding<float, 8, 128>::bytes == 4 && bc::exchange_padding<float, 8, 128>::group == 32);
static_assert(bc::exchange_padding<float, 4, 128>::bytes == 4, "one float per 32 also fixes 4 items per thread");
static_assert(bc::exchange_padding<float, 3, 128>::bytes == 0, "odd strides need none");
// double: one item (8 bytes) per 32 items leaves lanes 2 apart 128 bytes apart in one half-warp
// phase: 2-way. 8 bytes after every 16 items is conflict-free.
static_assert(bc::analyze_exchange<double, 8, 128>(bc::cub_exchange_layout(8, 8)).degree() == 2);
static_assert(bc::exchange_padding<double, 8, 128>::group == 16 && bc::exchange_padding<double, 8, 128>::bytes == 8);
static_assert(bc::exchange_padding<double, 8, 128>::wavefronts == bc::exchange_padding<double, 8, 128>::ideal);
// 16-byte items: 16 bytes after every 8 items, the quarter-warp phase.
static_assert(bc::exchange_padding<exchange_sweep::item<16>, 8, 128>::group == 8 && bc::exchange_padding<exchange_sweep::item<16>, 8, 128>::bytes == 16);
// 4-byte items, 6 per thread: no padding after whole groups helps; the choice says so, and none
// costs fewer wavefronts than no padding at all (CUB's layout here).
using six_floats = bc::exchange_padding_choice<float, 6, 128>;
static_assert(!six_floats::conflict_free && six_floats::bytes == 0 && six_floats::group == 32 && six_floats::degree == 2);
// Warp time slicing is the Threads = 32 case; odd thread counts leave the last warp partial.
static_assert(bc::exchange_padding<float, 8, 32>::bytes == 4);
static_assert(bc::exchange_padding_choice<float, 8, 48>::ideal == 2 * 2 * 8 * 2, "2 warps, 8 items, 2 exchanges, store + load");

// choose_exchange_padding: exchange_padding_choice's search for an item given by its size and
// alignment, in a constant expression too.
constexpr bc::exchange_choice doubles = bc::choose_exchange_padding(8, 8, 8, 128);
static_assert(doubles.layout.group == 16 && doubles.layout.padding == 8 && doubles.conflict_free());
static_assert(doubles.wavefronts == bc::exchange_padding<double, 8, 128>::wavefronts);
constexpr bc::exchange_choice six = bc::choose_exchange_padding(4, 4, 6, 128);
static_assert(!six.conflict_free() && six.layout.padding == 0 && six.wavefronts == six_floats::wavefronts && six.degree == 2);
// The last candidate: 80-byte items, 6 a thread, 7 threads, whose best conflict-free layout pads
// pairs by 112 bytes, the eighth and last padding of 16 bytes below a bank row (the test case
// below checks it against the brute force).
constexpr bc::exchange_choice last_padding = bc::choose_exchange_padding(bc::arch::nvidia, 80, 16, 6, 7);
static_assert(last_padding.conflict_free() && last_padding.layout.group == 2 && last_padding.layout.padding == 112);
static_assert(bc::exchange_padding_choice<exchange_sweep::item<80>, 6, 7>::group == 2 &&
              bc::exchange_padding_choice<exchange_sweep::item<80>, 6, 7>::bytes == 112);

namespace {
// analyze_exchange (which analyzes one warp of each set that costs the same) against the brute
// force (every instruction of every warp), for layouts of every group and every padding below 24
// bytes: one that misaligns some item's piece, in any warp, is an error.
template <class T, int Ipt, int Threads>
void check_layouts() {
  for (int group = 32; group >= 1; group /= 2)
    for (int padding = 0; padding < 24; ++padding) {
      CAPTURE(sizeof(T));
      CAPTURE(Ipt);
      CAPTURE(Threads);
      CAPTURE(group);
      CAPTURE(padding);
      const bc::exchange_report r = bc::analyze_exchange<T, Ipt, Threads>(bc::exchange_layout{group, padding});
      const exchange_sweep::cost c = exchange_sweep::exchange(static_cast<int>(sizeof(T)), static_cast<int>(alignof(T) < 16 ? alignof(T) : 16),
                                                              Ipt, Threads, group, padding);
      if (c.misaligned) {
        CHECK(r.blocked_to_striped.error == bc::errc::address_must_be_a_multiple_of_the_access_width);
        CHECK(r.wavefronts() == 0);
        continue;
      }
      CHECK(r.ok());
      CHECK(r.wavefronts() == c.wavefronts);
      CHECK(r.ideal() == c.ideal);
    }
}
}  // namespace

TEST_CASE("analyze_exchange: a layout that misaligns only a later warp's items is an error, not warp 0's count") {
  // 4 bytes after 32 doubles: warp 0's items lie at 8 x, warp 1's at 8 x + 4, all moved alike.
  const bc::exchange_report r = bc::analyze_exchange<double, 1, 64>(bc::exchange_layout{32, 4});
  CHECK(r.blocked_to_striped.error == bc::errc::address_must_be_a_multiple_of_the_access_width);
  CHECK(r.striped_to_blocked.error == bc::errc::address_must_be_a_multiple_of_the_access_width);
  CHECK(r.wavefronts() == 0);
}

// instruction_at undoes exchange_half's numbering, k = (item * pieces + piece) * warps + warp.
static_assert(bc::detail::instruction_at((2 * 3 + 1) * 4 + 3, 3, 4).item == 2 &&
              bc::detail::instruction_at((2 * 3 + 1) * 4 + 3, 3, 4).piece == 1 &&
              bc::detail::instruction_at((2 * 3 + 1) * 4 + 3, 3, 4).warp == 3);

TEST_CASE("instruction_at names the instruction whose cost exchange_half reports as the worst, the first of the costliest") {
  struct alignas(4) three_floats {
    float v[3];
  };
  struct three_chars {
    char v[3];
  };
  struct twelve_chars {
    char v[12];
  };
  int ties = 0;  // halves whose most conflicts more than one instruction has
  const auto check = [&ties](auto item, int ipt, int threads, const bc::exchange_layout& layout,
                             const bc::architecture& arch) {
    const int bytes = static_cast<int>(sizeof(item)), width = static_cast<int>(alignof(decltype(item)));
    const int pieces = bytes / width, warps = (threads + arch.warp_size - 1) / arch.warp_size;
    for (int h = 0; h < 4; ++h) {
      CAPTURE(bytes);
      CAPTURE(ipt);
      CAPTURE(h);
      const bool blocked = bc::detail::half_is_blocked(h);
      const bc::tile_report t = bc::detail::exchange_half(bc::detail::exchange_shape{bytes, width, ipt, threads}, layout,
                                                          blocked, bc::detail::half_kind(h), arch);
      REQUIRE(t.ok());
      // Instruction k's report, its addresses written out here.
      const auto instruction = [&](int k) {
        const bc::detail::exchange_instruction x = bc::detail::instruction_at(k, pieces, warps);
        long long a[64] = {};
        std::uint64_t lanes = 0;
        for (int l = 0; l < arch.warp_size && x.warp * arch.warp_size + l < threads; ++l) {
          const long long thread = static_cast<long long>(x.warp) * arch.warp_size + l;
          a[l] = layout.offset(blocked ? thread * ipt + x.item : static_cast<long long>(x.item) * threads + thread, bytes) +
                 static_cast<long long>(x.piece) * width;
          lanes |= std::uint64_t{1} << l;
        }
        return bc::analyze([&a](int l) { return a[l]; }, bc::access{bc::detail::half_kind(h), width, 0}, lanes, arch);
      };
      const bc::report r = instruction(t.worst_access);
      CHECK(r.wavefronts == t.worst.wavefronts);
      CHECK(r.conflicts() == t.worst.conflicts());
      // The worst is the first instruction with the most conflicts (every k priced).
      int first = -1, most = -1, tied = 0;
      for (int k = 0; k < ipt * pieces * warps; ++k) {
        const int c = instruction(k).conflicts();
        if (c == most) ++tied;
        if (c > most) {
          most = c;
          first = k;
          tied = 1;
        }
      }
      CHECK(t.worst_access == first);
      ties += tied > 1;
    }
  };
  // Layouts whose worst instruction (the first with the most conflicts) is not warp 0's first
  // piece of item 0 (found by a search over layouts; the comments give it as item, piece, warp).
  check(three_chars{}, 5, 40, bc::exchange_layout{4, 5}, bc::arch::nvidia);         // 1, 2, 0
  check(three_chars{}, 7, 64, bc::exchange_layout{16, 27}, bc::arch::nvidia);       // 0, 1, 1
  check(twelve_chars{}, 5, 64, bc::exchange_layout{16, 23}, bc::arch::nvidia);      // 1, 1, 1
  check(three_floats{}, 3, 64, bc::exchange_layout{2, 28}, bc::arch::gfx942);       // 1, 0, 0
  check(double{}, 8, 128, bc::cub_exchange_layout(8, 8), bc::arch::nvidia);
  // Unpadded layouts, whose worst cost several instructions share: the first of them is named.
  check(double{}, 8, 128, bc::exchange_layout{32, 0}, bc::arch::nvidia);
  check(float{}, 4, 96, bc::exchange_layout{32, 0}, bc::arch::nvidia);
  check(float{}, 4, 64, bc::exchange_layout{32, 0}, bc::arch::gfx950);
  MESSAGE(ties, " halves with a tie for the worst instruction");
  CHECK(ties >= 8);
}

TEST_CASE("analyze_exchange: a layout with no group or a negative padding is an error, not a count") {
  // Before the rule, a group of 0 divided by zero (a crash at run time) and these others were
  // priced as if valid.
  const bc::exchange_layout bad[] = {{0, 4}, {-32, 4}, {32, -4}, {-1, -1}};
  for (const bc::exchange_layout& layout : bad) {
    CAPTURE(layout.group);
    CAPTURE(layout.padding);
    const bc::exchange_report r = bc::analyze_exchange<float, 8, 128>(layout);
    CHECK(r.blocked_to_striped.error == bc::errc::exchange_layout_is_invalid);
    CHECK(r.striped_to_blocked.error == bc::errc::exchange_layout_is_invalid);
    CHECK_FALSE(r.ok());
    CHECK(r.wavefronts() == 0);
    CHECK(r.ideal() == 0);
    // The architecture's rule comes first, as everywhere else.
    bc::architecture no_banks = bc::arch::nvidia;
    no_banks.banks = 0;
    CHECK(bc::analyze_exchange<float, 8, 128>(layout, no_banks).blocked_to_striped.error == bc::errc::architecture_is_invalid);
  }
  // The smallest valid ones still price.
  CHECK(bc::analyze_exchange<float, 8, 128>(bc::exchange_layout{1, 0}).ok());
}

TEST_CASE("analyze_exchange against the brute force for any layout (groups 1..32, paddings 0..23 bytes)") {
  check_layouts<char, 5, 128>();
  check_layouts<char, 7, 96>();
  check_layouts<exchange_sweep::item<3>, 5, 128>();
  check_layouts<short, 5, 128>();
  check_layouts<exchange_sweep::item<6>, 3, 64>();
  check_layouts<float, 6, 128>();
  check_layouts<double, 3, 128>();
  check_layouts<exchange_sweep::item<16>, 2, 64>();
  check_layouts<exchange_sweep::item<12>, 4, 48>();
}

TEST_CASE("exchange table: item sizes 1..16 x items per thread 1..32, 128 threads, brute force checked by the engine") {
  // For every combination: the brute force's conflict-free choice (every candidate, every
  // instruction, banks counted in the test), or CUB's layout where none is conflict-free, and the
  // engine's cost (detail::exchange_cost, what analyze_exchange runs) of that layout, of CUB's and
  // of rocPRIM's, which must agree with the brute force's counts; and choose_exchange_padding's
  // answer (2.4 s of the test at -O2). (Where none is conflict-free, the choice of the fewest
  // wavefronts is checked against the brute force on fewer combinations, in
  // tests/exhaustive/exchange.cpp: the brute force's search of them all here takes 24 s.)
  constexpr int threads = 128;
  std::string table = exchange_sweep::header("1..32");
  int found = 0, cub_free = 0, ours_better = 0;
  for (int size = 1; size <= 16; ++size) {
    char label[32];
    std::snprintf(label, sizeof label, "%2d |", size);
    table += label;
    const int width = exchange_sweep::natural_alignment(size);
    for (int ipt = 1; ipt <= 32; ++ipt) {
      CAPTURE(size);
      CAPTURE(ipt);
      const exchange_sweep::answer best = exchange_sweep::brute_force(size, width, ipt, threads, false);
      const bc::exchange_layout cub = bc::cub_exchange_layout(ipt, size);
      const bc::exchange_layout ours = best.found ? bc::exchange_layout{best.group, best.padding} : cub;
      const bc::detail::exchange_shape shape{size, width, ipt, threads};
      const bc::exchange_report engine_ours = bc::detail::exchange_cost(shape, ours, bc::arch::nvidia_t{});
      const bc::exchange_report engine_cub = bc::detail::exchange_cost(shape, cub, bc::arch::nvidia_t{});
      const exchange_sweep::cost brute_ours = exchange_sweep::exchange(size, width, ipt, threads, ours.group, ours.padding);
      const exchange_sweep::cost brute_cub = exchange_sweep::exchange(size, width, ipt, threads, cub.group, cub.padding);
      CHECK(engine_ours.wavefronts() == brute_ours.wavefronts);
      CHECK(engine_ours.ideal() == brute_ours.ideal);
      CHECK(engine_cub.wavefronts() == brute_cub.wavefronts);
      // rocPRIM's layout (groups of up to 128 items), priced here with NVIDIA's banks.
      const bc::exchange_layout rocprim = bc::rocprim_exchange_layout(ipt, size);
      const exchange_sweep::cost brute_rocprim =
          exchange_sweep::exchange(size, width, ipt, threads, rocprim.group, rocprim.padding);
      const bc::exchange_report engine_rocprim = bc::detail::exchange_cost(shape, rocprim, bc::arch::nvidia_t{});
      CHECK(engine_rocprim.wavefronts() == brute_rocprim.wavefronts);
      CHECK(engine_rocprim.ideal() == brute_rocprim.ideal);
      CHECK(engine_rocprim.ok() == !brute_rocprim.misaligned);
      CHECK(engine_ours.conflict_free() == best.found);
      CHECK_FALSE(brute_ours.misaligned);
      // The run-time chooser: the brute force's conflict-free layout; where there is none, one
      // that costs no more than CUB's, as the brute force counts it.
      const bc::exchange_choice chosen = bc::choose_exchange_padding(size, width, ipt, threads);
      REQUIRE(chosen.ok());
      CHECK(chosen.conflict_free() == best.found);
      const exchange_sweep::cost brute_chosen =
          exchange_sweep::exchange(size, width, ipt, threads, chosen.layout.group, chosen.layout.padding);
      CHECK(chosen.wavefronts == brute_chosen.wavefronts);
      CHECK(chosen.ideal == brute_chosen.ideal);
      if (best.found) {
        CHECK(chosen.layout.group == best.group);
        CHECK(chosen.layout.padding == best.padding);
      } else {
        CHECK(chosen.wavefronts <= brute_cub.wavefronts);
      }
      found += best.found;
      cub_free += engine_cub.conflict_free();
      ours_better += engine_ours.wavefronts() < engine_cub.wavefronts();
      char cell[32];
      if (best.found)
        std::snprintf(cell, sizeof cell, " %3d/%-2d%c", best.padding, best.group, engine_cub.conflict_free() ? ' ' : '*');
      else
        std::snprintf(cell, sizeof cell, "    -   ");
      table += cell;
    }
    table += "\n";
  }
  char summary[200];
  std::snprintf(summary, sizeof summary,
                "of 512: %d have a conflict-free padding, CUB's layout is conflict-free in %d, the conflict-free padding costs fewer "
                "wavefronts than CUB's in %d\n",
                found, cub_free, ours_better);
  table += summary;
  MESSAGE(table);
  CHECK(found >= cub_free);
}

TEST_CASE("choose_exchange_padding: every item alignment, and shapes and architectures that break a rule") {
  struct alignas(32) wide {
    unsigned char b[64];
  };
  // Pieces of min(alignment, 16) bytes, as alignof(T) gives exchange_padding_choice.
  using wide_choice = bc::exchange_padding_choice<wide, 4, 64>;
  const bc::exchange_choice w = bc::choose_exchange_padding(64, 32, 4, 64);
  CHECK(w.layout.group == wide_choice::group);
  CHECK(w.layout.padding == wide_choice::bytes);
  CHECK(w.wavefronts == wide_choice::wavefronts);
  using triple = bc::exchange_padding_choice<exchange_sweep::item<12>, 5, 96>;  // alignment 4
  const bc::exchange_choice t = bc::choose_exchange_padding(12, 4, 5, 96);
  CHECK(t.layout.group == triple::group);
  CHECK(t.layout.padding == triple::bytes);
  CHECK(t.wavefronts == triple::wavefronts);
  CHECK(t.ideal == triple::ideal);
  // The last candidate (last_padding, above), as the brute force finds it.
  const exchange_sweep::answer last = exchange_sweep::brute_force(80, 16, 6, 7, false);
  CHECK(last.found);
  CHECK(last.group == last_padding.layout.group);
  CHECK(last.padding == last_padding.layout.padding);

  // 4 floats a thread on gfx950, where none is conflict-free (exchange_arch.test.cpp): in one
  // constant evaluation this search passes clang's step limit, so it is checked here.
  const bc::exchange_choice gfx950 = bc::choose_exchange_padding(bc::arch::gfx950, 4, 4, 4, 64);
  CHECK(gfx950.layout.group == 4);
  CHECK(gfx950.layout.padding == 4);
  CHECK(gfx950.wavefronts == 24);
  CHECK(gfx950.ideal == 16);

  const struct {
    int bytes, alignment, ipt, threads;
  } bad[] = {{0, 1, 8, 128}, {4, 4, 0, 128}, {4, 4, 8, 0}, {4, 0, 8, 128}, {4, -4, 8, 128},
             {6, 3, 8, 128}, {12, 8, 8, 128}, {-4, 4, 8, 128}, {4, 4, -1, 128}, {4, 4, 8, -32},
             {4, 4, 8, 1025}, {1, 1, 1, 1 << 30},
             // 2^31 lane accesses and more (items per thread x pieces x threads): the counts
             // overflowed int (UBSan: 2 * 1073741824).
             {1 << 30, 1, 4, 32}, {1, 1, 1 << 21, 1024}, {1 << 24, 1, 1 << 7, 1}};
  for (const auto& b : bad) {
    CAPTURE(b.bytes);
    CAPTURE(b.alignment);
    CAPTURE(b.ipt);
    CAPTURE(b.threads);
    const bc::exchange_choice c = bc::choose_exchange_padding(b.bytes, b.alignment, b.ipt, b.threads);
    CHECK(c.error == bc::errc::exchange_shape_is_invalid);
    CHECK_FALSE(c.ok());
    CHECK_FALSE(c.conflict_free());
    CHECK(c.wavefronts == 0);
  }
  // The largest block, 1024 threads, is a shape; its choice costs what analyze_exchange says.
  const bc::exchange_choice largest = bc::choose_exchange_padding(4, 4, 2, 1024);
  REQUIRE(largest.ok());
  const bc::exchange_report largest_report = bc::analyze_exchange<float, 2, 1024>(largest.layout);
  CHECK(largest.wavefronts == largest_report.wavefronts());
  CHECK(largest.ideal == largest_report.ideal());
  bc::architecture no_banks = bc::arch::nvidia;
  no_banks.banks = 0;
  CHECK(bc::choose_exchange_padding(no_banks, 4, 4, 8, 128).error == bc::errc::architecture_is_invalid);
  // Scalars that hold, but a phase table that leaves lanes out: the engine's error, from the first
  // instruction.
  bc::architecture holes = bc::arch::nvidia;
  holes.store[2].lanes[0] = 0xffff;
  CHECK(bc::choose_exchange_padding(holes, 4, 4, 8, 128).error == bc::errc::architecture_is_invalid);
  // A broken table that no instruction of the exchange uses (16-byte loads, for floats): the
  // whole description is checked first (it was counted).
  bc::architecture unused_hole = bc::arch::nvidia;
  unused_hole.load[4] = bc::phase_groups{};
  CHECK(bc::check(unused_hole) == bc::errc::architecture_is_invalid);
  CHECK(bc::choose_exchange_padding(unused_hole, 4, 4, 8, 128).error == bc::errc::architecture_is_invalid);
  const bc::exchange_report unused = bc::analyze_exchange<float, 4, 128>(bc::exchange_layout{32, 4}, unused_hole);
  CHECK(unused.blocked_to_striped.error == bc::errc::architecture_is_invalid);
  CHECK(unused.striped_to_blocked.error == bc::errc::architecture_is_invalid);
}

// exchange_storage: each item where the layout puts it, inside the storage and apart from every
// other, reached blocked and striped; and the exchange through the storage's own addresses, from
// any base aligned as it is, costs what the choice says (the brute force's count, NVIDIA).
template <class T, int IPT, int Threads>
void check_storage(int expected_alignment) {
  using storage = bc::exchange_storage<T, IPT, Threads>;
  static_assert(std::is_trivial_v<storage> && std::is_standard_layout_v<storage>);
  static_assert(sizeof(typename storage::value_type) == sizeof(T));
  CAPTURE(sizeof(T));
  CAPTURE(IPT);
  CHECK(alignof(storage) == static_cast<std::size_t>(expected_alignment));
  CHECK(storage::alignment == expected_alignment);
  CHECK(sizeof(storage::storage) == static_cast<std::size_t>(storage::storage_bytes));
  static storage ex;
  const auto* base = ex.storage;
  constexpr int items = IPT * Threads;
  for (int x = 0; x < items; ++x) {
    const auto* at = reinterpret_cast<const unsigned char*>(&ex.item(x));
    CHECK(at - base == storage::offset(x));
    CHECK(at - base + static_cast<long long>(sizeof(T)) <= storage::storage_bytes);
    std::memset(&ex.item(x), x % 251, sizeof(T));
  }
  for (int x = 0; x < items; ++x) {
    const auto* at = reinterpret_cast<const unsigned char*>(&ex.item(x));
    for (std::size_t b = 0; b < sizeof(T); ++b) CHECK(at[b] == x % 251);  // no other item wrote over it
  }
  for (int t = 0; t < Threads; ++t)
    for (int i = 0; i < IPT; ++i) {
      CHECK(&ex.blocked(t, i) == &ex.item(t * IPT + i));
      CHECK(&ex.striped(t, i) == &ex.item(i * Threads + t));
      CHECK(&std::as_const(ex).striped(t, i) == &ex.item(i * Threads + t));
      CHECK(&std::as_const(ex).blocked(t, i) == &ex.item(t * IPT + i));
    }
  // Every warp instruction of both exchanges, at each item's address in the storage from a base
  // k * alignment bytes into a bank row.
  constexpr int width = storage::access_bytes;
  for (int k = 0; k * expected_alignment < 256; k += 3) {
    exchange_sweep::cost total{};
    for (int half = 0; half < 4; ++half) {
      const bool blocked = half == 0 || half == 3;
      for (int i = 0; i < IPT; ++i)
        for (int j = 0; j < static_cast<int>(sizeof(T)) / width; ++j)
          for (int w = 0; w < (Threads + 31) / 32; ++w) {
            long long a[32] = {};
            bool on[32] = {};
            for (int l = 0; l < 32 && 32 * w + l < Threads; ++l) {
              const auto* item = reinterpret_cast<const unsigned char*>(blocked ? &ex.blocked(32 * w + l, i)
                                                                                : &ex.striped(32 * w + l, i));
              a[l] = k * expected_alignment + (item - base) + j * width;
              on[l] = true;
            }
            const exchange_sweep::cost c = exchange_sweep::instruction(a, on, width);
            total.wavefronts += c.wavefronts;
            total.ideal += c.ideal;
            total.misaligned = total.misaligned || c.misaligned;
          }
    }
    CHECK_FALSE(total.misaligned);
    CHECK(total.wavefronts == storage::wavefronts);
    CHECK(total.ideal == storage::ideal);
  }
}

TEST_CASE("exchange_storage puts each item where its layout says, and costs what its choice says") {
  check_storage<double, 8, 128>(8);       // 8 bytes after every 16 items
  check_storage<char, 8, 128>(4);         // aligned to a bank's bytes at least
  check_storage<exchange_sweep::item<12>, 8, 128>(4);  // a float3: three 4-byte pieces
  check_storage<exchange_sweep::item<16>, 8, 96>(16);  // an int4, three warps
  check_storage<short, 3, 40>(4);         // a warp and a part of one
  check_storage<float, 6, 128>(4);        // no padding is free: the fewest wavefronts
  static_assert(!bc::exchange_storage<float, 6, 128>::conflict_free);
  static_assert(bc::exchange_storage<double, 8, 128>::conflict_free && bc::exchange_storage<double, 8, 128>::bytes == 8);
  // On gfx950 (banks of 4 bytes, 64-lane warps): the choice's layout, aligned alike.
  using gfx950 = bc::exchange_storage<float, 4, 128, bc::arch::gfx950_t>;
  static_assert(gfx950::group == bc::exchange_padding_choice<float, 4, 128, bc::arch::gfx950_t>::group && alignof(gfx950) == 4);
}

