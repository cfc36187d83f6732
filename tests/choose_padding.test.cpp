// SPDX-License-Identifier: BSL-1.0
// Tests for choose_padding, padded_tile's choice made at run time for patterns given as values:
// against padded_tile itself, against a search that walks every candidate whole, and its errors.
#include <bankcheck/arch.hpp>
#include <bankcheck/layout.hpp>
#include <bankcheck/padded_tile.hpp>
#include <bankcheck/pattern.hpp>
#include <bankcheck/tile.hpp>
#include <doctest/doctest.h>

#include "support/random_blocks.hpp"

#include <boost/mp11/algorithm.hpp>
#include <boost/mp11/list.hpp>

#include <cstdint>
#include <cstdio>
#include <numeric>
#include <random>
#include <type_traits>

using namespace bankcheck;
using boost::mp11::mp_list;

namespace {

struct bytes16 {
  alignas(16) unsigned char b[16];
};

// choose_padding over Patterns' objects makes padded_tile's choice, with its counts.
template <class T, int R, int C, class... Patterns>
constexpr bool same_as_padded_tile(mp_list<Patterns...>) {
  using tile = padded_tile<T, R, C, mp_list<Patterns...>>;
  const padding_choice c = choose_padding(static_cast<int>(sizeof(T)), R, C, Patterns{}...);
  return c.ok() && c.padding == tile::padding && c.pitch == tile::pitch && c.wavefronts == tile::wavefronts &&
         c.ideal == tile::ideal && c.degree == tile::degree && c.conflict_free() == tile::conflict_free;
}

using rows_cols = mp_list<row_segments<>, column_segments<>>;
using stores_and_columns = mp_list<thread_block<16, 16, op_kind::store>, column_segments<>>;
using gemm = mp_list<thread_block<4, 32, op_kind::store, false, 8>, matrix_tiles<4>>;

// The smallest padding of those that cost the fewest wavefronts, every candidate walked whole
// by analyze_pattern (no periods, no bound), over twice the library's candidates: the paddings
// below two periods of lcm(bank row, widest access) bytes that keep rows aligned to the widest
// access. (Below one bank row, as the library's search went, missed paddings on 34 banks.)
template <class Arch, class... Patterns>
padding_choice whole_search(const Arch& arch, int bytes, int rows, int cols, const Patterns&... patterns) {
  const int row_bytes = architecture(arch).banks * architecture(arch).bank_bytes;
  int widest = bytes;
  ((widest = patterns.op(tile_shape{bytes, rows, cols}).bytes > widest ? patterns.op(tile_shape{bytes, rows, cols}).bytes
                                                                        : widest),
   ...);
  padding_choice best{};
  bool found = false;
  const int period = row_bytes / std::gcd(row_bytes, widest) * widest;
  for (int padding = 0; padding * bytes < 2 * period; ++padding) {
    const int pitch = cols + padding;
    if (pitch * bytes % widest != 0) continue;
    padding_choice here{errc::none, padding, pitch, 0, 0, 0};
    for (const tile_report& t :
         {analyze_pattern(
             patterns, {bytes, rows, cols},
             [bytes, pitch](int r, int c) { return (static_cast<long long>(r) * pitch + c) * bytes; }, arch)...}) {
      if (!t.ok()) return padding_choice{t.error};
      here.wavefronts += t.wavefronts;
      here.ideal += t.ideal;
      here.degree = t.degree() > here.degree ? t.degree() : here.degree;
    }
    if (!found || here.wavefronts - here.ideal < best.wavefronts - best.ideal) best = here;
    found = true;
  }
  return best;
}

}  // namespace

