// SPDX-License-Identifier: BSL-1.0
// analyze_pattern_v over 1024 x 1024 float tiles under the compilers' default constexpr limits:
// the 32,768 column reads, walked 128 to a constant evaluation, against analyze_tile over the same
// layout type (which analyzes one access per class of equal cost). This unit took 63 s of CPU and
// 2.8 GB with g++ 12, 97 s with clang++ 14 (benchmarks/README.md, "Scale of the generic path").
#include <bankcheck/layout.hpp>
#include <bankcheck/pattern.hpp>
#include <bankcheck/swizzle.hpp>
#include <bankcheck/tile.hpp>
#include <doctest/doctest.h>

using namespace bankcheck;

namespace {

constexpr bool same(const tile_report& a, const tile_report& b) {
  const conflict_witness &x = a.worst.worst, &y = b.worst.worst;
  return a.error == b.error && a.accesses == b.accesses && a.wavefronts == b.wavefronts && a.ideal == b.ideal &&
         a.worst_access == b.worst_access && a.worst.wavefronts == b.worst.wavefronts && a.worst.ideal == b.worst.ideal &&
         a.worst.degree == b.worst.degree && x.phase == y.phase && x.bank == y.bank && x.lane_a == y.lane_a &&
         x.lane_b == y.lane_b && x.word_a == y.word_a && x.word_b == y.word_b;
}

using padded_layout = row_major<1024, 1024, 1025>;
using swizzled_layout = swizzled_bytes<row_major<1024, 1024>, tma::swizzle_128b, 4>;
inline constexpr auto padded = [](int r, int c) { return 4LL * padded_layout{}(r, c); };
inline constexpr auto swizzled = [](int r, int c) { return 4LL * swizzled_layout{}(r, c); };

constexpr tile_report padded_columns = analyze_pattern_v<column_segments<>, float, 1024, 1024, padded>;
constexpr tile_report swizzled_columns = analyze_pattern_v<column_segments<>, float, 1024, 1024, swizzled>;

}  // namespace

static_assert(padded_columns.accesses == 32768 && padded_columns.conflict_free());
static_assert(same(padded_columns, analyze_tile<column_segments<>, float>(padded_layout{})));
// A 4096-byte pitch leaves the swizzle's XOR bits (7..9) to the column: every column read is
// 32-way, so every access ties and the first (0) is the worst.
static_assert(swizzled_columns.degree() == 32 && swizzled_columns.worst_access == 0);
static_assert(same(swizzled_columns, analyze_tile<column_segments<>, float>(swizzled_layout{})));

TEST_CASE("analyze_pattern_v over 1024 x 1024 floats: the reports, at run time too") {
  CHECK(padded_columns.wavefronts == 32768);
  CHECK(swizzled_columns.wavefronts == 32 * 32768);
  CHECK(swizzled_columns.worst.worst.lane_b == 1);
}
