// SPDX-License-Identifier: BSL-1.0
// A user's CUDA program: a padded tile in shared memory, checked at compile time in device code.
#include <bankcheck/bankcheck.hpp>

#include <cstdio>

__global__ void transpose(const float* in, float* out) {
  __shared__ bankcheck::padded_tile<float, 32, 32> tile;
  static_assert(decltype(tile)::conflict_free, "the padded tile's rows and columns are conflict-free");
  static_assert(bankcheck::analyze([](int lane) { return 4 * 33 * lane; }, bankcheck::load(4)).wavefronts == 1,
                "a padded column: 1 wavefront");
  tile(threadIdx.y, threadIdx.x) = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile(threadIdx.x, threadIdx.y);
}

int main() {
  // No kernel launch: the test machine may have no GPU. Compiling and linking is the test.
  std::printf("consumer_cuda: padded_tile<float, 32, 32> has pitch %d\n", bankcheck::padded_tile<float, 32, 32>::pitch);
  return bankcheck::padded_tile<float, 32, 32>::pitch == 33 ? 0 : 1;
}
