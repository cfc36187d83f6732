// SPDX-License-Identifier: BSL-1.0
// A pattern and a layout of one's own, written as docs/reference.md shows them (plain constexpr
// members, no __host__ __device__), used in a kernel under nvcc's -Werror all-warnings without
// --expt-relaxed-constexpr: the walks call their members from functions nvcc does not check.
// (They warned, #20013-D "calling a constexpr __host__ function from a __host__ __device__
// function", once per walk.)
#include <bankcheck/bankcheck.hpp>
#include <bankcheck/check.hpp>
#include <boost/mp11/list.hpp>
#include <cstdint>
namespace bc = bankcheck;

// ldmatrix.x4 as an mma.m16n8k16 A-fragment load: warp-access k loads the 16 x 16 block k, its
// matrix m rows (m % 2) * 8 .. + 8, columns (m / 2) * 8.
struct fragment_loads {
  static constexpr int accesses(const bc::tile_shape& s) { return (s.rows / 16) * (s.cols / 16); }
  static constexpr bc::access op(const bc::tile_shape&) { return bc::ldmatrix(4); }
  static constexpr std::uint64_t lanes(const bc::tile_shape&, int) { return 0xffffffffull; }
  static constexpr bc::element at(const bc::tile_shape& s, int k, int lane) {
    const int m = lane / 8;
    return bc::element{k / (s.cols / 16) * 16 + (m % 2) * 8 + lane % 8, k % (s.cols / 16) * 16 + (m / 2) * 8};
  }
};

// CuTe's Swizzle<3, 3, 3> on the element offsets of a 64 x 64 half tile, written by hand.
struct cute_swizzled {
  static constexpr int rows = 64, cols = 64;
  constexpr int operator()(int r, int c) const {
    const int x = r * 64 + c;
    return x ^ ((x >> 3) & 0x38);
  }
  static constexpr int required_span_size() { return 64 * 64; }
};

static_assert(bc::is_conflict_free_v<bc::typed_layout<cute_swizzled, unsigned short>, fragment_loads>,
              "Swizzle<3, 3, 3>: every fragment load conflict-free");
static_assert(bc::analyze_tile<fragment_loads, unsigned short>(bc::row_major<64, 64>{}).degree() == 8,
              "unswizzled: 8-way");

__global__ void user_types_in_kernel(const int* pitch, long long* out) {
  constexpr bc::tile_report swizzled = bc::analyze_tile<fragment_loads, unsigned short>(cute_swizzled{});
  static_assert(swizzled.conflict_free(), "in a kernel, at compile time");
  out[0] = swizzled.wavefronts;
  out[1] = bc::analyze_tile<fragment_loads, unsigned short>(cute_swizzled{}).wavefronts;  // at run time
  out[2] = bc::analyze_pattern(fragment_loads{}, bc::tile_shape{2, 64, 64},
                               [p = pitch[0]](int r, int c) { return 2LL * (r * p + c); })
               .wavefronts;
}
