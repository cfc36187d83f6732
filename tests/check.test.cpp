// SPDX-License-Identifier: BSL-1.0
// Tests for bankcheck/check.hpp. The failing assertion's message is tested in
// tests/compile_fail (case bank_conflict).
#include <bankcheck/check.hpp>
#include <bankcheck/layout.hpp>
#include <bankcheck/padded_tile.hpp>
#include <bankcheck/swizzled_tile.hpp>
#include <doctest/doctest.h>

using namespace bankcheck;

using plain = typed_layout<row_major<32, 32>, float>;
using padded = typed_layout<row_major<32, 32, 33>, float>;
using swizzled_128b = typed_layout<swizzled_bytes<row_major<64, 64>, tma::swizzle_128b, 2>, short>;

static_assert(is_conflict_free_v<plain, row_segments<>>);
static_assert(!is_conflict_free_v<plain, column_segments<>>);
static_assert(!is_conflict_free_v<plain, row_segments<>, column_segments<>>, "one bad pattern is enough");
static_assert(is_conflict_free_v<padded, row_segments<>, column_segments<>, thread_block<32, 8, op_kind::load, true>>);
static_assert(is_conflict_free_v<padded_tile<float, 32, 32>, row_segments<>, column_segments<op_kind::store>>);
static_assert(is_conflict_free_v<swizzled_tile<float, 32, 32>, row_segments<>, column_segments<>>);
static_assert(is_conflict_free_v<swizzled_128b, matrix_tiles<4>>, "ldmatrix over the 128B TMA swizzle");
static_assert(!is_conflict_free_v<typed_layout<row_major<64, 64>, short>, matrix_tiles<4>>, "unswizzled: 8-way");
static_assert(assert_conflict_free<padded, row_segments<>, column_segments<>>());
static_assert(assert_conflict_free<padded_tile<double, 16, 16>, column_segments<>>());

TEST_CASE("is_conflict_free_v is an ordinary constant") {
  constexpr bool free = is_conflict_free_v<padded, column_segments<>>;
  CHECK(free);
  CHECK_FALSE(is_conflict_free_v<plain, column_segments<>>);
}
