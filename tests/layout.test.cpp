// SPDX-License-Identifier: BSL-1.0
// Tests for bankcheck/layout.hpp: offsets, spans, static facts, and what the layouts cost.
#include <bankcheck/analyze.hpp>
#include <bankcheck/layout.hpp>
#include <doctest/doctest.h>

#include <type_traits>

using namespace bankcheck;

using padded = row_major<32, 32, 33>;
static_assert(std::is_empty_v<padded> && std::is_trivial_v<padded>);
static_assert(padded{}(2, 5) == 71 && padded::padding == 1 && padded::pitch == 33);
static_assert(padded::required_span_size() == 31 * 33 + 32);
static_assert(column_major<4, 8>{}(1, 2) == 9 && column_major<4, 8, 5>::required_span_size() == 7 * 5 + 4);
static_assert(swizzled<row_major<8, 8>, xor_swizzle<3, 0, 3>>{}(1, 2) == 11);
static_assert(swizzled_bytes<row_major<8, 32>, tma::swizzle_128b, 4>{}(1, 4) == 32);
// Each row of 8 is permuted within itself: the span stays 24 (it was rounded up to the period, 64).
static_assert(swizzled<row_major<3, 8>, xor_swizzle<3, 0, 3>>::required_span_size() == 24);
// 33 rows of 32 floats under <5, 2, 5>: 1056 elements, not the 2048 of two whole periods.
static_assert(swizzled_bytes<row_major<33, 32>, xor_swizzle<5, 2, 5>, 4>::required_span_size() == 33 * 32);
// A span that ends inside a block of 2^(M + B) = 8: 3 x 3 under <2, 1, 2> reaches offset 10.
static_assert(swizzled<row_major<3, 3>, xor_swizzle<2, 1, 2>>::required_span_size() == 11);
// A negative S rounds the span up to the swizzle's block of 2^(M - S + B): under <2, 0, -2>,
// offsets 0..3 go to 0, 5, 10 and 15, so a row of 4 spans 16.
static_assert(swizzled<row_major<1, 4>, xor_swizzle<2, 0, -2>>::required_span_size() == 16);
static_assert(std::is_empty_v<swizzled_bytes<row_major<8, 8>, tma::swizzle_128b, 16>>);

// A column of float[32][32 + pad] through the layout: the seed's numbers.
template <int Pad>
constexpr int column_cost() {
  return analyze([](int lane) { return 4 * row_major<32, 32, 32 + Pad>{}(lane, 0); }, load(4)).wavefronts;
}
static_assert(column_cost<0>() == 32 && column_cost<1>() == 1 && column_cost<2>() == 2);
// The 128B TMA swizzle of a float[32][32] tile (byte addresses, 4-byte elements): a column read
// of 8 consecutive rows hits 8 different 16-byte granules.
static_assert(analyze([](int lane) { return 4 * swizzled_bytes<row_major<32, 32>, tma::swizzle_128b, 4>{}(lane % 8, 0); },
                      load(4), 0xff)
                  .wavefronts == 1);

namespace {
// Over an unpadded row_major, every offset lies in the span, none coincide, and the last element
// of the span is used: the span is one past the largest offset, as mdspan's LayoutMapping asks.
template <class L>
void check_span() {
  static bool seen[L::required_span_size()];
  for (bool& s : seen) s = false;
  int collisions = 0, outside = 0, largest = -1;
  for (int r = 0; r < L::rows; ++r)
    for (int c = 0; c < L::cols; ++c) {
      const int o = L{}(r, c);
      largest = o > largest ? o : largest;
      if (o < 0 || o >= L::required_span_size()) {
        ++outside;
        continue;
      }
      collisions += seen[o];
      seen[o] = true;
    }
  CHECK(outside == 0);
  CHECK(collisions == 0);
  CHECK(largest + 1 == L::required_span_size());
}
}  // namespace

TEST_CASE("every offset of a swizzled layout lies in its span, no two coincide, and the span is tight") {
  check_span<swizzled_bytes<row_major<16, 24>, tma::swizzle_64b, 8>>();
  check_span<swizzled_bytes<row_major<33, 32>, xor_swizzle<5, 2, 5>, 4>>();
  check_span<swizzled_bytes<row_major<17, 128>, xor_swizzle<5, 2, 7>, 4>>();
  check_span<swizzled_bytes<row_major<48, 48>, xor_swizzle<5, 2, 6>, 4>>();
  check_span<swizzled_bytes<row_major<5, 40>, tma::swizzle_128b, 2>>();
  check_span<swizzled_bytes<row_major<7, 3>, xor_swizzle<2, 4, 3>, 16>>();
  check_span<swizzled<row_major<3, 3>, xor_swizzle<2, 1, 2>>>();
  check_span<swizzled<row_major<9, 10>, xor_swizzle<3, 0, 4>>>();
  check_span<swizzled<row_major<1, 4>, xor_swizzle<2, 0, -2>>>();
}
