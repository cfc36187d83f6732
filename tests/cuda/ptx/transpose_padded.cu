// SPDX-License-Identifier: BSL-1.0
// The seed's 32x32 transpose through padded_tile; its PTX must equal transpose_plain.cu's.
#include <bankcheck/padded_tile.hpp>

__global__ void transpose(const float* in, float* out) {
  __shared__ bankcheck::padded_tile<float, 32, 32> tile;
  const int x = threadIdx.x, y = threadIdx.y;
  tile(y, x) = in[y * 32 + x];
  __syncthreads();
  out[y * 32 + x] = tile(x, y);
}
