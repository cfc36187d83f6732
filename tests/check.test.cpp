// SPDX-License-Identifier: BSL-1.0
// Tests for bankcheck/check.hpp. The failing assertions' messages are tested in
// tests/compile_fail (cases bank_conflict, reported_conflict and walk_reported_conflict).
#include <bankcheck/analyze.hpp>
#include <bankcheck/check.hpp>
#include <bankcheck/layout.hpp>
#include <bankcheck/padded_tile.hpp>
#include <bankcheck/swizzled_tile.hpp>
#include <doctest/doctest.h>

#include <type_traits>

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

// With no pattern, a tile is checked against its own (::accesses): padded_tile's and
// swizzled_tile's are the list each was chosen for, and their checks agree with ::conflict_free.
using boost::mp11::mp_list;
using vector_tile = padded_tile<float, 32, 128, mp_list<row_segments<op_kind::load, 4>, column_segments<>>>;
using gemm_tile = padded_tile<short, 128, 32, mp_list<thread_block<4, 32, op_kind::store, false, 8>, matrix_tiles<4>>>;
using gfx950_tile = padded_tile<float, 64, 64, mp_list<thread_block<32, 8, op_kind::load, true>>, arch::gfx950_t>;
static_assert(std::is_same_v<padded_tile<float, 32, 32>::accesses, rows_and_columns>);
static_assert(std::is_same_v<vector_tile::accesses, mp_list<row_segments<op_kind::load, 4>, column_segments<>>>);
static_assert(is_conflict_free_v<padded_tile<float, 32, 32>> && assert_conflict_free<padded_tile<float, 32, 32>>());
static_assert(is_conflict_free_v<swizzled_tile<float, 32, 32>> && assert_conflict_free<swizzled_tile<float, 32, 32>>());
static_assert(is_conflict_free_v<gfx950_tile> && gfx950_tile::conflict_free, "walked on the tile's architecture");
static_assert(!is_conflict_free_v<gfx950_tile, column_segments<>>, "a pattern named is walked instead");
static_assert(!is_conflict_free_v<vector_tile> && !vector_tile::conflict_free, "no padding is free: the columns");
static_assert(is_conflict_free_v<vector_tile, row_segments<op_kind::load, 4>>, "the rows are");
static_assert(!is_conflict_free_v<gemm_tile> && !gemm_tile::conflict_free);
// A tile of one's own names its patterns the same way.
struct own_padded {
  using layout = row_major<32, 32, 33>;
  using value_type = float;
  using accesses = mp_list<column_segments<>, thread_block<32, 8, op_kind::load, true>>;
};
struct own_plain {
  using layout = row_major<32, 32>;
  using value_type = float;
  using accesses = mp_list<row_segments<>, column_segments<>>;
};
static_assert(is_conflict_free_v<own_padded> && assert_conflict_free<own_padded>());
// A pattern of one's own that is a class template of types is walked whole in a list: columns,
// as each lane reads row l's element k (a list's elements were never taken apart; a tile's
// ::accesses that is no list is a compile error, tests/compile_fail's own_*_accesses cases).
template <class P>
struct transposed : P {
  static constexpr element at(const tile_shape& s, int k, int lane) noexcept {
    const element e = P::at(s, k, lane);
    return element{e.col, e.row};
  }
};
struct own_transposed {
  using layout = row_major<32, 32>;
  using value_type = float;
  using accesses = mp_list<transposed<row_segments<>>>;
};
static_assert(!is_conflict_free_v<own_transposed> && is_conflict_free_v<own_transposed, row_segments<>>);
static_assert(is_conflict_free_v<typed_layout<row_major<32, 32, 33>, float>, transposed<row_segments<>>>);
static_assert(!is_conflict_free_v<own_plain> && is_conflict_free_v<own_plain, row_segments<>>);

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
