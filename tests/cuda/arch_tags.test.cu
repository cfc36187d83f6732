// SPDX-License-Identifier: BSL-1.0
// The architecture tag objects (arch::gfx950, ...) in device code under nvcc, without
// --expt-relaxed-constexpr: passed at run time to every function that takes an architecture
// first. Each takes it by value, so a kernel reads no host object (taken by reference, nvcc said
// 'identifier "bankcheck::arch::gfx950" is undefined in device code').
#include <bankcheck/bankcheck.hpp>
#include <bankcheck/exchange.hpp>
namespace bc = bankcheck;

__global__ void tag_objects_in_kernel(const int* extents, long long* out) {
  const bc::dynamic_thread_block block{extents[0], extents[1]};
  out[0] = bc::choose_padding(bc::arch::gfx950, 4, 64, 64, block).padding;
  out[1] = bc::choose_swizzle(bc::arch::gfx942, 4, 32, 32, block).b;
  out[2] = bc::choose_exchange_padding(bc::arch::gfx942, 12, 4, extents[0], 256).wavefronts;
  out[3] = bc::analyze_exchange<float, 4, 64>(bc::exchange_layout{extents[0], 4}, bc::arch::gfx950).wavefronts();
  out[4] = bc::analyze([p = extents[0]](int l) { return 8 * p * l; }, bc::load(8), bc::whole_warp, bc::arch::rdna4).wavefronts;
  out[5] = bc::analyze_tile<float>(block, bc::row_major<64, 64, 65>{}, bc::arch::rdna3).wavefronts;
  out[6] = bc::pass_schedule([p = extents[0]](int l) { return 4 * p * l; }, bc::load(4), bc::whole_warp, bc::arch::nvidia)[1];
}

__global__ void tag_objects_in_constant_expressions(int* out) {
  constexpr bc::padding_choice padding = bc::choose_padding(bc::arch::gfx950, 4, 64, 64, bc::column_segments<>{});
  static_assert(padding.padding == 1, "gfx950: float[64][65]");
  out[0] = padding.padding;
}
