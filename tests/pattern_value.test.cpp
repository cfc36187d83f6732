// SPDX-License-Identifier: BSL-1.0
// Tests for patterns given as values: dynamic_thread_block, whose parameters are chosen at run
// time, against thread_block, whose parameters are template arguments, through every walk that
// takes a pattern as an argument; and the rule that a thread block's parameters must keep.
#include <bankcheck/arch.hpp>
#include <bankcheck/layout.hpp>
#include <bankcheck/pattern.hpp>
#include <bankcheck/swizzle.hpp>
#include <bankcheck/tile.hpp>
#include <doctest/doctest.h>

#include "support/same_tile_report.hpp"

#include <boost/mp11/algorithm.hpp>
#include <boost/mp11/list.hpp>

#include <cstdint>
#include <random>

using namespace bankcheck;
using boost::mp11::mp_list;

namespace {

using bankcheck_test::check_same;

template <int BX, int BY, op_kind Kind, bool Transposed, int Vector>
void against_type(thread_block<BX, BY, Kind, Transposed, Vector>, std::mt19937& rng) {
  using block = thread_block<BX, BY, Kind, Transposed, Vector>;
  constexpr dynamic_thread_block value{BX, BY, Kind, Transposed, Vector};
  static_assert(block::dynamic().block_x == BX && block::dynamic().vector == Vector);
  // Tiles of whole and ragged blocks, of elements narrow enough for the vector.
  constexpr int bytes = 16 / Vector >= 4 ? 4 : 16 / Vector;
  const int rows = 1 + static_cast<int>(rng() % 100), cols = Vector * (1 + static_cast<int>(rng() % 40));
  const int pitch = cols + Vector * static_cast<int>(rng() % 5);
  INFO(BX << " x " << BY << (Transposed ? " transposed" : "") << ", vector " << Vector << ", " << bytes << "-byte elements, "
          << rows << " x " << cols << ", pitch " << pitch);
  const tile_shape shape{bytes, rows, cols};
  auto offset = [pitch](int r, int c) { return static_cast<long long>(bytes) * (static_cast<long long>(r) * pitch + c); };
  CHECK(value.accesses(shape) == block::accesses(shape));
  for (int k = 0; k < block::accesses(shape); k += 7) {
    CHECK(value.lanes(shape, k) == block::lanes(shape, k));
    const element a = value.at(shape, k, 13), b = block::at(shape, k, 13);
    CHECK((a.row == b.row && a.col == b.col));
  }
  check_same(analyze_pattern(value, shape, offset), analyze_pattern<block>(shape, offset));
  check_same(analyze_pattern(value, shape, offset, arch::gfx942), analyze_pattern<block>(shape, offset, arch::gfx942));
}

using block_types = mp_list<thread_block<16, 16>, thread_block<32, 8, op_kind::store>, thread_block<8, 32, op_kind::load, true>,
                       thread_block<24, 5>, thread_block<3, 20, op_kind::load, false, 2>,
                       thread_block<4, 32, op_kind::store, false, 8>, thread_block<8, 8, op_kind::load, true, 4>,
                       thread_block<1024, 1>, thread_block<1, 1024, op_kind::store, true>>;

constexpr auto padded_65 = [](int r, int c) { return 4 * (r * 65 + c); };

}  // namespace

// At compile time, as the template: 16 x 16 over float[64][64 + 1], and the GEMM copy.
static_assert(analyze_pattern(dynamic_thread_block{16, 16}, {4, 64, 64}, padded_65).wavefronts ==
              analyze_pattern<thread_block<16, 16>>({4, 64, 64}, padded_65).wavefronts);
static_assert(analyze_tile<short>(dynamic_thread_block{4, 32, op_kind::store, false, 8},
                                  swizzled_bytes<row_major<128, 32>, tma::swizzle_64b, 2>{})
                  .conflict_free(),
              "the GEMM copy into the 64-byte swizzle, as swizzled_tile chooses");
static_assert(analyze_tile<short>(dynamic_thread_block{4, 32, op_kind::store, false, 8}, row_major<128, 32, 40>{}).degree() == 2,
              "the same copy into rows padded by 8 halves: 2-way");

TEST_CASE("dynamic_thread_block reports what thread_block reports, access by access and over whole tiles") {
  std::mt19937 rng(0xb10c);
  for (int round = 0; round < 20; ++round)
    boost::mp11::mp_for_each<block_types>([&rng](auto block) { against_type(block, rng); });
}

