// SPDX-License-Identifier: BSL-1.0
// The examples of docs/reference.md for bankcheck/pattern.hpp (ctest builds and runs this file).
#include <cstdint>

#include <bankcheck/arch.hpp>
#include <bankcheck/layout.hpp>
#include <bankcheck/pattern.hpp>
#include <bankcheck/tile.hpp>

using namespace bankcheck;

// [tile_shape]
constexpr tile_shape floats_4x64{4, 4, 64};  // 4 x 64 floats
// The walks set warp_size to the architecture's: a wave64 warp reads a 64-row column at once.
static_assert(column_segments<>::accesses(tile_shape{4, 64, 8, 64}) == 8);
static_assert(column_segments<>::accesses(tile_shape{4, 64, 8}) == 16);  // 32 lanes, as on NVIDIA
static_assert(analyze_tile<column_segments<>, float>(row_major<64, 8>{}, arch::gfx942).accesses == 8);
// [tile_shape]

// [element]
static_assert(column_segments<>::at(tile_shape{4, 32, 32}, 3, 5).row == 5);  // access 3 = column 3
static_assert(column_segments<>::at(tile_shape{4, 32, 32}, 3, 5).col == 3);
// [element]

// [access_grid]
// Row segments over 4 x 64 floats: 4 rows of 2 segments; a step moves 1 row, or 32 columns.
constexpr access_grid g = row_segments<>::grid(floats_4x64);
static_assert(g.outer == 4 && g.inner == 2 && g.warps == 1 && g.outer_rows == 1 && g.inner_cols == 32);
// [access_grid]

// [row_segments]
static_assert(row_segments<>::accesses(floats_4x64) == 8 && row_segments<>::op(floats_4x64).bytes == 4);
static_assert(row_segments<>::at(floats_4x64, 3, 2).row == 1 && row_segments<>::at(floats_4x64, 3, 2).col == 34);
// float4 writes over 32 x 100 floats: 25 active lanes per row.
using float4_writes = row_segments<op_kind::store, 4>;
static_assert(float4_writes::op({4, 32, 100}).bytes == 16 && float4_writes::lanes({4, 32, 100}, 0) == 0x1ffffff);
// Eight halves a lane (a GEMM's 16-byte loads) over 64 x 32 halves: 4 lanes per row.
using half8_reads = row_segments<op_kind::load, 8>;
static_assert(half8_reads::op({2, 64, 32}).bytes == 16 && half8_reads::lanes({2, 64, 32}, 0) == 0xf);
// [row_segments]

// [column_segments]
static_assert(column_segments<>::accesses({4, 64, 32}) == 64);  // 32 columns of 2 segments
static_assert(column_segments<op_kind::store>::op({2, 64, 32}).kind == op_kind::store);
// [column_segments]

// [thread_block]
// 16 x 16 threads over 32 x 32 floats: 4 blocks of 8 warps; warp 1 covers rows 2 and 3 of its block.
using block = thread_block<16, 16>;
static_assert(block::accesses({4, 32, 32}) == 32);
static_assert(block::accesses({4, 32, 32, 64}) == 16);  // 4 wave64 warps a block
static_assert(block::at({4, 32, 32}, 1, 17).row == 3 && block::at({4, 32, 32}, 1, 17).col == 1);
static_assert(thread_block<16, 16, op_kind::load, true>::at({4, 32, 32}, 1, 17).row == 1);  // transposed
// A GEMM's 128 threads storing eight halves each, four threads a row: a warp covers 8 rows of 32.
using gemm_copy = thread_block<4, 32, op_kind::store, false, 8>;
static_assert(gemm_copy::op({2, 128, 32}).bytes == 16 && gemm_copy::accesses({2, 128, 32}) == 16);
static_assert(gemm_copy::at({2, 128, 32}, 1, 5).row == 9 && gemm_copy::at({2, 128, 32}, 1, 5).col == 8);
// [thread_block]

// [dynamic_thread_block]
// Thread blocks of 256 threads, X x (256 / X), chosen in a loop as a tool would choose them at run
// time: those whose warps read float[64][64] without conflicts are those of whole rows.
constexpr int conflict_free_widths() {
  int widths = 0;
  for (int x = 1; x <= 256; x *= 2)
    if (analyze_tile<float>(dynamic_thread_block{x, 256 / x}, row_major<64, 64>{}).conflict_free()) widths |= x;
  return widths;
}
static_assert(conflict_free_widths() == (32 | 64 | 128 | 256));
// thread_block is the same pattern with its parameters fixed at compile time.
static_assert(thread_block<4, 32, op_kind::store, false, 8>::dynamic().vector == 8);
// A bad block (0 x 256 here) is the report's error at run time (main checks it); in a constant
// expression it fails to compile, naming thread_block_is_invalid.
bool zero_wide_block_refused() {
  return analyze_tile<float>(dynamic_thread_block{0, 256}, row_major<64, 64>{}).error == errc::thread_block_is_invalid;
}
// [dynamic_thread_block]

// [matrix_tiles]
// ldmatrix.x4 over 64 x 64 halves: 64 sub-tiles of 8 x 8, four per instruction.
static_assert(matrix_tiles<4>::accesses({2, 64, 64}) == 16 && matrix_tiles<4>::op({2, 64, 64}).matrices == 4);
// Lane 8 + 3 gives row 3 of sub-tile 1, which starts at column 8.
static_assert(matrix_tiles<4>::at({2, 64, 64}, 0, 8 + 3).row == 3);
static_assert(matrix_tiles<4>::at({2, 64, 64}, 0, 8 + 3).col == 8);
// [matrix_tiles]

// [user_pattern]
// A pattern of one's own: warp k reads the k-th diagonal of a square tile, lane l element (l, (l + k) % n).
struct diagonals {
  static constexpr const char* name = "diagonal read";
  static constexpr int accesses(const tile_shape& s) { return s.cols; }
  static constexpr access op(const tile_shape& s) { return access{op_kind::load, s.bytes, 0}; }
  static constexpr std::uint64_t lanes(const tile_shape&, int) { return 0xffffffff; }
  static constexpr element at(const tile_shape& s, int k, int lane) { return element{lane, (lane + k) % s.cols}; }
};
// Diagonals of float[32][32] hit 32 banks; with a pitch of 33, lane l reads word 34 * l + k: stride 2.
static_assert(analyze_tile<diagonals, float>(row_major<32, 32>{}).conflict_free());
static_assert(analyze_tile<diagonals, float>(row_major<32, 32, 33>{}).degree() == 2);
// [user_pattern]

int main() { return zero_wide_block_refused() ? 0 : 1; }
