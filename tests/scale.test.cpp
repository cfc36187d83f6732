// SPDX-License-Identifier: BSL-1.0
// Scale of the generic path under the compilers' default constexpr limits (clang: 1,048,576
// steps per constant expression): a user's own loop calling analyze for every row and column
// warp-access of a 256 x 256 float tile, in one constant expression.
#include <bankcheck/analyze.hpp>
#include <doctest/doctest.h>

namespace {
constexpr long long tile_wavefronts(int n, int pitch) {
  long long total = 0;
  for (int r = 0; r < n; ++r)
    for (int s = 0; s < n / 32; ++s)
      total += bankcheck::analyze([=](int l) { return 4 * (r * pitch + 32 * s + l); }, bankcheck::load(4)).wavefronts;
  for (int c = 0; c < n; ++c)
    for (int s = 0; s < n / 32; ++s)
      total += bankcheck::analyze([=](int l) { return 4 * ((32 * s + l) * pitch + c); }, bankcheck::load(4)).wavefronts;
  return total;
}
}  // namespace

static_assert(tile_wavefronts(256, 257) == 2 * 256 * 8, "padded: every access 1 wavefront");
static_assert(tile_wavefronts(256, 256) == 256 * 8 + 256 * 8 * 32, "unpadded: columns 32 each");

TEST_CASE("the 256 x 256 tile's totals, at run time too") { CHECK(tile_wavefronts(256, 258) == 256 * 8 + 256 * 8 * 2); }
