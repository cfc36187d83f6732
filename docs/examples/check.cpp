// SPDX-License-Identifier: BSL-1.0
// The examples of docs/reference.md for bankcheck/check.hpp (ctest builds and runs this file).
#include <bankcheck/check.hpp>
#include <bankcheck/padded_tile.hpp>
#include <bankcheck/swizzled_tile.hpp>

using namespace bankcheck;

// [typed_layout]
using plain = typed_layout<row_major<32, 32>, float>;
using padded = typed_layout<row_major<32, 32, 33>, float>;
// A padded layout checked on gfx950, whose 64-lane warps read 64 rows of a column at once.
using padded_on_gfx950 = typed_layout<row_major<64, 64, 65>, float, arch::gfx950_t>;
// [typed_layout]

// [is_conflict_free_v]
static_assert(is_conflict_free_v<padded, row_segments<>, column_segments<>>);
static_assert(!is_conflict_free_v<plain, column_segments<>>);
static_assert(is_conflict_free_v<swizzled_tile<float, 32, 32>, row_segments<>, column_segments<>>);
static_assert(is_conflict_free_v<padded_on_gfx950, column_segments<>>);  // 65 words apart: 64 banks
// A swizzle chosen for NVIDIA's 32 banks, read by gfx950's 64-lane columns: the tile's
// architecture is NVIDIA's, a typed_layout's is the one it names.
using nvidia_swizzle = swizzled_tile<float, 64, 64>::layout;
static_assert(is_conflict_free_v<swizzled_tile<float, 64, 64>, column_segments<>>);
static_assert(!is_conflict_free_v<typed_layout<nvidia_swizzle, float, arch::gfx950_t>, column_segments<>>);
// No pattern: the tile's own, those it was chosen for (rows_and_columns by default).
static_assert(is_conflict_free_v<padded_tile<float, 32, 32>> && is_conflict_free_v<swizzled_tile<float, 64, 64>>);
// [is_conflict_free_v]

// [assert_conflict_free]
static_assert(assert_conflict_free<padded_tile<float, 32, 32>, row_segments<>, column_segments<>>());
static_assert(assert_conflict_free<padded, column_segments<>>());
static_assert(assert_conflict_free<padded_tile<double, 64, 64>>());  // its own: rows and columns
// [assert_conflict_free]

// [assert_conflict_free_report]
// analyze's report, and a walk's, in variables of static storage (a template argument may refer
// to one; a local needs `static constexpr`).
constexpr report row_read = analyze([](int lane) { return 4 * lane; }, load(4));
static_assert(assert_conflict_free<row_read>());
constexpr tile_report padded_columns = analyze_tile<column_segments<>, float>(row_major<32, 32, 33>{});
static_assert(assert_conflict_free<padded_columns>());
// [assert_conflict_free_report]

// [bank_conflict]
// Only named, never instantiated here: instantiating it is the compile error.
using conflict = bank_conflict<column_segments<>, warp_access<0>, phase<0>, bank<0>, lanes<0, 1>, words<0, 32>, degree<32>>;
// [bank_conflict]

// ctest compiles this file once more with FAIL_bank_conflict defined, and checks the error names
// the conflict.
#ifdef FAIL_bank_conflict
// [assert_conflict_free_fails]
static_assert(assert_conflict_free<plain, column_segments<>>());  // a column of float[32][32]
// [assert_conflict_free_fails]
#endif
#ifdef FAIL_reported_conflict
// [assert_conflict_free_report_fails]
constexpr report column_read = analyze([](int lane) { return 128 * lane; }, load(4));  // float[32][32]
static_assert(assert_conflict_free<column_read>());
// [assert_conflict_free_report_fails]
#endif

int main() {}
