// SPDX-License-Identifier: BSL-1.0
// Tests that the built-in patterns walk a tile in the architecture's warps: 64 lanes an access
// on the wave64 architectures (gfx942, gfx950), 32 on NVIDIA and RDNA. Each report is checked
// against a walk written here from the patterns' definitions (threads numbered x + y * block_x,
// a warp being warp_size consecutive threads), which calls analyze once per warp-access.
#include <bankcheck/analyze.hpp>
#include <bankcheck/arch.hpp>
#include <bankcheck/layout.hpp>
#include <bankcheck/pattern.hpp>
#include <bankcheck/swizzle.hpp>
#include <bankcheck/tile.hpp>
#include <doctest/doctest.h>

#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>

using namespace bankcheck;

// Column reads of float[64][64 + 1]: on gfx950 (64 banks, wave64, 4-byte accesses in one phase
// of 64 lanes) one access a column, conflict-free; on NVIDIA two a column.
static_assert(analyze_tile<column_segments<>, float>(row_major<64, 64, 65>{}, arch::gfx950).accesses == 64);
static_assert(analyze_tile<column_segments<>, float>(row_major<64, 64, 65>{}, arch::gfx950).wavefronts == 64);
static_assert(analyze_tile<column_segments<>, float>(row_major<64, 64, 65>{}).accesses == 128);
static_assert(analyze_tile<column_segments<>, float>(row_major<64, 64, 65>{}).wavefronts == 128);
// A 16 x 16 block is 4 wave64 warps, or 8 warps of 32.
static_assert(analyze_tile<thread_block<16, 16>, float>(row_major<64, 64, 65>{}, arch::gfx942).accesses == 16 * 4);
static_assert(analyze_tile<thread_block<16, 16>, float>(row_major<64, 64, 65>{}).accesses == 16 * 8);
// A row of 64 floats is one wave64 access (two 32-lane phases on gfx942), two on NVIDIA.
static_assert(analyze_tile<row_segments<>, float>(row_major<8, 64>{}, arch::gfx942).accesses == 8);
static_assert(analyze_tile<row_segments<>, float>(row_major<8, 64>{}, arch::gfx942).wavefronts == 16);
static_assert(row_segments<>::lanes(tile_shape{4, 8, 100, 64}, 1) == 0xfffffffff, "the ragged segment: 36 columns");
static_assert(column_segments<>::lanes(tile_shape{4, 100, 8, 64}, 1) == 0xfffffffff);
static_assert(thread_block<16, 16>::lanes(tile_shape{4, 64, 64, 64}, 0) == ~std::uint64_t{0});

