// SPDX-License-Identifier: BSL-1.0
// The platform headers' macros under nvcc too (tests/platform_macros.cpp), with the engine called
// in device code: nvcc's own headers come first, and bankcheck's code meets the macros.
#include "../platform_macros.cpp"

__global__ void platform_macros_kernel(const unsigned* address, int* wavefronts) {
  *wavefronts = bankcheck::analyze([address](int l) { return address[l]; }, bankcheck::load(4)).wavefronts;
}
