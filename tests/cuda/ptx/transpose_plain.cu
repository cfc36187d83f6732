// SPDX-License-Identifier: BSL-1.0
// The seed's 32x32 transpose written by hand with float[32][33]: the reference PTX.
__global__ void transpose(const float* in, float* out) {
  __shared__ float tile[32][33];
  const int x = threadIdx.x, y = threadIdx.y;
  tile[y][x] = in[y * 32 + x];
  __syncthreads();
  out[y * 32 + x] = tile[x][y];
}