TEST_CASE("dynamic_thread_block's classes of equal cost give the report of every access") {
  // analyze_tile walks one access per class where the layout says how it repeats; a lambda of the
  // same offsets makes analyze_pattern walk every access.
  const row_major<96, 128, 132> padded{};
  const swizzled_bytes<row_major<64, 64>, tma::swizzle_128b, 4> swizzled{};
  for (int bx : {1, 3, 4, 8, 16, 24, 32, 64})
    for (int by : {1, 2, 5, 8, 16})
      for (bool transposed : {false, true})
        for (int vector : {1, 2, 4}) {
          const dynamic_thread_block block{bx, by, op_kind::load, transposed, vector};
          INFO(bx << " x " << by << (transposed ? " transposed" : "") << ", vector " << vector);
          check_same(analyze_tile<float>(block, padded),
               analyze_pattern(block, {4, 96, 128}, [&padded](int r, int c) { return 4LL * padded(r, c); }));
          check_same(analyze_tile<float>(block, swizzled),
               analyze_pattern(block, {4, 64, 64}, [&swizzled](int r, int c) { return 4LL * swizzled(r, c); }));
        }
}

TEST_CASE("a thread block's parameters are checked before any access") {
  const auto offset = [](int r, int c) { return 4LL * (65 * r + c); };
  for (const dynamic_thread_block block :
       {dynamic_thread_block{}, dynamic_thread_block{0, 32}, dynamic_thread_block{32, 0}, dynamic_thread_block{-4, 8},
        dynamic_thread_block{64, 32}, dynamic_thread_block{1025, 1}, dynamic_thread_block{65536, 65536},
        dynamic_thread_block{1, 2147483647}, dynamic_thread_block{16, 16, op_kind::ldmatrix},
        dynamic_thread_block{16, 16, op_kind::load, false, 3}, dynamic_thread_block{16, 16, op_kind::load, false, 0},
        dynamic_thread_block{16, 16, op_kind::store, true, 32}}) {
    INFO(block.block_x << " x " << block.block_y << ", kind " << static_cast<int>(block.kind) << ", vector " << block.vector);
    const tile_report t = analyze_pattern(block, {4, 64, 64}, offset);
    CHECK(t.error == errc::thread_block_is_invalid);
    CHECK(t.accesses == 0);
    CHECK(t.wavefronts == 0);
    CHECK(analyze_tile<float>(block, row_major<64, 64, 65>{}).error == errc::thread_block_is_invalid);
  }
  // A block 1024 rows tall over a tile of one row and 2^30 columns: 2^30 blocks of 32 warps, more
  // warp-accesses than an int holds; the template says the same.
  const tile_shape long_row{1, 1, 1 << 30};
  CHECK(analyze_pattern(dynamic_thread_block{1, 1024}, long_row, offset).error == errc::thread_block_is_invalid);
  CHECK(analyze_pattern<thread_block<1, 1024>>(long_row, offset).error == errc::thread_block_is_invalid);
  CHECK(thread_block<1, 1024>::check(tile_shape{1, 1024, 1 << 20}) == errc::none);
  // The largest blocks are fine, and a shape's rule comes first.
  CHECK(analyze_pattern(dynamic_thread_block{1024, 1}, {4, 64, 64}, offset).ok());
  CHECK(analyze_pattern(dynamic_thread_block{32, 32, op_kind::store, true, 16}, {1, 64, 1024},
                        [](int r, int c) { return 1024LL * r + c; })
            .ok());
  CHECK(analyze_pattern(dynamic_thread_block{0, 0}, {4, 0, 64}, offset).error == errc::tile_shape_is_invalid);
  // A vector that overhangs the tile's last column, as the template's does.
  CHECK(analyze_pattern(dynamic_thread_block{8, 8, op_kind::load, false, 4}, {4, 64, 30}, offset).error ==
        errc::pattern_indexes_outside_the_tile);
}

TEST_CASE("dynamic_thread_block::check: warp-accesses up to an int's largest are fine, one more is not") {
  // A 1 x 1 block over a one-column tile of 2^31 - 1 rows: 2^31 - 1 warp-accesses, INT_MAX.
  CHECK(dynamic_thread_block{1, 1}.check(tile_shape{4, 2147483647, 1}) == errc::none);
  CHECK(dynamic_thread_block{1, 1}.accesses(tile_shape{4, 2147483647, 1}) == 2147483647);
  // Two columns: twice as many.
  CHECK(dynamic_thread_block{1, 1}.check(tile_shape{4, 2147483647, 2}) == errc::thread_block_is_invalid);
}
