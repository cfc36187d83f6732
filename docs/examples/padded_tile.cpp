// SPDX-License-Identifier: BSL-1.0
// The examples of docs/reference.md for bankcheck/padded_tile.hpp (ctest builds and runs this file).
#include <type_traits>

#include <boost/mp11/list.hpp>

#include <bankcheck/padded_tile.hpp>

using namespace bankcheck;

// [rows_and_columns]
static_assert(std::is_same_v<rows_and_columns, boost::mp11::mp_list<row_segments<>, column_segments<>>>);
// [rows_and_columns]

// [padded_tile]
using tile = padded_tile<float, 32, 32>;  // float[32][33]
static_assert(tile::padding == 1 && tile::pitch == 33 && tile::degree == 1 && tile::conflict_free);
static_assert(tile::wavefronts == 64 && tile::ideal == 64);  // 32 row reads and 32 column reads
static_assert(std::is_same_v<tile::layout, row_major<32, 32, 33>>);
static_assert(sizeof(tile) == 32 * 33 * sizeof(float) && std::is_trivial_v<tile>);
// Doubles are read in half-warps: with a pitch of 33, lane l < 16 of a column reads banks 2l and 2l + 1.
static_assert(padded_tile<double, 32, 32>::padding == 1 && padded_tile<double, 32, 32>::conflict_free);
// float4 row writes need a pitch that is a multiple of 4 floats; with 36, a column read has a
// stride of 36 words, gcd(36, 32) = 4 ways in a bank. No pitch does better: the least wavefronts.
using vec = padded_tile<float, 32, 32, boost::mp11::mp_list<row_segments<op_kind::store, 4>, column_segments<>>>;
static_assert(vec::padding == 4 && !vec::conflict_free && vec::degree == 4 && alignof(vec) == 16);
// A GEMM's 128 x 32 half tile, stored by 128 threads eight halves each, read by ldmatrix.x4. With
// 8 halves of padding (80-byte rows) ldmatrix is free, but a quarter-warp's stores to rows 0 and 1
// meet in banks 0-3: 2-way. No padding serves both (swizzled_tile.cpp: tma::swizzle_64b does).
using gemm_copy = thread_block<4, 32, op_kind::store, false, 8>;
using gemm = padded_tile<short, 128, 32, boost::mp11::mp_list<gemm_copy, matrix_tiles<4>>>;
static_assert(gemm::padding == 8 && !gemm::conflict_free && gemm::degree == 2);
static_assert(gemm::wavefronts == 192 && gemm::ideal == 128);  // 128 for the stores, 64 for ldmatrix
// [padded_tile]

// [padded_tile_arch]
// The same choice for another architecture. A 32 x 8 block reading a float tile transposed: an
// NVIDIA warp reads 32 rows of one column, free at padding 1; a gfx950 warp reads 32 rows of two
// columns at once over 64 banks, 2-way at padding 1 and free at 2.
using by_blocks = thread_block<32, 8, op_kind::load, true>;
using gfx950_tile = padded_tile<float, 64, 64, boost::mp11::mp_list<by_blocks>, arch::gfx950_t>;
static_assert(gfx950_tile::pitch == 66 && gfx950_tile::conflict_free);
static_assert(padded_tile<float, 64, 64, boost::mp11::mp_list<by_blocks>>::pitch == 65);
static_assert(std::is_same_v<gfx950_tile::arch_type, arch::gfx950_t>);  // the checks walk gfx950 too
// An architecture of your own, as a type whose value converts to architecture: NVIDIA's phases
// over 48 banks. A column's 32 words, P apart, fall in 32 banks when P is coprime to 48: 35.
struct banks_48 {
  constexpr operator architecture() const noexcept {
    architecture a = arch::nvidia;
    a.banks = 48;
    return a;
  }
};
static_assert(padded_tile<float, 32, 32, rows_and_columns, banks_48>::pitch == 35);
// [padded_tile_arch]

// [choose_padding]
// The same choice made at run time, for thread blocks a tool picks among: 16 x 16 and 32 x 8
// blocks storing a 64 x 64 float tile that warps then read by columns. No padding frees both:
// a 16-wide block's warp stores two half rows, which a pitch of 16 (mod 32) floats keeps apart,
// and columns need an odd pitch; the 32-wide block's rows and the columns are free at 65.
int best_block_width() {
  int best = 0;
  long long fewest = -1;
  for (int x = 16; x <= 32; x *= 2) {
    const padding_choice c = choose_padding(4, 64, 64, dynamic_thread_block{x, 256 / x, op_kind::store},
                                            column_segments<>{});
    if (c.ok() && (fewest < 0 || c.wavefronts < fewest)) {
      best = x;
      fewest = c.wavefronts;
    }
  }
  return best;
}
// In a constant expression too, where the search is one evaluation.
static_assert(choose_padding(4, 32, 32, row_segments<>{}, column_segments<>{}).padding == 1);
// On another architecture, given first. NVIDIA's warps of a 32 x 8 block store one row each,
// free at padding 1 with the columns; gfx950's 64-lane warps store two rows in one phase over 64
// banks, and no padding keeps both them and the columns free: 2-way at best.
bool gfx950_blocks_conflict() {
  const dynamic_thread_block block{32, 8, op_kind::store};
  const padding_choice nvidia = choose_padding(4, 64, 64, block, column_segments<>{}),
                       gfx950 = choose_padding(arch::gfx950, 4, 64, 64, block, column_segments<>{});
  return nvidia.conflict_free() && nvidia.padding == 1 && !gfx950.conflict_free() && gfx950.degree == 2;
}
// [choose_padding]

int main() {
  // [padded_tile_use]
  tile t{};
  t(2, 5) = 1.0f;  // element (2, 5) of float[32][33]
  // [padded_tile_use]
  return t.data()[2 * 33 + 5] == 1.0f && best_block_width() == 32 && gfx950_blocks_conflict() ? 0 : 1;
}
