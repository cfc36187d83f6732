// SPDX-License-Identifier: BSL-1.0
// The seed's 32x32 tile transpose, three ways: a plain float[32][32] tile (32-way conflicts on
// the column read), padded_tile (padding chosen by bankcheck: float[32][33]), and swizzled_tile
// (no padding; an XOR swizzle chosen by bankcheck). Needs a GPU to run; built wherever nvcc is.
#include <bankcheck/bankcheck.hpp>

#include <cstdio>

namespace bc = bankcheck;

// What each tile costs, known before the kernel runs.
using padded = bc::padded_tile<float, 32, 32>;
using swizzled = bc::swizzled_tile<float, 32, 32>;
using plain = bc::typed_layout<bc::row_major<32, 32>, float>;
static_assert(padded::pitch == 33 && padded::conflict_free, "padded_tile<float, 32, 32> is float[32][33]");
static_assert(swizzled::conflict_free, "an XOR swizzle makes both accesses conflict-free");
static_assert(!bc::is_conflict_free_v<plain, bc::column_segments<>>, "the plain tile's column read conflicts");

__global__ void transpose_plain(const float* in, float* out) {
  __shared__ float tile[32][32];
  const int x = threadIdx.x, y = threadIdx.y;
  tile[y][x] = in[y * 32 + x];
  __syncthreads();
  out[y * 32 + x] = tile[x][y];  // a column: 32 lanes in one bank
}

template <class Tile>
__global__ void transpose(const float* in, float* out) {
  __shared__ Tile tile;
  const int x = threadIdx.x, y = threadIdx.y;
  tile(y, x) = in[y * 32 + x];
  __syncthreads();
  out[y * 32 + x] = tile(x, y);
}

template <class Kernel>
bool run(const char* name, Kernel kernel, const float* in, float* out) {
  kernel<<<1, dim3(32, 32)>>>(in, out);
  float host[32 * 32];
  if (cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost) != cudaSuccess) {
    std::printf("%s: %s\n", name, cudaGetErrorString(cudaGetLastError()));
    return false;
  }
  int wrong = 0;
  for (int r = 0; r < 32; ++r)
    for (int c = 0; c < 32; ++c) wrong += host[r * 32 + c] != static_cast<float>(c * 32 + r);
  std::printf("%-8s %s\n", name, wrong == 0 ? "transposed correctly" : "WRONG");
  return wrong == 0;
}

int main() {
  std::printf("column read of the plain tile: %d wavefronts\n",
              bc::analyze_tile<bc::column_segments<>, float>(bc::row_major<32, 32>{}).degree());
  std::printf("padded_tile: padding %d, pitch %d, %lld wavefronts for 64 warp-accesses\n", padded::padding,
              padded::pitch, padded::wavefronts);
  std::printf("swizzled_tile: Swizzle<%d, %d, %d>, %lld wavefronts for 64 warp-accesses\n", swizzled::swizzle::bits,
              swizzled::swizzle::base, swizzled::swizzle::shift, swizzled::wavefronts);

  float host[32 * 32];
  for (int i = 0; i < 32 * 32; ++i) host[i] = static_cast<float>(i);
  float *in = nullptr, *out = nullptr;
  if (cudaMalloc(&in, sizeof host) != cudaSuccess || cudaMalloc(&out, sizeof host) != cudaSuccess) {
    std::printf("no GPU: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice);
  const bool ok = run("plain", transpose_plain, in, out) && run("padded", transpose<padded>, in, out) &&
                  run("swizzled", transpose<swizzled>, in, out);
  cudaFree(in);
  cudaFree(out);
  return ok ? 0 : 1;
}
