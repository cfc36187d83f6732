// SPDX-License-Identifier: BSL-1.0
// bankcheck: access patterns: the warp-accesses a kernel makes over a whole tile.
#ifndef BANKCHECK_PATTERN_HPP
#define BANKCHECK_PATTERN_HPP

#include <cstdint>

#include <bankcheck/config.hpp>
#include <bankcheck/error.hpp>
#include <bankcheck/op.hpp>

namespace bankcheck {

// A tile as patterns see it: rows x cols elements of `bytes` bytes each, and the lanes of the
// warps that access it. The walks (analyze_pattern, analyze_tile, analyze(mapping, pattern)) set
// warp_size to their architecture's: 32 on NVIDIA and RDNA, 64 on the wave64 CDNA
// architectures, whose warp-accesses then hold 64 lanes.
struct tile_shape {
  int bytes = 0;
  int rows = 0;
  int cols = 0;
  int warp_size = 32;
};

// The element a lane touches first (a lane of a vector access touches `vector` elements of its row).
struct element {
  int row;
  int col;
};

// How a pattern's accesses tile the tile: access k = (o * inner + i) * warps + w for outer index
// o < outer, inner index i < inner and warp w < warps. Moving o to o + 1 moves every element of
// the access by (outer_rows, outer_cols) and keeps its lanes, when both o and o + 1 are below
// full_outer; the same for i, inner_rows/inner_cols and full_inner. (Indices at or past the
// full counts are the tile's ragged edges, and are taken one by one.) Each element an access
// touches lies less than one step from o * (outer_rows, outer_cols) + i * (inner_rows,
// inner_cols) along each coordinate an index moves. analyze_tile uses this to analyze one
// access of each class that costs the same.
struct access_grid {
  int outer, inner, warps;
  int full_outer, full_inner;
  int outer_rows, outer_cols;
  int inner_rows, inner_cols;
};

// A pattern P is a type with static constexpr functions of a tile_shape s:
//   P::accesses(s)       the number of warp-accesses over the whole tile (an int, not negative);
//   P::op(s)             the instruction of each (an access);
//   P::lanes(s, k)       the active lanes of access k (an integer lane mask below s.warp_size);
//   P::at(s, k, lane)    the element lane `lane` of access k touches (an element);
// and P::name, a name for messages; optionally P::grid(s), an access_grid as above, which lets
// the cost of a large tile be computed from a few accesses, and P::check(s), errc::none or the
// rule the pattern's own parameters break (a walk fails with it before any access).
// The functions may instead be const members of an object p (p.accesses(s) and so on): the walks
// that take a pattern as an argument (analyze_pattern(p, ...)) accept both kinds, the others
// take the type and use P{}. The patterns below cover the common cases; users write their own
// the same way.

namespace detail {
// a / b rounded up, for a >= 0 and b > 0, without overflow near INT_MAX.
BANKCHECK_HOST_DEVICE constexpr int ceil_div(int a, int b) noexcept { return a / b + (a % b != 0); }
BANKCHECK_HOST_DEVICE constexpr std::uint64_t first_lanes(int n) noexcept {
  return n >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
}
// Patterns as a value, for functions that take them in turn (the choosers' sums, the checks).
template <class... Patterns>
struct pattern_list {};
}  // namespace detail

// A warp of W = s.warp_size lanes walks each row in segments of W * Vector elements: lane l
// touches elements (r, W * Vector * s + Vector * l) .. + Vector - 1; lanes past the row's end are
// inactive.
// Vector 2 and 4 are float2 / float4 accesses; 8 and 16 are the 16-byte vectors of 2- and 1-byte
// elements (eight halves a lane, as GEMM kernels load their tiles). The access is Vector
// elements wide, which must make 1, 2, 4, 8 or 16 bytes: a wider one (float with Vector 8) fails
// constant evaluation as a bad op does.
// Example: over float[4][64], row_segments<> makes 4 * 2 = 8 warp-accesses of load(4).
template <op_kind Kind = op_kind::load, int Vector = 1>
struct row_segments {
  static_assert(Kind == op_kind::load || Kind == op_kind::store, "row_segments: the op must be a load or a store.");
  static_assert(Vector == 1 || Vector == 2 || Vector == 4 || Vector == 8 || Vector == 16,
                "row_segments: the vector length must be 1, 2, 4, 8 or 16.");
  static constexpr const char* name = Kind == op_kind::load ? "row read" : "row write";

