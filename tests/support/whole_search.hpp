// SPDX-License-Identifier: BSL-1.0
// The choosers' bounded search (padded_tile.hpp, choose_bounded) against choose walking every
// candidate in full: they must pick the same candidate and report the same counts.
#ifndef BANKCHECK_TESTS_WHOLE_SEARCH_HPP
#define BANKCHECK_TESTS_WHOLE_SEARCH_HPP

#include <bankcheck/padded_tile.hpp>

namespace bankcheck_test {

// Candidates (detail::paddings or detail::swizzles, on Arch) with no bound: every walk whole.
template <template <int, int, int, class, class...> class Candidates, int Bytes, int R, int C, class Arch,
          class... Patterns>
struct whole_walks {
  template <int I>
  static constexpr bankcheck::detail::layout_cost cost() noexcept {
    return Candidates<Bytes, R, C, Arch, Patterns...>::template cost<I, -1>();
  }
};

template <template <int, int, int, class, class...> class Candidates, class Tile, class Accesses>
struct whole_search;
template <template <int, int, int, class, class...> class Candidates, class Tile, template <class...> class List,
          class... Patterns>
struct whole_search<Candidates, Tile, List<Patterns...>> {
  static constexpr bankcheck::detail::choice value =
      bankcheck::detail::choose<whole_walks<Candidates, static_cast<int>(sizeof(typename Tile::value_type)), Tile::rows,
                                            Tile::cols, typename Tile::arch_type, Patterns...>,
                                0, Tile::choice::candidates>();
};

// Tile (padded_tile or swizzled_tile over Accesses, on its arch_type) chose what the whole search
// chooses, with the same counts.
template <template <int, int, int, class, class...> class Candidates, class Tile, class Accesses>
constexpr bool same_choice() {
  constexpr bankcheck::detail::choice a = Tile::choice::value, b = whole_search<Candidates, Tile, Accesses>::value;
  return a.index == b.index && a.cost.error == b.cost.error && a.cost.usable == b.cost.usable &&
         a.cost.wavefronts == b.cost.wavefronts && a.cost.ideal == b.cost.ideal && a.cost.degree == b.cost.degree;
}

}  // namespace bankcheck_test

#endif
