// SPDX-License-Identifier: BSL-1.0
// Tests for bankcheck/padded_tile.hpp (and tile.hpp, pattern.hpp): the chosen padding against a
// brute-force search over paddings, the tile's static facts, and pattern costs over tiles.
#include <bankcheck/layout.hpp>
#include <bankcheck/padded_tile.hpp>
#include <bankcheck/pattern.hpp>
#include <bankcheck/tile.hpp>
#include <doctest/doctest.h>

#include "exhaustive/padded_tile_sweep.hpp"
#include "support/whole_search.hpp"

#include <boost/mp11/list.hpp>

#include <type_traits>
#include <utility>

using namespace bankcheck;
using boost::mp11::mp_list;

// The seed's tile.
using seed_tile = padded_tile<float, 32, 32>;
static_assert(seed_tile::padding == 1 && seed_tile::pitch == 33 && seed_tile::conflict_free && seed_tile::degree == 1);
static_assert(std::is_trivial_v<seed_tile> && std::is_standard_layout_v<seed_tile> && std::is_aggregate_v<seed_tile>);
static_assert(sizeof(seed_tile) == 32 * 33 * sizeof(float) && alignof(seed_tile) == alignof(float));
static_assert(std::is_same_v<seed_tile::layout, row_major<32, 32, 33>>);
// Aligned to a bank's bytes at least: a char tile's counts assume it starts on a word (aligned to
// 1, one placed after another variable could start mid-word and share words its count did not).
static_assert(alignof(padded_tile<char, 32, 32>) == 4 && padded_tile<char, 32, 32>::alignment == 4);
static_assert(alignof(padded_tile<double, 8, 8>) == 8 && padded_tile<double, 8, 8>::alignment == 8);
// So a tile of 1- or 2-byte elements takes whole bank words (the README's example).
static_assert(padded_tile<char, 3, 3>::pitch == 3 && sizeof(padded_tile<char, 3, 3>) == 12);
static_assert(padded_tile<short, 3, 5>::pitch == 5 && sizeof(padded_tile<short, 3, 5>) == 32);
static_assert(seed_tile::wavefronts == 32 + 32 && seed_tile::ideal == 64, "32 row reads + 32 column reads, 1 each");
// float4 row reads need a pitch that is a multiple of 4: the best is 4-way on columns, and it says so.
using vector_tile = padded_tile<float, 32, 128, mp_list<row_segments<op_kind::load, 4>, column_segments<>>>;
static_assert(vector_tile::padding == 4 && !vector_tile::conflict_free && vector_tile::degree == 4);
static_assert(alignof(vector_tile) == 16 && sizeof(vector_tile) == 32 * 132 * 4);
// A GEMM's half tile read by ldmatrix.x4 and written by row segments of eight halves: 8 halves
// of padding, so that a row is 80 bytes and an 8 x 8 sub-tile's rows start in 8 different
// 16-byte groups. Written by 128 threads four to a row instead, a quarter-warp's stores reach
// across two rows, and rows 0 and 1 meet in banks 0-3 at every padding that ldmatrix allows.
using gemm_rows = padded_tile<short, 128, 32, mp_list<row_segments<op_kind::store, 8>, matrix_tiles<4>>>;
static_assert(gemm_rows::padding == 8 && gemm_rows::conflict_free && alignof(gemm_rows) == 16);
using gemm_copy = thread_block<4, 32, op_kind::store, false, 8>;
using gemm_tile = padded_tile<short, 128, 32, mp_list<gemm_copy, matrix_tiles<4>>>;
static_assert(gemm_tile::padding == 8 && !gemm_tile::conflict_free && gemm_tile::degree == 2);
static_assert(analyze_tile<gemm_copy, short>(row_major<128, 32, 40>{}).degree() == 2);
static_assert(analyze_tile<gemm_copy, short>(row_major<128, 32>{}).conflict_free(), "unpadded, the stores are free");
static_assert(analyze_tile<matrix_tiles<4>, short>(row_major<128, 32>{}).degree() == 4, "and ldmatrix 4-way");
// Rows only: no padding needed.
static_assert(padded_tile<double, 16, 64, mp_list<row_segments<>>>::padding == 0);