  BANKCHECK_HOST_DEVICE static constexpr int segments(const tile_shape& s) noexcept {
    return detail::ceil_div(s.cols, s.warp_size * Vector);
  }
  BANKCHECK_HOST_DEVICE static constexpr int accesses(const tile_shape& s) noexcept { return s.rows * segments(s); }
  BANKCHECK_HOST_DEVICE static constexpr access op(const tile_shape& s) noexcept {
    return access{Kind, s.bytes * Vector, 0};
  }
  BANKCHECK_HOST_DEVICE static constexpr std::uint64_t lanes(const tile_shape& s, int k) noexcept {
    const int left = detail::ceil_div(s.cols - s.warp_size * Vector * (k % segments(s)), Vector);
    return detail::first_lanes(left < s.warp_size ? left : s.warp_size);
  }
  BANKCHECK_HOST_DEVICE static constexpr element at(const tile_shape& s, int k, int lane) noexcept {
    return element{k / segments(s), s.warp_size * Vector * (k % segments(s)) + Vector * lane};
  }
  // Rows outside, segments inside; a row's last segment is ragged when W * Vector does not divide cols.
  BANKCHECK_HOST_DEVICE static constexpr access_grid grid(const tile_shape& s) noexcept {
    return access_grid{s.rows, segments(s), 1, s.rows, s.cols / (s.warp_size * Vector), 1, 0, 0, s.warp_size * Vector};
  }
};

// A warp of W = s.warp_size lanes walks each column in segments of W rows: lane l touches
// (W * s + l, c).
template <op_kind Kind = op_kind::load>
struct column_segments {
  static_assert(Kind == op_kind::load || Kind == op_kind::store, "column_segments: the op must be a load or a store.");
  static constexpr const char* name = Kind == op_kind::load ? "column read" : "column write";

