// SPDX-License-Identifier: BSL-1.0
// Tests for bankcheck/check.hpp. The failing assertions' messages are tested in
// tests/compile_fail (cases bank_conflict, reported_conflict and walk_reported_conflict).
#include <bankcheck/analyze.hpp>
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

// A report's check: analyze's, a walk's, and analyze_pattern_v's, held at namespace scope.
namespace {
constexpr report row_read = analyze([](int lane) { return 4 * lane; }, load(4));
constexpr report float4_row = analyze([](int lane) { return 16 * lane; }, store(16));
constexpr tile_report padded_columns = analyze_tile<column_segments<>, float>(row_major<32, 32, 33>{});
inline constexpr auto pitch_1025 = [](int r, int c) { return 4 * (1025 * r + c); };
constexpr tile_report large_columns = analyze_pattern_v<column_segments<>, float, 256, 1024, pitch_1025>;
}  // namespace
static_assert(assert_conflict_free<row_read>());
static_assert(assert_conflict_free<float4_row>());
static_assert(assert_conflict_free<padded_columns>());
static_assert(assert_conflict_free<large_columns>() && large_columns.accesses == 8 * 1024);

TEST_CASE("assert_conflict_free takes a report held in a static constexpr local") {
  static constexpr report merged = analyze([](int) { return 0; }, load(16));  // 2 wavefronts, ideal 2
  static_assert(assert_conflict_free<merged>());
  CHECK(merged.wavefronts == 2);
}

TEST_CASE("is_conflict_free_v is an ordinary constant") {
  constexpr bool free = is_conflict_free_v<padded, column_segments<>>;
  CHECK(free);
  CHECK_FALSE(is_conflict_free_v<plain, column_segments<>>);
}