namespace {

// One warp-access as the walk here builds it: lane masks and byte addresses.
struct warp_access {
  std::uint64_t lanes = 0;
  long long address[64] = {};
};

struct independent_report {
  int accesses = 0;
  long long wavefronts = 0, ideal = 0;
  int worst_access = -1, worst_conflicts = -1;
  errc error = errc::none;
};

// What analyze says of each access, summed; the worst is the first access of the most conflicts.
template <class Arch>
independent_report sum(const std::vector<warp_access>& all, access op, Arch arch) {
  independent_report t;
  for (std::size_t k = 0; k < all.size(); ++k) {
    const warp_access& w = all[k];
    if (w.lanes == 0) continue;  // no access, but a number in the walk's order
    const report r = analyze([&w](int l) { return w.address[l]; }, op, w.lanes, arch);
    if (!r.ok()) {
      t.error = r.error;
      return t;
    }
    ++t.accesses;
    t.wavefronts += r.wavefronts;
    t.ideal += r.ideal;
    if (r.conflicts() > t.worst_conflicts) {
      t.worst_conflicts = r.conflicts();
      t.worst_access = static_cast<int>(k);
    }
  }
  return t;
}

// A tile of `bytes`-byte elements, rows `pitch` elements apart, its byte addresses XOR-swizzled
// (b = 0: not swizzled).
struct layout {
  int bytes, rows, cols, pitch, b, m, s;
  long long operator()(int r, int c) const {
    return static_cast<long long>(
        detail::xor_swizzle_bits(static_cast<std::uint64_t>((static_cast<long long>(r) * pitch + c) * bytes), b, m, s));
  }
};

// A thread block sweeping the tile, block by block in row-major order, each block's threads in
// warps of `warp` lanes; warps with no thread inside the tile make no access (an empty mask).
std::vector<warp_access> block_walk(const layout& l, const dynamic_thread_block& tb, int warp) {
  const int block_rows = tb.transposed ? tb.block_x : tb.block_y, block_cols = (tb.transposed ? tb.block_y : tb.block_x) * tb.vector;
  const int threads = tb.block_x * tb.block_y;
  std::vector<warp_access> all;
  for (int r0 = 0; r0 < l.rows; r0 += block_rows)
    for (int c0 = 0; c0 < l.cols; c0 += block_cols)
      for (int first = 0; first < threads; first += warp) {
        warp_access w;
        for (int lane = 0; lane < warp && first + lane < threads; ++lane) {
          const int x = (first + lane) % tb.block_x, y = (first + lane) / tb.block_x;
          const int r = r0 + (tb.transposed ? x : y), c = c0 + tb.vector * (tb.transposed ? y : x);
          if (r < l.rows && c < l.cols) {
            w.lanes |= std::uint64_t{1} << lane;
            w.address[lane] = l(r, c);
          }
        }
        all.push_back(w);
      }
  return all;
}

// Rows in segments of `warp` vectors, or columns in segments of `warp` rows.
std::vector<warp_access> segment_walk(const layout& l, bool rows, int vector, int warp) {
  std::vector<warp_access> all;
  const int lines = rows ? l.rows : l.cols, along = rows ? l.cols : l.rows, step = rows ? vector : 1;
  for (int line = 0; line < lines; ++line)
    for (int first = 0; first < along; first += warp * step) {
      warp_access w;
      for (int lane = 0; lane < warp && first + step * lane < along; ++lane) {
        w.lanes |= std::uint64_t{1} << lane;
        w.address[lane] = rows ? l(line, first + step * lane) : l(first + step * lane, line);
      }
      all.push_back(w);
    }
  return all;
}

void check_same(const tile_report& t, const independent_report& want) {
  CHECK(t.error == want.error);
  if (!t.ok() || want.error != errc::none) return;
  CHECK(t.accesses == want.accesses);
  CHECK(t.wavefronts == want.wavefronts);
  CHECK(t.ideal == want.ideal);
  CHECK(t.worst_access == want.worst_access);
  CHECK(t.worst.conflicts() == want.worst_conflicts);
}

layout random_layout(std::mt19937& rng, int vector) {
  auto pick = [&rng](int lo, int hi) { return lo + static_cast<int>(rng() % static_cast<unsigned>(hi - lo + 1)); };
  layout l{};
  l.bytes = vector == 1 ? 1 << pick(0, 3) : 16 / vector >= 4 ? 4 : 16 / vector;
  l.rows = pick(1, 150);
  l.cols = vector * pick(1, 150 / vector + 1);
  l.pitch = l.cols + vector * pick(0, 9);
  if (pick(0, 2) == 0) {  // a swizzle that keeps a vector's bytes together
    l.b = pick(1, 3);
    l.m = pick(4, 5);
    l.s = pick(l.b, 4);
  }
  return l;
}

template <class Arch>
long long one_layout(std::mt19937& rng, Arch arch) {
  const int warp = architecture(arch).warp_size;
  long long accesses = 0;
  for (int vector : {1, 2, 4}) {
    const layout l = random_layout(rng, vector);
    INFO(arch.name() << ": " << l.bytes << "-byte elements, " << l.rows << " x " << l.cols << ", pitch "
                                 << l.pitch << ", swizzle " << l.b << " " << l.m << " " << l.s << ", vector " << vector);
    const tile_shape shape{l.bytes, l.rows, l.cols};
    const dynamic_thread_block blocks[] = {{16, 16, op_kind::load, false, vector},
                                           {8, 32, op_kind::store, true, vector},
                                           {24, 5, op_kind::load, false, vector},
                                           {1 + static_cast<int>(rng() % 64), 1 + static_cast<int>(rng() % 16),
                                            op_kind::store, rng() % 2 == 0, vector}};
    for (const dynamic_thread_block& tb : blocks) {
      INFO("block " << tb.block_x << " x " << tb.block_y << (tb.transposed ? ", transposed" : ""));
      const tile_report t = analyze_pattern(tb, shape, l, arch);
      check_same(t, sum(block_walk(l, tb, warp), tb.op(shape), arch));
      accesses += t.accesses;
    }
    const access row_op{op_kind::load, l.bytes * vector, 0};
    const tile_report rows = vector == 1   ? analyze_pattern<row_segments<>>(shape, l, arch)
                             : vector == 2 ? analyze_pattern<row_segments<op_kind::load, 2>>(shape, l, arch)
                                           : analyze_pattern<row_segments<op_kind::load, 4>>(shape, l, arch);
    check_same(rows, sum(segment_walk(l, true, vector, warp), row_op, arch));
    const tile_report columns = analyze_pattern<column_segments<op_kind::store>>(shape, l, arch);
    check_same(columns, sum(segment_walk(l, false, 1, warp), access{op_kind::store, l.bytes, 0}, arch));
    accesses += rows.accesses + columns.accesses;
  }
  return accesses;
}

}  // namespace

TEST_CASE("the built-in patterns walk tiles in warps of the architecture's size, as a walk of their definitions does") {
  std::mt19937 rng(0x3a764);
  long long accesses = 0;
  for (int n = 0; n < 40; ++n) {
    accesses += one_layout(rng, arch::gfx942) + one_layout(rng, arch::gfx950);
    if (n % 4 == 0) accesses += one_layout(rng, arch::nvidia) + one_layout(rng, arch::rdna3);
  }
  std::printf("warp size test: %lld warp-accesses\n", accesses);
  CHECK(accesses > 20000);
}

TEST_CASE("analyze_tile's classes of equal cost hold for wave64 warps") {
  // The same tile, walked by classes (a layout type) and access by access (a lambda).
  using tile = swizzled_bytes<row_major<128, 64>, tma::swizzle_128b, 4>;
  auto offset = [](int r, int c) { return static_cast<long long>(tile{}(r, c)) * 4; };
  const tile_shape shape{4, 128, 64};
  for (const dynamic_thread_block& tb : {dynamic_thread_block{16, 16}, dynamic_thread_block{64, 4, op_kind::store, true},
                                         dynamic_thread_block{8, 8, op_kind::load, false, 4}}) {
    const tile_report fast = analyze_tile<float>(tb, tile{}, arch::gfx942), full = analyze_pattern(tb, shape, offset, arch::gfx942);
    CHECK(fast.accesses == full.accesses);
    CHECK(fast.wavefronts == full.wavefronts);
    CHECK(fast.worst_access == full.worst_access);
  }
  // The walk sets the warp size: a shape given with another is walked in the architecture's warps.
  CHECK(analyze_pattern<column_segments<>>(tile_shape{4, 64, 64, 64}, offset).accesses == 128);
}