  BANKCHECK_HOST_DEVICE static constexpr int segments(const tile_shape& s) noexcept {
    return detail::ceil_div(s.rows, s.warp_size);
  }
  BANKCHECK_HOST_DEVICE static constexpr int accesses(const tile_shape& s) noexcept { return s.cols * segments(s); }
  BANKCHECK_HOST_DEVICE static constexpr access op(const tile_shape& s) noexcept { return access{Kind, s.bytes, 0}; }
  BANKCHECK_HOST_DEVICE static constexpr std::uint64_t lanes(const tile_shape& s, int k) noexcept {
    const int left = s.rows - s.warp_size * (k % segments(s));
    return detail::first_lanes(left < s.warp_size ? left : s.warp_size);
  }
  BANKCHECK_HOST_DEVICE static constexpr element at(const tile_shape& s, int k, int lane) noexcept {
    return element{s.warp_size * (k % segments(s)) + lane, k / segments(s)};
  }
  // Columns outside, segments inside; a column's last segment is ragged when W does not divide rows.
  BANKCHECK_HOST_DEVICE static constexpr access_grid grid(const tile_shape& s) noexcept {
    return access_grid{s.cols, segments(s), 1, s.cols, s.rows / s.warp_size, 0, 1, s.warp_size, 0};
  }
};

namespace detail {
// A thread block's shape as its accesses need it: thread_block passes its constants, and
// dynamic_thread_block the values it works out from its members, so both walk the same code.
struct block_geometry {
  int block_x, threads, warps, rows, cols, vector;
  bool transposed;
  int warp_size;
};
// The element lane `lane` of access k touches, `across` blocks making a row of blocks. A block
// that overhangs a tile near INT_MAX rows or columns has threads past INT_MAX: their element is
// INT_MAX, which lies outside every tile (its extents are ints). (No function for that: in a
// constant evaluation every call is a step; two cost a 64 x 64 tile's 16 x 16 block walk 17%.)
BANKCHECK_HOST_DEVICE constexpr element block_at(const block_geometry& g, int across, int k, int lane) noexcept {
  const int block = k / g.warps, t = g.warp_size * (k % g.warps) + lane, x = t % g.block_x, y = t / g.block_x;
  const long long r = static_cast<long long>(block / across) * g.rows + (g.transposed ? x : y),
                  c = static_cast<long long>(block % across) * g.cols +
                      static_cast<long long>(g.vector) * (g.transposed ? y : x);
  return element{r < 2147483647 ? static_cast<int>(r) : 2147483647, c < 2147483647 ? static_cast<int>(c) : 2147483647};
}
// Lanes whose thread exists and whose (first) element lies inside the tile: a vector that
// overhangs the tile's last column makes the analysis fail, as row_segments' do.
BANKCHECK_HOST_DEVICE constexpr std::uint64_t block_lanes(const block_geometry& g, const tile_shape& s, int k) noexcept {
  const int across = ceil_div(s.cols, g.cols);
  std::uint64_t m = 0;
  for (int lane = 0; lane < g.warp_size; ++lane) {
    const element e = block_at(g, across, k, lane);
    if (g.warp_size * (k % g.warps) + lane < g.threads && e.row < s.rows && e.col < s.cols) m |= std::uint64_t{1} << lane;
  }
  return m;
}
// Rows of blocks outside, blocks inside, warps innermost; blocks that overhang the tile are ragged.
BANKCHECK_HOST_DEVICE constexpr access_grid block_grid(const block_geometry& g, const tile_shape& s) noexcept {
  return access_grid{ceil_div(s.rows, g.rows), ceil_div(s.cols, g.cols), g.warps, s.rows / g.rows, s.cols / g.cols,
                     g.rows, 0, 0, g.cols};
}
}  // namespace detail

// A 2-D thread block of block_x x block_y threads (threadIdx.x fastest; warps are s.warp_size
// consecutive linear ids x + y * block_x) sweeps the tile block by block; thread (x, y) touches
// element (y, x) of its block, or (x, y) when transposed. block_x may be smaller than a warp.
// With vector > 1 each thread touches `vector` elements along its row, from column vector * x
// (vector * y when transposed), as row_segments' lanes do.
// This is the thread block as a value, for extents chosen at run time (a tool's or an
// autotuner's candidates): the walks that take a pattern as an argument take it, e.g.
// analyze_pattern(dynamic_thread_block{16, 16}, {4, 64, 64}, offset). thread_block<...> below
// is the same pattern with its parameters fixed at compile time. A block that thread_block's
// static_asserts would reject (extents not positive, more than 1024 threads, an op other than a
// load or a store, a vector length other than 1, 2, 4, 8 or 16), or that makes more warp-accesses
// over the tile than an int holds, fails the walk with errc::thread_block_is_invalid (check()).
struct dynamic_thread_block {
  int block_x = 0;  // both extents must be given: {} is the invalid block 0 x 0
  int block_y = 0;
  op_kind kind = op_kind::load;
  bool transposed = false;
  int vector = 1;

  static constexpr const char* name = "thread block";
  // CUDA's and HIP's largest thread block.
  static constexpr int max_threads = 1024;

