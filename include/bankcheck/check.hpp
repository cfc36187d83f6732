// SPDX-License-Identifier: BSL-1.0
// bankcheck: compile-time checks: is_conflict_free_v, and assert_conflict_free, whose compile
// error names the pattern, the warp-access, the phase, the bank, two lanes and their words, and
// how bad: the phase's wavefronts (the access's degree); and assert_conflict_free over a report
// (analyze's or a walk's), which names the same but the pattern.
#ifndef BANKCHECK_CHECK_HPP
#define BANKCHECK_CHECK_HPP

#include <bankcheck/config.hpp>
#include <bankcheck/tile.hpp>

namespace bankcheck {

// A layout with its element type, and the architecture the checks walk it on (NVIDIA by
// default; as padded_tile's Arch), for the checks: padded_tile and swizzled_tile already are one.
// Example: is_conflict_free_v<typed_layout<row_major<32, 32, 33>, float>, column_segments<>> -> true
template <class Layout, class T, class Arch = arch::nvidia_t>
struct typed_layout {
  using layout = Layout;
  using value_type = T;
  using arch_type = Arch;
};

namespace detail {
// The architecture Tile's checks walk: what its arch_type names (arch_of_type), NVIDIA where it has none.
template <class Tile, class = void>
struct tile_arch {
  using type = arch::nvidia_t;
};
template <class Tile>
struct tile_arch<Tile, typename voider<typename Tile::arch_type>::type> {
  using type = typename Tile::arch_type;
};
template <class Tile, class Pattern>
BANKCHECK_HOST_DEVICE constexpr tile_report check_tile() {
  return analyze_tile<Pattern, typename Tile::value_type>(typename Tile::layout{},
                                                          arch_of_type<typename tile_arch<Tile>::type>::value());
}
// Instantiated for the checks' patterns: an empty list is an error, not a vacuous true.
template <int N>
struct patterns_given {
  static_assert(N > 0, "bankcheck: is_conflict_free_v and assert_conflict_free check the patterns they are given: give "
                       "at least one pattern, as is_conflict_free_v<Tile, row_segments<>, column_segments<>>, or a "
                       "tile that names its own (padded_tile's and swizzled_tile's ::accesses).");
  static constexpr bool value = N > 0;
};
// The patterns a check walks: those it names, else the tile's own (::accesses: the list of
// patterns a padded_tile or swizzled_tile was chosen for), else none, patterns_given's error.
// A tile's ::accesses is read as padded_tile reads its Accesses (accesses_list): one that is no
// list of patterns (a pattern alone, which as a class template of types would be taken apart
// into its arguments; a list of something else) is own_patterns' error, and the checks then walk
// nothing and are false (refused_patterns: a stand-in walked would name a conflict of its own).
struct refused_patterns {};
template <class Tile, class = void>
struct own_patterns {
  using type = pattern_list<>;
};
template <class Tile>
struct own_patterns<Tile, typename voider<typename Tile::accesses>::type> {
  using list = accesses_list<typename Tile::accesses>;
  static_assert(list::given && list::patterns,
                "bankcheck: a tile's ::accesses must be a list of patterns, each an access pattern, as padded_tile's "
                "is (boost::mp11::mp_list<row_segments<>, column_segments<>>; one pattern P: mp_list<P>).");
  using type = typename list_or<list::given && list::patterns, typename list::type, refused_patterns>::type;
};
template <class Tile, class... Patterns>
struct patterns_of {
  using type = pattern_list<Patterns...>;
};
template <class Tile>
struct patterns_of<Tile> : own_patterns<Tile> {};
template <class Tile, template <class...> class List, class... Patterns>
BANKCHECK_HOST_DEVICE constexpr bool all_conflict_free(List<Patterns...>) {
  return patterns_given<sizeof...(Patterns)>::value && (check_tile<Tile, Patterns>().conflict_free() && ...);
}
template <class Tile>
BANKCHECK_HOST_DEVICE constexpr bool all_conflict_free(refused_patterns) {
  return false;
}
}  // namespace detail

// Every warp-access of every pattern costs its ideal on Tile (a type with ::layout and
// ::value_type, and optionally ::arch_type, the architecture: NVIDIA without it). The patterns
// are named one by one (a list such as rows_and_columns is padded_tile's argument); with none,
// those of Tile's ::accesses, the list a padded_tile or swizzled_tile was chosen for.
// Example: is_conflict_free_v<padded_tile<float, 32, 32>> -> true (rows and columns, at pitch 33)
template <class Tile, class... Patterns>
inline constexpr bool is_conflict_free_v =
    detail::all_conflict_free<Tile>(typename detail::patterns_of<Tile, Patterns...>::type{});

// The parts of a conflict, as types, so a compiler's message shows them.
template <int K> struct warp_access {};
template <int P> struct phase {};
template <int B> struct bank {};
template <int A, int B> struct lanes {};
template <unsigned long long A, unsigned long long B> struct words {};
template <int D> struct degree {};  // the worst phase's wavefronts: D-way

template <class T> struct always_false { static constexpr bool value = false; };

// Instantiated only for a conflict: the error's "in instantiation of" line reads, e.g. (names
// shortened; each compiler spells them its own way),
//   bank_conflict<column_segments<load>, warp_access<0>, phase<0>, bank<0>, lanes<0, 1>, words<0, 32>, degree<32>>
template <class Pattern, class Access, class Phase, class Bank, class Lanes, class Words, class Degree>
struct bank_conflict {
  static_assert(always_false<Pattern>::value,
                "bankcheck: bank conflict, named by bank_conflict<pattern, warp_access<k>, phase<p>, bank<n>, "
                "lanes<a, b>, words<word a, word b>, degree<d>> in this error's lines: in the pattern's warp-access k, "
                "phase p, bank n serves lane a one word and lane b another, and the phase takes d wavefronts");
  static constexpr bool value = false;
};
// The same for a report (assert_conflict_free<R>() below), which does not know its pattern:
//   reported_conflict<warp_access<0>, phase<0>, bank<0>, lanes<0, 1>, words<0, 32>, degree<32>>
template <class Access, class Phase, class Bank, class Lanes, class Words, class Degree>
struct reported_conflict {
  static_assert(always_false<Access>::value,
                "bankcheck: bank conflict, named by reported_conflict<warp_access<k>, phase<p>, bank<n>, lanes<a, b>, "
                "words<word a, word b>, degree<d>> in this error's lines: in warp-access k (0 for analyze's report), "
                "phase p, bank n serves lane a one word and lane b another, and the phase takes d wavefronts");
  static constexpr bool value = false;
};

namespace detail {
template <class Tile, class Pattern>
BANKCHECK_HOST_DEVICE constexpr bool assert_one() noexcept {
  if constexpr (!is_pattern<Pattern>::value) {
    return pattern_required<Pattern>::value;  // its message, and no other error
  } else {
    constexpr tile_report r = check_tile<Tile, Pattern>();
    static_assert(r.ok(), "bankcheck: the pattern does not fit the tile (see the error above)");
    if constexpr (r.conflict_free()) {
      return true;
    } else {
      constexpr conflict_witness w = r.worst.worst;
      return bank_conflict<Pattern, warp_access<r.worst_access>, phase<w.phase>, bank<w.bank>, lanes<w.lane_a, w.lane_b>,
                           words<w.word_a, w.word_b>, degree<r.worst.degree>>::value;
    }
  }
}

template <class Tile, template <class...> class List, class... Patterns>
BANKCHECK_HOST_DEVICE constexpr bool assert_all(List<Patterns...>) noexcept {
  return patterns_given<sizeof...(Patterns)>::value && (assert_one<Tile, Patterns>() && ...);
}
template <class Tile>
BANKCHECK_HOST_DEVICE constexpr bool assert_all(refused_patterns) noexcept {
  return false;
}
}  // namespace detail

// true, or a compile error naming, for each pattern with a conflict, its worst access's conflict
// (the access with the most conflicts, the first on a tie: tile_report::worst_access). The
// patterns as is_conflict_free_v's: with none, the tile's own.
// Example: static_assert(assert_conflict_free<padded_tile<float, 32, 32>, column_segments<>>());
//          static_assert(assert_conflict_free<padded_tile<float, 32, 128, mp_list<row_segments<op_kind::load, 4>,
//                        column_segments<>>>>());  // no padding is free for both: the error names the
//                        // columns' conflict at the chosen pitch, 132 (4-way)
template <class Tile, class Pattern, class... Patterns>
BANKCHECK_HOST_DEVICE constexpr bool assert_conflict_free() noexcept {  // the patterns named
  return detail::assert_one<Tile, Pattern>() && (detail::assert_one<Tile, Patterns>() && ...);
}
template <class Tile>
BANKCHECK_HOST_DEVICE constexpr bool assert_conflict_free() noexcept {  // the tile's own
  return detail::assert_all<Tile>(typename detail::own_patterns<Tile>::type{});
}

// The same for a report in a variable of static storage (C++17 takes a reference to one as a
// template argument, not a value): analyze's, or a walk's (analyze_pattern, analyze_tile,
// analyze_pattern_v), whose worst access it names.
// Example: constexpr report column = analyze([](int l) { return 128 * l; }, load(4));
//          static_assert(assert_conflict_free<column>());  // reported_conflict<warp_access<0>, phase<0>,
//                                                          // bank<0>, lanes<0, 1>, words<0, 32>, degree<32>>
template <const report& R>
BANKCHECK_HOST_DEVICE constexpr bool assert_conflict_free() noexcept {  // analyze's report
  static_assert(R.ok(), "bankcheck: the report holds an error, not a cost");
  if constexpr (R.wavefronts == R.ideal) {
    return true;
  } else {
    return reported_conflict<warp_access<0>, phase<R.worst.phase>, bank<R.worst.bank>,
                             lanes<R.worst.lane_a, R.worst.lane_b>, words<R.worst.word_a, R.worst.word_b>,
                             degree<R.degree>>::value;
  }
}
template <const tile_report& R>
BANKCHECK_HOST_DEVICE constexpr bool assert_conflict_free() noexcept {  // a walk's report
  static_assert(R.ok(), "bankcheck: the report holds an error, not a cost");
  if constexpr (R.wavefronts == R.ideal) {
    return true;
  } else {
    return reported_conflict<warp_access<R.worst_access>, phase<R.worst.worst.phase>, bank<R.worst.worst.bank>,
                             lanes<R.worst.worst.lane_a, R.worst.worst.lane_b>,
                             words<R.worst.worst.word_a, R.worst.worst.word_b>, degree<R.worst.degree>>::value;
  }
}

}  // namespace bankcheck

#endif
