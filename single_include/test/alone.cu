// SPDX-License-Identifier: BSL-1.0
// The single header under nvcc, alone (only Boost.Mp11 besides it), without --expt-relaxed-constexpr
// or --extended-lambda: compile-time answers inside a kernel, and a padded tile in shared memory.
#include "bankcheck.hpp"

__global__ void transpose(float* out, const float* in) {
  constexpr int column = bankcheck::conflict_degree([](int lane) { return 32 * lane; });
  static_assert(column == 32, "a column of float[32][32] costs 32 passes");
  constexpr auto r = bankcheck::analyze([](int lane) { return 16 * lane; }, bankcheck::store(16));
  static_assert(r.conflict_free(), "consecutive float4 stores are conflict-free");

  __shared__ bankcheck::padded_tile<float, 32, 32> tile;  // float[32][33]
  static_assert(bankcheck::padded_tile<float, 32, 32>::pitch == 33, "padding 1");
  tile(threadIdx.y, threadIdx.x) = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile(threadIdx.x, threadIdx.y);
}

// mdspan.hpp and exchange.hpp, which bankcheck.hpp leaves out, are in the single header too.
struct extents_32x32 {  // the least an extents type offers: the layouts need no mdspan header
  using index_type = int;
  using size_type = unsigned;
  using rank_type = unsigned;
  static constexpr rank_type rank() noexcept { return 2; }
  static constexpr rank_type rank_dynamic() noexcept { return 0; }
  static constexpr unsigned static_extent(rank_type) noexcept { return 32; }
  __host__ __device__ constexpr index_type extent(rank_type) const noexcept { return 32; }
};

__global__ void padded_and_exchanged(double* out, const float* in) {
  using map = bankcheck::layout_right_conflict_free<float>::mapping<extents_32x32>;
  static_assert(map::pitch == 33, "padded by one float");
  __shared__ float s[map{}.required_span_size()];
  s[map{}(threadIdx.y, threadIdx.x)] = in[threadIdx.y * 32 + threadIdx.x];

  using pad = bankcheck::exchange_padding<double, 8, 128>;
  static_assert(pad::group == 16 && pad::bytes == 8, "8 bytes after every 16 doubles");
  __shared__ alignas(16) unsigned char buffer[pad::storage_bytes];
  *reinterpret_cast<double*>(buffer + pad::offset(threadIdx.x * 8)) = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = *reinterpret_cast<double*>(buffer + pad::offset(threadIdx.x)) + s[map{}(threadIdx.x, threadIdx.y)];
}