  // The parameters, and the number of warp-accesses over s, which must fit an int (a block taller
  // than a one-row tile of 2^30 columns makes 2^35).
  BANKCHECK_HOST_DEVICE constexpr errc check(const tile_shape& s) const noexcept {
    // A load or a store, the first two kinds: compared as numbers, as Clang resolves an operator
    // on an enumeration against all its built-in candidates (0.9 M instructions of this header's
    // parse for two comparisons; error.hpp).
    bool ok = block_x > 0 && block_y > 0 && block_x <= max_threads / block_y &&
              static_cast<int>(kind) <= static_cast<int>(op_kind::store) &&
              (vector == 1 || vector == 2 || vector == 4 || vector == 8 || vector == 16);
    if (ok) {
      const detail::block_geometry g = geometry(s);
      ok = static_cast<long long>(detail::ceil_div(s.rows, g.rows)) * detail::ceil_div(s.cols, g.cols) * g.warps <=
           2147483647LL;
    }
    return ok ? errc::none : violated::thread_block_is_invalid();
  }
  BANKCHECK_HOST_DEVICE constexpr detail::block_geometry geometry(const tile_shape& s) const noexcept {
    const int threads = block_x * block_y;
    return detail::block_geometry{block_x, threads, (threads + s.warp_size - 1) / s.warp_size,
                                  transposed ? block_x : block_y, (transposed ? block_y : block_x) * vector,
                                  vector, transposed, s.warp_size};
  }
  BANKCHECK_HOST_DEVICE constexpr int accesses(const tile_shape& s) const noexcept {
    const detail::block_geometry g = geometry(s);
    return detail::ceil_div(s.rows, g.rows) * detail::ceil_div(s.cols, g.cols) * g.warps;
  }
  BANKCHECK_HOST_DEVICE constexpr access op(const tile_shape& s) const noexcept { return access{kind, s.bytes * vector, 0}; }
  BANKCHECK_HOST_DEVICE constexpr element at(const tile_shape& s, int k, int lane) const noexcept {
    const detail::block_geometry g = geometry(s);
    return detail::block_at(g, detail::ceil_div(s.cols, g.cols), k, lane);
  }
  BANKCHECK_HOST_DEVICE constexpr std::uint64_t lanes(const tile_shape& s, int k) const noexcept {
    return detail::block_lanes(geometry(s), s, k);
  }
  BANKCHECK_HOST_DEVICE constexpr access_grid grid(const tile_shape& s) const noexcept {
    return detail::block_grid(geometry(s), s);
  }
};

// dynamic_thread_block{BlockX, BlockY, Kind, Transposed, Vector} as a type, its parameters
// checked at compile time: thread_block<4, 32, op_kind::store, false, 8> is a GEMM's 128 threads
// storing a 32-column half tile, four threads a row, eight halves each.
// Example: thread_block<16, 16> over float[32][32]: 4 blocks x 8 warps = 32 warp-accesses
//          (4 x 4 = 16 on a wave64 architecture).
template <int BlockX, int BlockY, op_kind Kind = op_kind::load, bool Transposed = false, int Vector = 1>
struct thread_block {
  static_assert(BlockX > 0 && BlockY > 0, "thread_block: the block extents must be positive.");
  static_assert(BlockX <= dynamic_thread_block::max_threads / BlockY, "thread_block: at most 1024 threads.");
  static_assert(Kind == op_kind::load || Kind == op_kind::store, "thread_block: the op must be a load or a store.");
  static_assert(Vector == 1 || Vector == 2 || Vector == 4 || Vector == 8 || Vector == 16,
                "thread_block: the vector length must be 1, 2, 4, 8 or 16.");
  static constexpr const char* name = Transposed ? "thread block, transposed" : "thread block";
  static constexpr int threads = BlockX * BlockY;
  static constexpr int block_rows = Transposed ? BlockX : BlockY, block_cols = (Transposed ? BlockY : BlockX) * Vector;

