// SPDX-License-Identifier: BSL-1.0
// The examples of docs/reference.md for bankcheck/swizzled_tile.hpp (ctest builds and runs this file).
#include <type_traits>

#include <boost/mp11/list.hpp>

#include <bankcheck/swizzled_tile.hpp>

using namespace bankcheck;

// [swizzled_tile]
// float[32][32] read by rows and by columns: the word column XOR the row, no padding.
using tile = swizzled_tile<float, 32, 32>;
static_assert(std::is_same_v<tile::swizzle, xor_swizzle<5, 2, 5>> && tile::degree == 1 && tile::conflict_free);
static_assert(tile::period == 4096 && tile::alignment == 1024 && sizeof(tile) == 32 * 32 * sizeof(float));
static_assert(std::is_same_v<tile::layout, swizzled_bytes<row_major<32, 32>, xor_swizzle<5, 2, 5>, 4>>);
// ldmatrix.x4 over a 64 x 64 half tile: the TMA 128-byte swizzle.
using halves = swizzled_tile<short, 64, 64, boost::mp11::mp_list<matrix_tiles<4>>>;
static_assert(std::is_same_v<halves::swizzle, tma::swizzle_128b> && halves::conflict_free);
// A GEMM's 128 x 32 half tile, stored by 128 threads eight halves each and read by ldmatrix.x4:
// the 64-byte swizzle (no padding serves both: padded_tile.cpp).
using gemm_copy = thread_block<4, 32, op_kind::store, false, 8>;
using a_tile = swizzled_tile<short, 128, 32, boost::mp11::mp_list<gemm_copy, matrix_tiles<4>>>;
static_assert(std::is_same_v<a_tile::swizzle, tma::swizzle_64b> && a_tile::conflict_free);
// [swizzled_tile]

// [swizzled_tile_arch]
// On gfx950, whose 64 banks make 256-byte rows: the word column XOR the row over 6 bits.
using gfx950_tile = swizzled_tile<float, 64, 64, rows_and_columns, arch::gfx950_t>;
static_assert(std::is_same_v<gfx950_tile::swizzle, xor_swizzle<6, 2, 6>> && gfx950_tile::conflict_free);
static_assert(std::is_same_v<swizzled_tile<float, 64, 64>::swizzle, xor_swizzle<5, 2, 6>>);  // NVIDIA's
// [swizzled_tile_arch]

// [choose_swizzle]
// The same choice at run time, for thread blocks a tool picks among: 32 x 8 blocks storing a
// 64 x 64 float tile that warps then read by columns.
swizzle_choice block_stores_and_columns(int block_x) {
  return choose_swizzle(4, 64, 64, dynamic_thread_block{block_x, 256 / block_x, op_kind::store}, column_segments<>{});
}
// In a constant expression too, where the search is one evaluation: swizzled_tile's choice.
static_assert(choose_swizzle(4, 32, 32, row_segments<>{}, column_segments<>{}).b == 5 &&
              choose_swizzle(4, 32, 32, row_segments<>{}, column_segments<>{}).period == tile::period);
// Applied to a byte offset: element (1, 1) of float[32][32] moves to (1, 0).
static_assert(choose_swizzle(4, 32, 32, row_segments<>{}, column_segments<>{})(4 * 33) == 4 * 32);
// On gfx950, whose 64 banks make 256-byte rows, the word column XOR the row over 6 bits.
static_assert(choose_swizzle(arch::gfx950, 4, 64, 64, row_segments<>{}, column_segments<>{}).b == 6);
// [choose_swizzle]

int main() {
  const swizzle_choice c = block_stores_and_columns(32);
  return c.conflict_free() && c.b == 5 && c.m == 2 && c.s == 6 ? 0 : 1;
}
