// SPDX-License-Identifier: BSL-1.0
// bankcheck in device code under nvcc, without --expt-relaxed-constexpr or --extended-lambda:
// compile-time answers inside kernels, from lambdas defined there, and run-time analysis.
#include <bankcheck/bankcheck.hpp>

#include <boost/mp11/list.hpp>

#include <cstdint>
#include <type_traits>

namespace bc = bankcheck;

// Namespace-scope facts, checked by nvcc's front end as well.
static_assert(bc::conflict_degree([](int l) { return 32 * l; }) == 32, "column of float[32][32]");
static_assert(bc::analyze([](int) { return 0; }, bc::load(16)).wavefronts == 2, "merged uniform LDS.128");

template <int Pitch>
struct tile_column {
  __host__ __device__ constexpr int operator()(int lane) const { return lane * Pitch; }
};

__global__ void compile_time_in_kernel(int* out) {
  // A lambda written inside the kernel is __device__ only; it still works in constant expressions.
  constexpr int padded = bc::conflict_degree([](int lane) { return lane * 33; });
  static_assert(padded == 1, "padding 1 -> 1 pass");
  constexpr bc::report r = bc::analyze([](int lane) { return 16 * lane; }, bc::store(16));
  static_assert(r.wavefronts == 4 && r.conflict_free(), "STS.128 contiguous: 4 quarter-warp phases");
  constexpr bc::report m = bc::analyze([](int lane) { return 144 * (lane % 8) + 16 * (lane / 8); }, bc::ldmatrix(4));
  static_assert(m.wavefronts == 4, "ldmatrix.x4 at pitch 144");
  constexpr bc::pass_table t = bc::pass_schedule([](int lane) { return 2 * lane; });
  static_assert(t[17] == 1, "stride 2: lane 17 in pass 1");
  static_assert(bc::conflict_degree(tile_column<32>{}) == 32, "a functor works too");
  static_assert(bc::analyze([](int l) { return 4 * l; }, bc::load(4), 0xffffffffffffffffull, bc::arch::gfx942).ideal == 2,
                "another architecture");
  out[threadIdx.x] = padded + r.wavefronts + m.degree + t[threadIdx.x % 32];
}

// A report's check, in a kernel, of a report at namespace scope and of a static local.
constexpr bc::report padded_column = bc::analyze([](int lane) { return 132 * lane; }, bc::load(4));
constexpr bc::tile_report padded_tile_columns =
    bc::analyze_tile<bc::column_segments<>, float>(bc::row_major<32, 32, 33>{});
__global__ void report_checks_in_kernel(int* out) {
  static_assert(bc::assert_conflict_free<padded_column>(), "padding 1");
  static_assert(bc::assert_conflict_free<padded_tile_columns>(), "padding 1, every column");
  static constexpr bc::report rows = bc::analyze([](int lane) { return 8 * lane; }, bc::store(8));
  static_assert(bc::assert_conflict_free<rows>(), "STS.64 contiguous");
  out[threadIdx.x] = rows.wavefronts + padded_column.wavefronts;
}

__global__ void run_time_in_kernel(const int* pitch, int* out) {
  // Addresses known only at run time: each thread asks what a column read of its tile costs.
  const int p = pitch[blockIdx.x];
  const bc::report r = bc::analyze([p](int lane) { return 4 * lane * p; }, bc::load(4));
  const bc::report bad = bc::analyze([p](int lane) { return lane * p + 1; }, bc::load(4));
  const int degree = bc::conflict_degree([p](int lane) { return lane * p; });
  const bc::pass_table t = bc::pass_schedule([p](int lane) { return lane * p; });
  out[blockIdx.x * 5 + 0] = r.wavefronts;
  out[blockIdx.x * 5 + 1] = r.worst.lane_b;
  out[blockIdx.x * 5 + 2] = static_cast<int>(bad.error);
  out[blockIdx.x * 5 + 3] = degree;
  out[blockIdx.x * 5 + 4] = t[static_cast<int>(threadIdx.x) % 32] + bc::strided_degree(p);
}

__global__ void layouts_in_kernel(float* out) {
  // A padded tile and a TMA-swizzled one, indexed in device code and checked at compile time.
  using padded = bc::row_major<32, 32, 33>;
  using swz = bc::swizzled_bytes<bc::row_major<32, 32>, bc::tma::swizzle_128b, 4>;
  __shared__ float tile[padded::required_span_size()];
  __shared__ float tile2[swz::required_span_size()];
  constexpr int column = bc::conflict_degree([](int lane) { return padded{}(lane, 0); });
  static_assert(column == 1, "padded column: 1 pass");
  static_assert(bc::analyze([](int lane) { return 4 * swz{}(lane % 8, 0); }, bc::load(4), 0xff).wavefronts == 1,
                "swizzled column of 8 rows: 1 wavefront");
  tile[padded{}(threadIdx.x, threadIdx.y)] = 1.0f;
  tile2[swz{}(threadIdx.x, threadIdx.y)] = 2.0f;
  __syncthreads();
  out[threadIdx.x] = tile[padded{}(threadIdx.y, threadIdx.x)] + tile2[swz{}(threadIdx.y, threadIdx.x)];
}

__global__ void transpose_padded(const float* in, float* out) {
  // The seed's transpose: padded_tile picks the padding; the kernel indexes it like float[32][33].
  using tile_t = bc::padded_tile<float, 32, 32>;
  static_assert(tile_t::pitch == 33 && tile_t::conflict_free, "padded_tile<float, 32, 32> is float[32][33]");
  __shared__ tile_t tile;
  const int x = threadIdx.x, y = threadIdx.y;
  tile(y, x) = in[y * 32 + x];
  __syncthreads();
  out[y * 32 + x] = tile(x, y);
}

