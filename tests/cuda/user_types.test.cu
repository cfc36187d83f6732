// SPDX-License-Identifier: BSL-1.0
// A pattern and a layout of one's own, written as docs/reference.md shows them (plain constexpr
// members, no __host__ __device__), used in a kernel under nvcc's -Werror all-warnings without
// --expt-relaxed-constexpr: the walks call their members from functions nvcc does not check.
// (They warned, #20013-D "calling a constexpr __host__ function from a __host__ __device__
// function", once per walk.)
#include <bankcheck/bankcheck.hpp>
#include <bankcheck/check.hpp>
#include <bankcheck/exchange.hpp>
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

// An architecture of one's own given as a type, as docs/reference.md writes it (a plain constexpr
// conversion): the choosers convert it in functions nvcc checked (#20013-D, as above).
struct banks_48 {
  constexpr operator bc::architecture() const noexcept {
    bc::architecture a = bc::arch::nvidia;
    a.banks = 48;
    return a;
  }
};
static_assert(bc::padded_tile<float, 32, 32, bc::rows_and_columns, banks_48>::pitch == 35,
              "48 banks: 35 is the first pitch prime to 48 at 4 bytes past 32");
static_assert(bc::is_conflict_free_v<bc::padded_tile<float, 32, 32, bc::rows_and_columns, banks_48>,
                                     bc::row_segments<>, bc::column_segments<>>,
              "the checks walk the tile's architecture");

// A layout of one's own that says how it repeats (repeat_after and bitwise, row_major's), and one
// that does not, swizzled by the library.
struct pitch_33 {
  static constexpr int rows = 32, cols = 32;
  constexpr int operator()(int r, int c) const { return r * 33 + c; }
  static constexpr int required_span_size() { return 31 * 33 + 32; }
  static constexpr long long repeat_after(int dr, int dc, int element_bytes, long long align) {
    return bc::row_major<32, 32, 33>::repeat_after(dr, dc, element_bytes, align);
  }
  static constexpr bc::bitwise_form bitwise(int element_bytes) {
    return bc::row_major<32, 32, 33>::bitwise(element_bytes);
  }
};
struct plain_rows {
  static constexpr int rows = 32, cols = 32;
  constexpr int operator()(int r, int c) const { return r * 32 + c; }
  static constexpr int required_span_size() { return 32 * 32; }
};
static_assert(bc::analyze_tile<bc::column_segments<>, float>(pitch_33{}).conflict_free(), "a layout that repeats");
static_assert(bc::analyze_tile<bc::column_segments<>, float>(bc::swizzled<plain_rows, bc::xor_swizzle<5, 0, 5>>{})
                  .conflict_free(),
              "swizzled, over a layout that says nothing of how it repeats");

// The library's swizzles over a layout of one's own that says how it repeats: the walk asks the
// swizzle, which asks the layout.
using swizzled_33 = bc::swizzled<pitch_33, bc::xor_swizzle<1, 5, 1>>;
using swizzled_33_bytes = bc::swizzled_bytes<pitch_33, bc::xor_swizzle<1, 7, 1>, 4>;
static_assert(bc::detail::has_repeat<swizzled_33>::value && bc::detail::has_bitwise<swizzled_33_bytes>::value,
              "the swizzles say what their layout says");
static_assert(bc::analyze_tile<bc::column_segments<>, float>(swizzled_33{}).conflict_free() &&
                  bc::analyze_tile<bc::column_segments<>, float>(swizzled_33_bytes{}).conflict_free(),
              "a swizzle of the bits above 32 words moves whole bank rows: pitch 33 stays conflict-free");

// A pattern of one's own through analyze_pattern_v: its chunks call the pattern's members, its
// check too.
struct diagonal {
  static constexpr bc::errc check(const bc::tile_shape& s) {
    return s.rows % 32 == 0 ? bc::errc::none : bc::errc::pattern_indexes_outside_the_tile;
  }
  static constexpr int accesses(const bc::tile_shape& s) { return s.rows / 32; }
  static constexpr bc::access op(const bc::tile_shape& s) { return bc::load(s.bytes); }
  static constexpr std::uint64_t lanes(const bc::tile_shape&, int) { return 0xffffffffull; }
  static constexpr bc::element at(const bc::tile_shape&, int k, int lane) { return bc::element{32 * k + lane, lane}; }
};
inline constexpr auto pitch_33_bytes = [](int r, int c) { return 4 * (r * 33 + c); };
static_assert(bc::analyze_pattern_v<diagonal, float, 64, 32, pitch_33_bytes>.wavefronts == 2 * 2,
              "word 1056 k + 34 l of access k: bank 2 l mod 32, which lanes l and l + 16 share: 2-way");

// analyze and the walks on the type itself, converted as the choosers convert it.
static_assert(bc::analyze([](int l) { return 128 * l; }, bc::load(4), bc::whole_warp, banks_48{}).wavefronts == 11,
              "48 banks: words 32 l fall in 3 banks (0, 32, 16), 11 lanes in the fullest");
static_assert(bc::analyze_tile<bc::column_segments<>, float>(pitch_33{}, banks_48{}).degree() == 2,
              "words 33 l mod 48: multiples of 3, 16 banks, two lanes each");

__global__ void user_architecture_and_layouts(const int* cols, int* out) {
  out[0] = bc::choose_padding(banks_48{}, 4, 32, cols[0], bc::column_segments<>{}).padding;  // at run time
  out[1] = bc::choose_swizzle(banks_48{}, 4, 32, 32, bc::column_segments<>{}).b;
  out[2] = bc::analyze_tile<bc::column_segments<>, float>(pitch_33{}).degree() +
           bc::analyze([cols](int l) { return 4 * cols[0] * l; }, bc::load(4), bc::whole_warp, banks_48{}).wavefronts;
  __shared__ float tile[32 * 32];
  using swizzled_rows = bc::swizzled_bytes<plain_rows, bc::tma::swizzle_128b, 4>;
  tile[swizzled_rows{}(threadIdx.y, threadIdx.x)] = static_cast<float>(threadIdx.x);
  __syncthreads();
  out[3] = static_cast<int>(tile[swizzled_rows{}(threadIdx.x, threadIdx.y)]) +
           bc::swizzled<plain_rows, bc::xor_swizzle<5, 0, 5>>{}(threadIdx.x, 0);
  // The swizzles' members over pitch_33, at run time.
  out[4] = swizzled_33::required_span_size() + swizzled_33_bytes::required_span_size() +
           static_cast<int>(swizzled_33::repeat_after(cols[0], 0, 4, 128) +
                            swizzled_33_bytes::repeat_after(cols[0], 0, 4, 128)) +
           swizzled_33::bitwise(4).keep_bits + swizzled_33_bytes::bitwise(4).keep_bits;
  // The exchanges on the architecture of one's own, given as a value.
  out[5] = bc::analyze_exchange<float, 8, 128>(bc::exchange_layout{32, cols[0]}, banks_48{}).degree();
  out[6] = bc::choose_exchange_padding(banks_48{}, 4, 4, cols[0], 128).layout.padding;
}