// padded_tile's choices, made again by choose_padding in one constant evaluation.
static_assert(same_as_padded_tile<float, 32, 32>(rows_cols{}), "padding 1");
static_assert(same_as_padded_tile<double, 32, 32>(rows_cols{}));
static_assert(same_as_padded_tile<short, 64, 64>(rows_cols{}));
static_assert(same_as_padded_tile<char, 64, 100>(rows_cols{}));
static_assert(same_as_padded_tile<bytes16, 16, 24>(rows_cols{}));
static_assert(same_as_padded_tile<short, 128, 32>(gemm{}), "no conflict-free padding: the fewest wavefronts");
static_assert(same_as_padded_tile<float, 32, 128>(mp_list<row_segments<op_kind::load, 4>, column_segments<>>{}));
static_assert(choose_padding(2, 128, 32, thread_block<4, 32, op_kind::store, false, 8>{}, matrix_tiles<4>{}).degree == 2);
// The last candidate (pitch 48 floats: a warp's two rows of 16 in the two halves of the banks).
static_assert(same_as_padded_tile<float, 16, 17>(mp_list<thread_block<16, 16>>{}));
static_assert(choose_padding(4, 16, 17, dynamic_thread_block{16, 16}).padding == 31);

TEST_CASE("choose_padding makes padded_tile's choice for 1- to 16-byte elements") {
  boost::mp11::mp_for_each<mp_list<char, short, float, double, bytes16>>([](auto t) {
    using T = decltype(t);
    INFO(sizeof(T) << "-byte elements");
    CHECK(same_as_padded_tile<T, 32, 48>(rows_cols{}));
    CHECK(same_as_padded_tile<T, 40, 33>(mp_list<column_segments<op_kind::store>>{}));
    CHECK(same_as_padded_tile<T, 64, 64>(mp_list<thread_block<32, 8, op_kind::load, true>, row_segments<>>{}));
  });
  // Too many steps for one constant evaluation under clang++ (64 x 64: 1,075,473 of its 1,048,576;
  // no padding is free of conflicts, so every candidate is walked), which padded_tile spreads over
  // many; at run time, no limit.
  CHECK(same_as_padded_tile<float, 32, 32>(stores_and_columns{}));
  CHECK(same_as_padded_tile<float, 64, 64>(stores_and_columns{}));
}

namespace {
// choose_padding on one random case against whole_search; counts the two kinds of answer.
template <class Arch>
void check_case(const Arch& a, const bankcheck_test::random_case& c, int& conflict_free, int& conflicted) {
  INFO(architecture(a).name << ": " << c);
  const padding_choice fast = std::is_same_v<Arch, arch::nvidia_t>
                                  ? choose_padding(c.bytes, c.rows, c.cols, c.block, column_segments<>{})
                                  : choose_padding(a, c.bytes, c.rows, c.cols, c.block, column_segments<>{});
  const padding_choice full = whole_search(a, c.bytes, c.rows, c.cols, c.block, column_segments<>{});
  CHECK(fast.error == full.error);
  CHECK(fast.padding == full.padding);
  CHECK(fast.pitch == full.pitch);
  CHECK(fast.wavefronts == full.wavefronts);
  CHECK(fast.ideal == full.ideal);
  CHECK(fast.degree == full.degree);
  conflict_free += fast.ok() && fast.conflict_free();
  conflicted += fast.ok() && !fast.conflict_free();
}
}  // namespace

TEST_CASE("choose_padding agrees with a search that walks every candidate whole, on 600 random tiles") {
  std::mt19937 rng(0x9add);
  int conflict_free = 0, conflicted = 0;
  for (int n = 0; n < 600; ++n)
    check_case(arch::nvidia, bankcheck_test::random_tile_and_block(rng, 96), conflict_free, conflicted);
  std::printf("choose_padding, random tiles on NVIDIA: 600, %d chosen (%d conflict-free), the others a rule both ways\n",
              conflict_free + conflicted, conflict_free);
  // Both kinds of answer occur: a conflict-free padding, and the fewest wavefronts without one;
  // most cases are a choice, not a rule broken (the block's vector past the columns, say).
  CHECK(conflict_free > 100);
  CHECK(conflicted > 50);
  CHECK(conflict_free + conflicted >= 380);
}