// The bounded search (choose_bounded: walks stop where a padding can no longer win) chooses the
// padding, and reports the cost, that choose finds walking every padding in full.
namespace {
template <class T, int R, int C, class Accesses = rows_and_columns>
constexpr bool same_padding() {
  return bankcheck_test::same_choice<detail::paddings, padded_tile<T, R, C, Accesses>, Accesses>();
}
}  // namespace
// A conflict-free padding exists: the smallest.
static_assert(same_padding<float, 32, 32>());
static_assert(same_padding<char, 32, 200>());
static_assert(same_padding<short, 32, 48, mp_list<thread_block<16, 16>>>());
// The last of the 32 candidates: 16 x 16 blocks of floats over 16 rows of 17 are conflict-free
// only with a pitch of 48 floats.
static_assert(same_padding<float, 16, 17, mp_list<thread_block<16, 16>>>());
static_assert(padded_tile<float, 16, 17, mp_list<thread_block<16, 16>>>::padding == 31);
// None is conflict-free (float4 rows need a pitch that is a multiple of 4; most paddings are
// unusable): the fewest wavefronts, the smallest on a tie.
static_assert(same_padding<float, 32, 128, mp_list<row_segments<op_kind::load, 4>, column_segments<>>>());
static_assert(same_padding<short, 32, 100, mp_list<row_segments<op_kind::store, 4>, column_segments<>>>());
static_assert(same_padding<double, 32, 20, mp_list<row_segments<op_kind::load, 2>, column_segments<>>>());
// Sixteen-byte vectors of halves and of chars, with ldmatrix and with columns.
static_assert(same_padding<short, 64, 32, mp_list<row_segments<op_kind::store, 8>, matrix_tiles<4>>>());
static_assert(same_padding<short, 64, 32, mp_list<thread_block<4, 32, op_kind::store, false, 8>, matrix_tiles<4>>>());
static_assert(same_padding<char, 32, 64, mp_list<row_segments<op_kind::load, 16>, column_segments<>>>());

// Pattern costs over whole tiles.
static_assert(analyze_tile<column_segments<>, float>(row_major<32, 32>{}).wavefronts == 32 * 32);
static_assert(analyze_tile<column_segments<>, float>(row_major<32, 32>{}).degree() == 32);
static_assert(analyze_tile<column_segments<>, float>(row_major<64, 32, 33>{}).accesses == 64, "2 segments per column");
static_assert(analyze_tile<thread_block<16, 16>, float>(row_major<32, 32>{}).degree() == 2, "two half-warp rows");
static_assert(analyze_tile<thread_block<16, 16>, float>(row_major<32, 32, 48>{}).conflict_free());
static_assert(analyze_tile<thread_block<32, 8, op_kind::load, true>, float>(row_major<32, 32, 33>{}).conflict_free(),
              "transposed reads of a padded tile: columns");
static_assert(analyze_tile<thread_block<8, 32, op_kind::load, true>, float>(row_major<32, 32, 33>{}).degree() == 4,
              "8 rows x 4 columns: bank x + y, up to 4 pairs each");
static_assert(analyze_tile<matrix_tiles<4>, short>(row_major<16, 64>{}).wavefronts == 4 * 32, "pitch 128 B: 8-way");
static_assert(analyze_tile<matrix_tiles<4>, short>(row_major<16, 64, 72>{}).conflict_free(), "pitch 144 B: free");
static_assert(analyze_tile<row_segments<op_kind::store, 2>, float>(row_major<4, 48>{}).accesses == 4, "one segment each");

namespace {
struct b16 {
  unsigned char bytes[16];
};
}  // namespace

// A sample of widths in every build (tests/exhaustive, when built, covers every C in 1..128);
// sweep::check_every_width<T>(sequence of C - 1) compares with its brute-force search.
TEST_CASE("padded_tile picks what a brute-force search over paddings picks") {
  sweep::check_every_width<float>(std::integer_sequence<int, 0, 1, 2, 15, 31, 32, 63>{});
  sweep::check_every_width<char>(std::integer_sequence<int, 0, 2, 30, 31, 32, 63, 127>{});
  sweep::check_every_width<short>(std::integer_sequence<int, 0, 6, 15, 31, 32, 47, 63, 127>{});
  sweep::check_every_width<double>(std::integer_sequence<int, 0, 1, 15, 16, 31, 32, 63, 95, 127>{});
  sweep::check_every_width<b16>(std::integer_sequence<int, 0, 3, 7, 15, 31, 32, 127>{});
}

TEST_CASE("a padded tile indexes like the array it replaces") {
  seed_tile t{};
  for (int r = 0; r < 32; ++r)
    for (int c = 0; c < 32; ++c) t(r, c) = static_cast<float>(r * 32 + c);
  CHECK(t.data()[5 * 33 + 7] == 5 * 32 + 7);
  const seed_tile& ct = t;
  CHECK(ct(31, 31) == 31 * 32 + 31);
}