__global__ void transpose_swizzled(const float* in, float* out) {
  // The same transpose with no padding: the chosen XOR swizzle makes both accesses conflict-free.
  using tile_t = bc::swizzled_tile<float, 32, 32>;
  static_assert(tile_t::conflict_free, "swizzled_tile<float, 32, 32> is conflict-free");
  __shared__ tile_t tile;
  const int x = threadIdx.x, y = threadIdx.y;
  tile(y, x) = in[y * 32 + x];
  __syncthreads();
  out[y * 32 + x] = tile(x, y);
}

__global__ void columns_for_gfx950(const float* in, float* out) {
  // A tile chosen for another architecture compiles in device code alike: gfx950's 64-lane warps
  // reading a 32 x 8 block's columns need float[64][66] (NVIDIA's warps: float[64][65]).
  using by_blocks = bc::thread_block<32, 8, bc::op_kind::load, true>;
  using tile_t = bc::padded_tile<float, 64, 64, boost::mp11::mp_list<by_blocks>, bc::arch::gfx950_t>;
  static_assert(tile_t::pitch == 66 && tile_t::conflict_free && bc::is_conflict_free_v<tile_t, by_blocks> &&
                    bc::assert_conflict_free<tile_t>(),
                "padded_tile on gfx950 is float[64][66]");
  __shared__ tile_t tile;
  const int x = threadIdx.x, y = threadIdx.y;
  tile(y, x) = in[y * 64 + x];
  __syncthreads();
  out[y * 64 + x] = tile(x, y);
}

__global__ void gemm_tile_store(const uint4* in, unsigned short* out) {
  // A GEMM's A tile: 128 threads store eight halves each, four threads a row, and ldmatrix.x4
  // reads it; swizzled_tile's swizzle keeps both conflict-free and each 16-byte vector whole, so
  // a thread stores its eight halves with one 16-byte store.
  using gemm = boost::mp11::mp_list<bc::thread_block<4, 32, bc::op_kind::store, false, 8>, bc::matrix_tiles<4>>;
  using tile_t = bc::swizzled_tile<unsigned short, 128, 32, gemm>;
  static_assert(std::is_same_v<tile_t::swizzle, bc::tma::swizzle_64b> && tile_t::conflict_free,
                "the 64-byte swizzle: CUTLASS's Swizzle<2, 3, 3> on half offsets");
  __shared__ tile_t tile;
  const int t = threadIdx.x;
  *reinterpret_cast<uint4*>(&tile(t / 4, 8 * (t % 4))) = in[t];
  __syncthreads();
  out[t] = tile(t % 32, t / 32);
}

__global__ void tile_report_in_kernel(const int* pitch, long long* out) {
  // analyze_pattern over lambdas written inside the kernel: in a constant expression, and on a
  // pitch known only at run time.
  constexpr bc::tile_report padded =
      bc::analyze_pattern<bc::column_segments<>>({4, 32, 32}, [](int r, int c) { return 4 * (33 * r + c); });
  static_assert(padded.conflict_free() && padded.accesses == 32, "padded columns of float[32][33]");
  const int p = pitch[blockIdx.x];
  const bc::tile_report columns =
      bc::analyze_pattern<bc::column_segments<>>({4, 32, 32}, [p](int r, int c) { return 4 * (p * r + c); });
  out[threadIdx.x] = columns.wavefronts;
}

__global__ void block_report_in_kernel(const int* extents, long long* out) {
  // The template's report in a constant expression, and a thread block chosen at run time,
  // given as a value, over a padded float tile.
  constexpr bc::tile_report fixed =
      bc::analyze_pattern<bc::thread_block<16, 16>>({4, 64, 64}, [](int r, int c) { return 4 * (80 * r + c); });
  static_assert(fixed.conflict_free() && fixed.accesses == 16 * 8,
                "16 x 16 blocks over float[64][80]: a warp's two half rows meet in no bank");
  const bc::dynamic_thread_block block{extents[0], extents[1], bc::op_kind::store, false, extents[2]};
  const bc::tile_report t = bc::analyze_pattern(block, {4, 64, 64}, [](int r, int c) { return 4 * (65 * r + c); });
  out[threadIdx.x] = t.ok() ? t.wavefronts : -static_cast<long long>(t.error);
}

__global__ void padding_in_kernel(const int* extents, int* out) {
  // padded_tile's choice, made in a constant expression and on a block chosen at run time.
  constexpr bc::padding_choice fixed = bc::choose_padding(4, 32, 32, bc::row_segments<>{}, bc::column_segments<>{});
  static_assert(fixed.padding == 1 && fixed.conflict_free(), "float[32][33]");
  const bc::padding_choice c = bc::choose_padding(4, 64, 64, bc::dynamic_thread_block{extents[0], extents[1]});
  out[threadIdx.x] = c.ok() ? c.padding : -1;
}

__global__ void swizzle_in_kernel(const int* extents, int* out) {
  // swizzled_tile's choice, made in a constant expression and on a block chosen at run time.
  constexpr bc::swizzle_choice fixed = bc::choose_swizzle(4, 32, 32, bc::row_segments<>{}, bc::column_segments<>{});
  static_assert(fixed.b == 5 && fixed.m == 2 && fixed.s == 5 && fixed.conflict_free(), "xor_swizzle<5, 2, 5>");
  const bc::swizzle_choice c =
      bc::choose_swizzle(4, 64, 64, bc::dynamic_thread_block{extents[0], extents[1]}, bc::column_segments<>{});
  out[threadIdx.x] = c.ok() ? c.b * 100 + c.m * 10 + c.s : -1;
}

// Host code in the same translation unit keeps working.
int host_side(int p) {
  return bc::analyze([p](int lane) { return 4 * lane * p; }, bc::load(4)).wavefronts;
}