TEST_CASE("choose_padding on other architectures agrees with a search that walks every candidate whole") {
  std::mt19937 rng(0x9ad1);
  int conflict_free = 0, conflicted = 0;
  for (int n = 0; n < 240; ++n) {
    const bankcheck_test::random_case c = bankcheck_test::random_tile_and_block(rng, 96);
    if (n % 4 == 0) check_case(arch::gfx942, c, conflict_free, conflicted);
    if (n % 4 == 1) check_case(arch::gfx950, c, conflict_free, conflicted);
    if (n % 4 == 2) check_case(arch::rdna3, c, conflict_free, conflicted);
    if (n % 4 == 3) check_case(bankcheck_test::banks_48(), c, conflict_free, conflicted);
  }
  // And 34 banks, whose rows 8- and 16-byte accesses do not divide: the aligned pitches repeat
  // every 272 bytes, and the choice lies below that, not below one row.
  for (int n = 0; n < 120; ++n) check_case(bankcheck_test::banks_34(), bankcheck_test::random_tile_and_block(rng, 96),
                                           conflict_free, conflicted);
  std::printf("choose_padding, random tiles on five others: 360, %d chosen (%d conflict-free)\n", conflict_free + conflicted,
              conflict_free);
  CHECK(conflict_free > 60);
  CHECK(conflicted > 30);
  CHECK(conflict_free + conflicted >= 225);
  // NVIDIA's, given or not, is the same choice.
  const dynamic_thread_block block{16, 16, op_kind::store};
  const padding_choice given = choose_padding(arch::nvidia, 4, 64, 64, block, column_segments<>{}),
                       plain = choose_padding(4, 64, 64, block, column_segments<>{});
  CHECK((given.padding == plain.padding && given.wavefronts == plain.wavefronts && given.degree == plain.degree));
  // gfx950's 64 banks make 256-byte rows: a column of 64 floats is free at padding 1, as on NVIDIA,
  // but one 64-lane warp reads it, and its paddings run to 63.
  static_assert(choose_padding(arch::gfx950, 4, 64, 64, column_segments<>{}).padding == 1);
  static_assert(choose_padding(arch::gfx950, 4, 64, 64, column_segments<>{}).ideal == 64);
}

namespace {
using bankcheck_test::banks_34_type;
using float4_block = thread_block<2, 16, op_kind::load, false, 4>;
using float4_tile = padded_tile<float, 8, 12, mp_list<float4_block>, banks_34_type>;
}  // namespace

// float4 loads over float[8][12] on 34 banks: paddings below one bank row (34 floats) reach only
// 9 of the 17 aligned bank offsets, and the best of those costs 6 wavefronts (ideal 3); padding 48,
// past one row, costs 4.
static_assert(float4_tile::padding == 48 && float4_tile::wavefronts == 4 && float4_tile::ideal == 3);
static_assert(choose_padding(banks_34_type{}, 4, 8, 12, float4_block{}).padding == 48);

TEST_CASE("padded_tile and choose_padding try every aligned bank offset when the rows' bytes are no multiple of the widest access") {
  const padding_choice full = whole_search(bankcheck_test::banks_34(), 4, 8, 12, float4_block{});
  INFO("the whole search: padding " << full.padding << ", " << full.wavefronts << " / " << full.ideal);
  CHECK(float4_tile::padding == full.padding);
  CHECK(float4_tile::wavefronts == full.wavefronts);
}

namespace {
// Rows whose op says 1024 bytes a lane: no pitch keeps such accesses aligned, so the search walks
// nothing, and the op's rule must still be the error (it was address_must_be_a_multiple_of_the_access_width).
struct kilobyte_rows : row_segments<> {
  static constexpr access op(const tile_shape&) noexcept { return access{op_kind::load, 1024, 0}; }
};
}  // namespace

namespace {
// One lane's float4 at (0, 0): over one row of 2^31 - 3 floats every aligned pitch is past INT_MAX.
struct one_float4 {
  static constexpr int accesses(const tile_shape&) noexcept { return 1; }
  static constexpr access op(const tile_shape&) noexcept { return load(16); }
  static constexpr std::uint64_t lanes(const tile_shape&, int) noexcept { return 1; }
  static constexpr element at(const tile_shape&, int, int) noexcept { return element{0, 0}; }
};
// Rows of a million bytes a lane, which had made the search a million candidates.
struct million_byte_rows : row_segments<> {
  static constexpr access op(const tile_shape&) noexcept { return access{op_kind::load, 1000001, 0}; }
};
}  // namespace

