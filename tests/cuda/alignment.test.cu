// SPDX-License-Identifier: BSL-1.0
// A swizzled tile's alignment on raw __shared__ storage, as the README's CUDA section shows it.
// nvcc 13.0's front end aborts ("corrupted double-linked list") when a swizzled_tile type is
// first named inside alignas(...), in device or host code; naming it first, in a constexpr
// variable, avoids that, and so does declaring the tile as the type, which carries its alignment.
#include <bankcheck/swizzled_tile.hpp>
namespace bc = bankcheck;

__global__ void raw_storage(const float* in, float* out) {
  using tile_t = bc::swizzled_tile<float, 32, 32>;
  constexpr int alignment = tile_t::alignment;  // not alignas(tile_t::alignment): see above
  __shared__ alignas(alignment) float storage[tile_t::layout::required_span_size()];
  const int x = threadIdx.x, y = threadIdx.y;
  for (int r = y; r < 32; r += blockDim.y) storage[tile_t::layout{}(r, x)] = in[r * 32 + x];
  __syncthreads();
  for (int r = y; r < 32; r += blockDim.y) out[r * 32 + x] = storage[tile_t::layout{}(x, r)];
}

__global__ void tile_type(const float* in, float* out) {
  __shared__ bc::swizzled_tile<double, 16, 16> tile;
  static_assert(alignof(bc::swizzled_tile<double, 16, 16>) == bc::swizzled_tile<double, 16, 16>::alignment,
                "the type carries its alignment");
  const int x = threadIdx.x % 16, y = threadIdx.x / 16;
  tile(y, x) = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = static_cast<float>(tile(x, y));
}

__global__ void tile_beside_other_variables(float* out, const int* flag) {
  // A 32 KB tile whose swizzle's period is 16 KB, between two small variables: aligned to its
  // period it sat at byte 16384, and ptxas refused the kernel's 49,216 bytes of shared data (48 KB
  // at most). Aligned to 1024 the kernel takes 33,856.
  using tile_t = bc::swizzled_tile<float, 64, 128>;
  static_assert(tile_t::period == 16384 && tile_t::alignment == 1024, "period 16 KB, aligned to 1 KB");
  __shared__ int counter;
  __shared__ tile_t tile;
  __shared__ float other[16];
  if (threadIdx.x == 0) counter = *flag;
  other[threadIdx.x % 16] = 1.0f;
  tile(threadIdx.y, threadIdx.x) = 1.0f;
  __syncthreads();
  out[threadIdx.x] = tile(threadIdx.x, threadIdx.y) + static_cast<float>(counter) + other[threadIdx.y % 16];
}