  BANKCHECK_HOST_DEVICE static constexpr dynamic_thread_block dynamic() noexcept {
    return dynamic_thread_block{BlockX, BlockY, Kind, Transposed, Vector};
  }
  // Its shape in warps of s.warp_size lanes.
  BANKCHECK_HOST_DEVICE static constexpr detail::block_geometry geometry(const tile_shape& s) noexcept {
    return detail::block_geometry{BlockX, threads, (threads + s.warp_size - 1) / s.warp_size,
                                  block_rows, block_cols, Vector, Transposed, s.warp_size};
  }
  // Its parameters pass the static_asserts; the number of warp-accesses over s must fit an int.
  BANKCHECK_HOST_DEVICE static constexpr errc check(const tile_shape& s) noexcept { return dynamic().check(s); }
  BANKCHECK_HOST_DEVICE static constexpr int blocks_across(const tile_shape& s) noexcept { return detail::ceil_div(s.cols, block_cols); }
  BANKCHECK_HOST_DEVICE static constexpr int accesses(const tile_shape& s) noexcept {
    return detail::ceil_div(s.rows, block_rows) * blocks_across(s) * geometry(s).warps;
  }
  BANKCHECK_HOST_DEVICE static constexpr access op(const tile_shape& s) noexcept { return access{Kind, s.bytes * Vector, 0}; }
  BANKCHECK_HOST_DEVICE static constexpr element at(const tile_shape& s, int k, int lane) noexcept {
    return detail::block_at(geometry(s), blocks_across(s), k, lane);
  }
  BANKCHECK_HOST_DEVICE static constexpr std::uint64_t lanes(const tile_shape& s, int k) noexcept {
    return detail::block_lanes(geometry(s), s, k);
  }
  BANKCHECK_HOST_DEVICE static constexpr access_grid grid(const tile_shape& s) noexcept {
    return detail::block_grid(geometry(s), s);
  }
};

// ldmatrix.x{Count} (or stmatrix) over the tile's 8x8 sub-tiles of 2-byte elements, taken in
// row-major order, Count per instruction: lane 8m + r gives row r of sub-tile Count * k + m.
template <int Count = 4, op_kind Kind = op_kind::ldmatrix>
struct matrix_tiles {
  static_assert(Count == 1 || Count == 2 || Count == 4, "matrix_tiles: the count must be 1, 2 or 4.");
  static_assert(Kind == op_kind::ldmatrix || Kind == op_kind::stmatrix,
                "matrix_tiles: the op must be ldmatrix or stmatrix.");
  static constexpr const char* name = Kind == op_kind::ldmatrix ? "ldmatrix" : "stmatrix";

  BANKCHECK_HOST_DEVICE static constexpr int accesses(const tile_shape& s) noexcept {
    return s.rows / 8 * (s.cols / 8) / Count;  // whole instructions; analyze_tile checks the shape
  }
  BANKCHECK_HOST_DEVICE static constexpr access op(const tile_shape&) noexcept { return access{Kind, 16, Count}; }
  // Every lane of the warp, as the instruction needs (lanes 32 and up give no address).
  BANKCHECK_HOST_DEVICE static constexpr std::uint64_t lanes(const tile_shape& s, int) noexcept {
    return detail::first_lanes(s.warp_size);
  }
  BANKCHECK_HOST_DEVICE static constexpr element at(const tile_shape& s, int k, int lane) noexcept {
    const int m = lane / 8 < Count ? lane / 8 : Count - 1, sub = Count * k + m, across = s.cols / 8;
    return element{sub / across * 8 + lane % 8, sub % across * 8};
  }
  // Bands of 8 rows outside, instructions inside, when an instruction's sub-tiles never straddle
  // two bands; otherwise every instruction on its own.
  BANKCHECK_HOST_DEVICE static constexpr access_grid grid(const tile_shape& s) noexcept {
    const int across = s.cols / 8;
    if (across % Count != 0) return access_grid{1, accesses(s), 1, 0, 0, 0, 0, 0, 0};
    return access_grid{s.rows / 8, across / Count, 1, s.rows / 8, across / Count, 8, 0, 0, 8 * Count};
  }
};

}  // namespace bankcheck

#endif
