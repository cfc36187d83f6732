// SPDX-License-Identifier: BSL-1.0
// print.hpp is host-only, and a .cu file may include it and call it from host code: under
// nvcc's -Werror all-warnings, the engine calling print.hpp's host-only visitor from its
// __host__ __device__ templates must not warn (it did: error #20011-D, 'calling a __host__
// function from a __host__ __device__ function').
#include <bankcheck/print.hpp>
#include <string>
namespace bc = bankcheck;

std::string column_map() {
  const bc::bank_map map = bc::map_access([](int lane) { return 132 * lane; }, bc::load(4));
  return bc::to_text(map, {}) + bc::to_svg(map, {}) + bc::summary(map);
}

__global__ void kernel_beside_it(int* out) { out[threadIdx.x] = bc::conflict_degree([](int lane) { return lane; }); }
