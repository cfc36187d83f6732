// SPDX-License-Identifier: BSL-1.0
// exchange_padding in device code under nvcc, without --expt-relaxed-constexpr: the padding and
// CUB's cost as compile-time facts inside a kernel (choose_exchange_padding's too), and the
// layout's offsets at run time.
#include <bankcheck/exchange.hpp>
namespace bc = bankcheck;
__global__ void exchange_in_kernel(double* out) {
  using pad = bc::exchange_padding<double, 8, 128>;
  static_assert(pad::group == 16 && pad::bytes == 8, "8 bytes after every 16 doubles");
  constexpr bc::exchange_report cub = bc::analyze_exchange<double, 8, 128>(bc::cub_exchange_layout(8, 8));
  static_assert(cub.degree() == 2, "CUB's padding leaves doubles 2-way");
  // On another architecture, given as a type and as a value.
  using pad_gfx950 = bc::exchange_padding<double, 8, 128, bc::arch::gfx950_t>;
  static_assert(pad_gfx950::group == 32 && pad_gfx950::bytes == 8, "8 bytes after every 32 doubles on gfx950");
  constexpr bc::exchange_report floats = bc::analyze_exchange<float, 4, 64>(bc::exchange_layout{32, 0}, bc::arch::gfx950);
  static_assert(floats.wavefronts() == 40 && floats.degree() == 4, "4 floats a thread, unpadded: 4-way on gfx950");
  constexpr bc::exchange_report rocprim = bc::analyze_exchange<float, 4, 64>(bc::rocprim_exchange_layout(4, 4), bc::arch::gfx950);
  static_assert(rocprim.wavefronts() == 32 && rocprim.degree() == 2, "rocPRIM's 32-bank padding: 2-way on gfx950");
  using least_gfx950 = bc::exchange_padding_choice<float, 4, 128, bc::arch::gfx950_t>;
  static_assert(!least_gfx950::conflict_free && least_gfx950::group == 4 && least_gfx950::wavefronts == 48,
                "none conflict-free on gfx950: 4 bytes after every 4 floats, the fewest wavefronts");
  // The same searches as values, in a constant expression.
  constexpr bc::exchange_choice chosen = bc::choose_exchange_padding(8, 8, 8, 128);
  static_assert(chosen.layout.group == 16 && chosen.layout.padding == 8 && chosen.conflict_free(), "as exchange_padding");
  constexpr bc::exchange_choice least = bc::choose_exchange_padding(4, 4, 6, 128);
  static_assert(!least.conflict_free() && least.layout.padding == 0 && least.wavefronts == 144, "as exchange_padding_choice");
  __shared__ alignas(16) unsigned char buffer[pad::storage_bytes];
  double* item = reinterpret_cast<double*>(buffer + pad::offset(threadIdx.x * 8));
  *item = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = *reinterpret_cast<double*>(buffer + pad::offset(threadIdx.x));
}

// The same exchange through exchange_storage: the items typed, blocked in and striped out.
__global__ void exchange_through_storage(const double* in, double* out) {
  using storage_t = bc::exchange_storage<double, 8, 128>;
  static_assert(storage_t::conflict_free && storage_t::group == 16 && storage_t::bytes == 8 && alignof(storage_t) == 8,
                "exchange_padding's layout");
  __shared__ storage_t ex;
  double items[8];
  for (int i = 0; i < 8; ++i) items[i] = in[threadIdx.x * 8 + i];
  for (int i = 0; i < 8; ++i) ex.blocked(threadIdx.x, i) = items[i];
  __syncthreads();
  for (int i = 0; i < 8; ++i) items[i] = ex.striped(threadIdx.x, i);
  for (int i = 0; i < 8; ++i) out[i * 128 + threadIdx.x] = items[i];
}