TEST_CASE("choose_padding never picks a pitch past INT_MAX, nor searches an op's bytes") {
  // One row: the offsets fit whatever the pitch, which must fit too (cols + padding overflowed).
  const padding_choice one_row = choose_padding(4, 1, 2147483645, one_float4{});
  CHECK(one_row.error == errc::address_must_be_a_multiple_of_the_access_width);
  CHECK(choose_padding(4, 1, 2147483644, one_float4{}).padding == 0);
  CHECK(choose_padding(4, 32, 32, million_byte_rows{}).error == errc::access_width_must_be_1_2_4_8_or_16);
}

TEST_CASE("choose_padding gives the rule a shape or a pattern breaks") {
  CHECK(choose_padding(4, 32, 32, kilobyte_rows{}).error == errc::access_width_must_be_1_2_4_8_or_16);
  CHECK(choose_padding(4, 32, 32, column_segments<>{}, kilobyte_rows{}).error == errc::access_width_must_be_1_2_4_8_or_16);
  CHECK(choose_padding(3, 32, 32, row_segments<>{}).error == errc::tile_shape_is_invalid);
  CHECK(choose_padding(4, 0, 32, row_segments<>{}).error == errc::tile_shape_is_invalid);
  CHECK(choose_padding(4, 32, 32, dynamic_thread_block{64, 32}).error == errc::thread_block_is_invalid);
  architecture no_banks = arch::nvidia;
  no_banks.banks = 0;
  CHECK(choose_padding(no_banks, 4, 32, 32, row_segments<>{}).error == errc::architecture_is_invalid);
  architecture unused_hole = arch::nvidia;  // a store table the loads never use
  unused_hole.store[2].lanes[0] = 0xffff;
  CHECK(choose_padding(unused_hole, 4, 32, 32, row_segments<>{}).error == errc::architecture_is_invalid);
  // float4 rows over 30 columns: lane 7 would touch columns 28..31.
  const padding_choice outside = choose_padding(4, 4, 30, row_segments<op_kind::load, 4>{});
  CHECK(outside.error == errc::pattern_indexes_outside_the_tile);
  CHECK(outside.wavefronts == 0);
  CHECK(!outside.conflict_free());
}

TEST_CASE("choose_padding never gives a pitch whose offsets leave int") {
  // 1048575 x 2048 floats: 16 x 16 blocks are conflict-free at padding 16, but then the last
  // offset, 1048574 * 2064 + 2048, is past 2^31 - 1, which row_major refuses; padding 0 is the
  // one usable candidate.
  const padding_choice tall = choose_padding(4, 1048575, 2048, dynamic_thread_block{16, 16});
  REQUIRE(tall.ok());
  CHECK(tall.padding == 0);
  CHECK(static_cast<long long>(1048575 - 1) * tall.pitch + 2048 <= 2147483647LL);
  CHECK(tall.wavefronts == 134217600);
  CHECK(tall.ideal == 67108864);
  CHECK(choose_padding(4, 1024, 2048, dynamic_thread_block{16, 16}).padding == 16);  // where the offsets fit
  static_assert(!detail::paddings<4, 1048575, 2048, arch::nvidia_t, thread_block<16, 16>>::usable<16>);
  static_assert(detail::paddings<4, 1024, 2048, arch::nvidia_t, thread_block<16, 16>>::usable<16>);
  // One row of 2^31 - 48 bytes: a valid tile, whose pitch alone must not leave int either.
  const padding_choice wide = choose_padding(1, 1, 2147483600, row_segments<>{});
  REQUIRE(wide.ok());
  CHECK(wide.pitch == 2147483600);
  CHECK(wide.wavefronts == 67108863);
  CHECK(choose_padding(1, 2, 2147483600, row_segments<>{}).error == errc::tile_shape_is_invalid);
}
