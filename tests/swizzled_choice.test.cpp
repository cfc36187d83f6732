// SPDX-License-Identifier: BSL-1.0
// Tests for swizzled_tile's bounded search (swizzled_tile.hpp): it chooses the swizzle, and
// reports the cost, that choose finds walking every candidate in full.
#include <bankcheck/swizzled_tile.hpp>
#include <doctest/doctest.h>

#include <boost/mp11/list.hpp>

#include <type_traits>

using namespace bankcheck;
using boost::mp11::mp_list;

namespace {
// swizzled_tile's candidates with no bound: every walk whole, as before the bound.
template <int Bytes, int R, int C, class... Patterns>
struct whole_swizzles {
  template <int I>
  static constexpr detail::layout_cost cost() noexcept {
    return detail::swizzles<Bytes, R, C, Patterns...>::template cost<I, -1>();
  }
};

template <class T, int R, int C, class Accesses>
struct whole_search;
template <class T, int R, int C, template <class...> class List, class... Patterns>
struct whole_search<T, R, C, List<Patterns...>> {
  using bounded = typename swizzled_tile<T, R, C, List<Patterns...>>::choice;
  static constexpr detail::choice value =
      detail::choose<whole_swizzles<static_cast<int>(sizeof(T)), R, C, Patterns...>, 0, bounded::candidates>();
};

// The bounded search and the whole one agree on the candidate and on every count.
template <class T, int R, int C, class Accesses = rows_and_columns>
constexpr bool same_choice() {
  using bounded = typename swizzled_tile<T, R, C, Accesses>::choice;
  constexpr detail::choice a = bounded::value, b = whole_search<T, R, C, Accesses>::value;
  return a.index == b.index && a.cost.error == b.cost.error && a.cost.usable == b.cost.usable &&
         a.cost.wavefronts == b.cost.wavefronts && a.cost.ideal == b.cost.ideal && a.cost.degree == b.cost.degree;
}
}  // namespace

// A conflict-free swizzle exists: the first one.
static_assert(same_choice<float, 32, 32>());
static_assert(same_choice<short, 16, 64, mp_list<matrix_tiles<2>>>());
static_assert(same_choice<float, 16, 24, mp_list<column_segments<op_kind::store>>>());
// None is conflict-free: the fewest wavefronts, the identity on a tie.
static_assert(same_choice<char, 32, 17>());
static_assert(same_choice<double, 32, 20, mp_list<row_segments<op_kind::load, 2>, column_segments<>>>());

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
