// SPDX-License-Identifier: BSL-1.0
// Tests for swizzled_tile's bounded search (choose_bounded, padded_tile.hpp): it chooses the
// swizzle, and reports the cost, that choose finds walking every candidate in full.
#include <bankcheck/swizzled_tile.hpp>
#include <doctest/doctest.h>

#include "support/whole_search.hpp"

#include <boost/mp11/list.hpp>

#include <type_traits>

using namespace bankcheck;
using boost::mp11::mp_list;

namespace {
// The bounded search and the whole one agree on the candidate and on every count.
template <class T, int R, int C, class Accesses = rows_and_columns>
constexpr bool same_choice() {
  return bankcheck_test::same_choice<detail::swizzles, swizzled_tile<T, R, C, Accesses>, Accesses>();
}
}  // namespace

// A conflict-free swizzle exists: the first one.
static_assert(same_choice<float, 32, 32>());
static_assert(same_choice<short, 16, 64, mp_list<matrix_tiles<2>>>());
static_assert(same_choice<float, 16, 24, mp_list<column_segments<op_kind::store>>>());
static_assert(same_choice<short, 64, 32, mp_list<row_segments<op_kind::store, 8>, matrix_tiles<4>>>());
static_assert(same_choice<short, 64, 32, mp_list<thread_block<4, 32, op_kind::store, false, 8>, matrix_tiles<4>>>());
// None is conflict-free: the fewest wavefronts, the identity on a tie.
static_assert(same_choice<char, 32, 17>());
static_assert(same_choice<double, 32, 20, mp_list<row_segments<op_kind::load, 2>, column_segments<>>>());
static_assert(same_choice<char, 32, 64, mp_list<row_segments<op_kind::load, 16>, column_segments<>>>());

// Choices recorded from the whole search, for tiles it took seconds to find.
using wide_chars = swizzled_tile<char, 32, 200>;  // 28 candidates walked in full before the bound
static_assert(std::is_same_v<wide_chars::swizzle, xor_swizzle<1, 2, 5>> && wide_chars::conflict_free);
static_assert(wide_chars::wavefronts == 424 && wide_chars::ideal == 424 && wide_chars::degree == 1);
using odd_chars = swizzled_tile<char, 32, 17>;  // no swizzle is conflict-free
static_assert(std::is_same_v<odd_chars::swizzle, xor_swizzle<1, 2, 6>> && !odd_chars::conflict_free);
static_assert(odd_chars::wavefronts == 66 && odd_chars::ideal == 49 && odd_chars::degree == 2);
using float4_rows = swizzled_tile<float, 32, 128, mp_list<row_segments<op_kind::load, 4>, column_segments<>>>;
static_assert(std::is_same_v<float4_rows::swizzle, xor_swizzle<3, 4, 5>> && !float4_rows::conflict_free);
static_assert(float4_rows::wavefronts == 640 && float4_rows::ideal == 256 && float4_rows::degree == 4);

TEST_CASE("swizzled_tile's bounded search is checked at compile time") { CHECK(wide_chars::conflict_free); }
