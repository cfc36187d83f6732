// SPDX-License-Identifier: BSL-1.0
// bankcheck: padded_tile<T, R, C, Accesses>, a shared-memory tile that pads its rows by the
// fewest elements that make the declared accesses conflict-free.
#ifndef BANKCHECK_PADDED_TILE_HPP
#define BANKCHECK_PADDED_TILE_HPP

// Only mp_list, from the header that defines it alone where this Boost has one:
// <boost/mp11/list.hpp> also brings <type_traits> and mp_append, a third or more of the
// library's include cost (benchmarks/README.md, "Include cost").
#if __has_include(<boost/mp11/detail/mp_list.hpp>)
#include <boost/mp11/detail/mp_list.hpp>
#else
#include <boost/mp11/list.hpp>
#endif

#include <bankcheck/arch.hpp>
#include <bankcheck/config.hpp>
#include <bankcheck/layout.hpp>
#include <bankcheck/pattern.hpp>
#include <bankcheck/tile.hpp>

BANKCHECK_DETAIL_COMMAS_BEGIN

namespace bankcheck {

namespace detail {
BANKCHECK_HOST_DEVICE constexpr int largest(int a, int b, int c) noexcept {
  return a > b ? (a > c ? a : c) : (b > c ? b : c);
}


// What a candidate layout costs for a list of patterns: their tile reports added up.
struct layout_cost {
  errc error = errc::none;
  bool usable = false;       // every access aligned for its width
  long long wavefronts = 0;
  long long ideal = 0;
  int degree = 0;            // the largest pattern's tile_report::degree(): each the worst phase of
                             // its access with the most conflicts

  BANKCHECK_HOST_DEVICE constexpr bool conflict_free() const noexcept { return usable && wavefronts == ideal; }
  BANKCHECK_HOST_DEVICE constexpr void add(const tile_report& t) noexcept {
    if (!t.ok() && error == errc::none) error = t.error;
    wavefronts += t.wavefronts;
    ideal += t.ideal;
    degree = t.degree() > degree ? t.degree() : degree;
  }
};

// The choosers' order: conflict-free first, then fewer wavefronts; ties keep the earlier
// (smaller, simpler) candidate.
BANKCHECK_HOST_DEVICE constexpr bool better(const layout_cost& a, const layout_cost& b) noexcept {
  if (!a.usable) return false;
  if (!b.usable) return true;
  if (a.conflict_free() != b.conflict_free()) return a.conflict_free();
  return a.wavefronts < b.wavefronts;
}

// One pattern over rows x cols elements of `bytes` bytes, rows `pitch` elements apart: row_major
// with the pitch as a value, with what row_major says of how it repeats.
struct pitched_facts {
  static constexpr bool vectors_alike = true;
  int bytes, pitch;
  BANKCHECK_HOST_DEVICE constexpr long long repeat(int dr, int dc, long long align) const noexcept {
    return pitched_repeat(dr, dc, pitch, bytes, 1, align);
  }
  BANKCHECK_HOST_DEVICE constexpr bitwise_form bitwise() const noexcept { return pitched_bitwise(pitch, bytes, 62, true); }
};
// Its byte offsets.
struct pitched_offset {
  int bytes, pitch;
  BANKCHECK_HOST_DEVICE constexpr long long operator()(int r, int c) const noexcept {
    return (static_cast<long long>(r) * pitch + c) * bytes;
  }
};
// The walk, on the architecture the type Arch names (arch_of_type), stops once the conflicts
// reach stop_at (negative: never), as walk_tile does.
template <class Pattern, class Arch>
BANKCHECK_HOST_DEVICE constexpr tile_report pitched_cost(int bytes, int rows, int cols, int pitch, long long stop_at) {
  pitched_offset offset{bytes, pitch};
  return walk_tile(Pattern{}, tile_shape{bytes, rows, cols}, offset, pitched_facts{bytes, pitch},
                   arch_of_type<Arch>::value(), stop_at);
}
// A candidate layout's walks: cost<Pattern, StopAt> is Pattern's tile report, the walk stopped
// at StopAt conflicts (negative: whole). Each is its own constant evaluation, with its own step
// budget.
template <int Bytes, int R, int C, int Pitch, class Arch>
struct pitched_walks {
  template <class Pattern, long long StopAt>
  static constexpr tile_report cost = pitched_cost<Pattern, Arch>(Bytes, R, C, Pitch, StopAt);
};

// The widest access of the patterns (values, or the types' objects): a pitch must keep every
// row start aligned to it.
BANKCHECK_CALLS_USER_CODE
template <class... Patterns>
BANKCHECK_HOST_DEVICE constexpr int widest_access_of(const tile_shape& shape, const Patterns&... patterns) noexcept {
  int w = shape.bytes;
  ((w = patterns.op(shape).bytes > w ? patterns.op(shape).bytes : w), ...);
  return w;
}
template <class... Patterns>
BANKCHECK_HOST_DEVICE constexpr int widest_access(int bytes, int rows, int cols) noexcept {
  return widest_access_of(tile_shape{bytes, rows, cols}, Patterns{}...);
}

// Paddings worth trying: the cost repeats when the pitch grows by a bank row (banks x bank_bytes:
// 128 bytes on NVIDIA), and a longer pitch only splits words lanes shared; which pitches align
// for the widest access repeats every `widest` bytes. So the best padding lies below lcm(bank
// row, widest) bytes: one bank row on every built-in architecture, whose rows the widest access
// divides, and more where it does not (34 banks of 4 bytes and float4 loads: 272 bytes, 68
// floats, where the paddings below one row, 34 floats, left 8 of the 17 aligned bank offsets
// untried). At most 1024 bytes: 64 banks of 16 bytes, or 63 of 16 (1008).
// A widest access that is no access width (1, 2, 4, 8 or 16 bytes) counts as 1 here: the walks
// name its rule, where a million-byte op had made a million candidates.
BANKCHECK_HOST_DEVICE constexpr int padding_candidates(int bytes, int row_bytes, int widest) noexcept {
  const long long w = widest <= 16 && (widest & (widest - 1)) == 0 ? widest : 1,
                  period = row_bytes / gcd(row_bytes, w) * w;  // lcm
  return static_cast<int>(period / gcd(period, bytes));
}

// A search over candidates instantiates itself once for each candidate it walks, one inside
// the other. Over all candidates in one chain, that nesting outgrew the compilers' limits (g++:
// constexpr depth 512 near 600 candidates, template depth 900 near 1000; clang's stack before
// either), where a tile of bytes has up to 829 (swizzle_count) and an exchange of bytes up to
// 1024 (a bank row of an architecture given as data). The searches walk their candidates in
// blocks of this many, one block after another: the nesting is a block deep, plus one level for
// each block before it.
inline constexpr int choice_block = 32;

// The choosers' search: candidates I, I + 1, ... below Last, in the order they prefer on a tie;
// Candidates::cost<I>() is candidate I's cost. It stops at the first conflict-free candidate,
// which no later one beats: the later ones are then never instantiated, so never evaluated.
// Every walk is whole; padded_tile and swizzled_tile bound theirs (choose_bounded).
struct choice {
  int index = 0;
  layout_cost cost{};
};
// choose over one block, I .. Last - 1.
template <class Candidates, int I, int Last>
BANKCHECK_HOST_DEVICE constexpr choice choose_in_block() noexcept {
  constexpr layout_cost here = Candidates::template cost<I>();
  if constexpr (here.conflict_free() || I + 1 >= Last) {
    return choice{I, here};
  } else {
    constexpr choice rest = choose_in_block<Candidates, I + 1, Last>();
    return better(rest.cost, here) ? rest : choice{I, here};
  }
}
template <class Candidates, int I, int Last>
BANKCHECK_HOST_DEVICE constexpr choice choose() noexcept {
  constexpr int end = Last - I > choice_block ? I + choice_block : Last;
  constexpr choice here = choose_in_block<Candidates, I, end>();
  if constexpr (end >= Last || here.cost.conflict_free()) {
    return here;
  } else {
    constexpr choice rest = choose<Candidates, end, Last>();
    return better(rest.cost, here.cost) ? rest : here;
  }
}

// The conflicts of the patterns' first accesses (each walk stopped at 0 conflicts): a floor
// under the candidate's conflicts.
template <class Walks, class... Patterns>
BANKCHECK_HOST_DEVICE constexpr long long probe_conflicts() noexcept {
  return (0 + ... + Walks::template cost<Patterns, 0>.conflicts());
}

// c plus the costs of the patterns listed first; with Cap >= 0 the walks stop once c's conflicts
// reach Cap. Round 0 takes those whose first access conflicts (all of them when Cap < 0), round
// 1 the others of `all`: the likelier to reach Cap go first. The sums do not depend on the order.
template <class Walks, int Round, long long Cap, class All>
BANKCHECK_HOST_DEVICE constexpr layout_cost add_costs(layout_cost c, pattern_list<>, All all) noexcept {
  if constexpr (Round == 0) {
    return add_costs<Walks, 1, Cap>(c, all, all);
  } else {
    return c;
  }
}
template <class Walks, int Round, long long Cap, class All, class Pattern, class... Rest>
BANKCHECK_HOST_DEVICE constexpr layout_cost add_costs(layout_cost c, pattern_list<Pattern, Rest...>, All all) noexcept {
  if constexpr ((Cap < 0 || Walks::template cost<Pattern, 0>.conflicts() > 0) != (Round == 0)) {
    return add_costs<Walks, Round, Cap>(c, pattern_list<Rest...>{}, all);
  } else {
    constexpr tile_report t = Walks::template cost<Pattern, Cap>;
    c.add(t);
    if constexpr (Cap >= 0 && t.conflicts() >= Cap) {
      return c;
    } else {
      return add_costs<Walks, Round, (Cap < 0 ? Cap : Cap - t.conflicts())>(c, pattern_list<Rest...>{}, all);
    }
  }
}

// A usable candidate's cost, its walks stopped at Cap conflicts (Cap < 0: whole). When the first
// accesses already reach Cap, their cost alone: at least Cap conflicts either way.
template <class Walks, long long Cap, class... Patterns>
BANKCHECK_HOST_DEVICE constexpr layout_cost bounded_cost() noexcept {
  layout_cost c{};
  c.usable = true;
  if constexpr (Cap >= 0 && probe_conflicts<Walks, Patterns...>() >= Cap) {
    (c.add(Walks::template cost<Patterns, 0>), ...);
    return c;
  } else {
    return add_costs<Walks, 0, Cap>(c, pattern_list<Patterns...>{}, pattern_list<Patterns...>{});
  }
}

// choose, with a bound: the best usable candidate of I .. Last - 1, but Best, that beats
// candidate Best with Cap conflicts (Cap < 0: any does), or index -1 when none does. Every usable
// candidate has the same ideal (padding and swizzling move addresses, not lanes: lanes that
// share an address still do, and the phases depend on nothing else), so better() is fewer
// conflicts, and a tie keeps the smaller index. Candidates::cost<I, Cap>() walks stop where the
// candidate can no longer win; only the chosen one's cost is whole. Candidates::least_conflicts<I>
// is a floor under candidate I's conflicts, known without a walk (0: none known): where it shows
// that I cannot win, I is not walked at all.
template <class Candidates, int I, int Last, long long Cap, int Best>
BANKCHECK_HOST_DEVICE constexpr choice choose_below() noexcept {
  // (Before Best a tie wins: there I must beat Cap + 1 conflicts.)
  if constexpr (I == Best ||
                (Cap >= 0 && Candidates::template least_conflicts<I> >= (I < Best ? Cap + 1 : Cap))) {
    if constexpr (I + 1 >= Last) {
      return choice{-1, {}};
    } else {
      return choose_below<Candidates, I + 1, Last, Cap, Best>();
    }
  } else {
    constexpr long long cap = Cap >= 0 && I < Best ? Cap + 1 : Cap;  // before Best, a tie wins
    constexpr layout_cost here = Candidates::template cost<I, cap>();
    constexpr long long conflicts = here.wavefronts - here.ideal;
    constexpr choice mine{!here.usable || (cap >= 0 && conflicts >= cap) ? -1 : I, here};
    if constexpr (here.conflict_free() || I + 1 >= Last) {
      return mine;
    } else {
      constexpr choice rest =
          choose_below<Candidates, I + 1, Last, (mine.index < 0 ? Cap : conflicts), (mine.index < 0 ? Best : I)>();
      return rest.index >= 0 ? rest : mine;
    }
  }
}

// choose_below over candidates I .. Last - 1 a block at a time, each block bounded by the best
// of the blocks before it (Best with Cap conflicts, as choose_below's): the same choice.
template <class Candidates, int I, int Last, long long Cap, int Best>
BANKCHECK_HOST_DEVICE constexpr choice choose_blocks() noexcept {
  constexpr int end = Last - I > choice_block ? I + choice_block : Last;
  constexpr choice here = choose_below<Candidates, I, end, Cap, Best>();
  if constexpr (end >= Last || (here.index >= 0 && here.cost.conflict_free())) {
    return here;
  } else {
    constexpr bool found = here.index >= 0;
    constexpr long long cap = found ? here.cost.wavefronts - here.cost.ideal : Cap;
    constexpr int best = found ? here.index : Best;
    constexpr choice rest = choose_blocks<Candidates, end, Last, cap, best>();
    return rest.index >= 0 ? rest : here;
  }
}

// The candidate whose first accesses conflict least, the first on a tie: a likely winner whose
// conflicts bound the others' walks from the start. `best` is the best of the candidates before
// I so far (index 0 with the largest count before any).
struct likely_choice {
  int index = 0;
  long long conflicts = ~0ULL >> 1;
};
template <class Candidates, int I, int Last>
BANKCHECK_HOST_DEVICE constexpr likely_choice likely_in_block(likely_choice best) noexcept {
  if constexpr (I >= Last) {
    return best;
  } else {
    constexpr long long here = Candidates::template probe_conflicts<I>();
    return likely_in_block<Candidates, I + 1, Last>(here < best.conflicts ? likely_choice{I, here} : best);
  }
}
template <class Candidates, int I, int Last>
BANKCHECK_HOST_DEVICE constexpr likely_choice likely_best(likely_choice best) noexcept {
  constexpr int end = Last - I > choice_block ? I + choice_block : Last;
  const likely_choice here = likely_in_block<Candidates, I, end>(best);
  if constexpr (end >= Last) {
    return here;
  } else {
    return likely_best<Candidates, end, Last>(here);
  }
}

// What choose finds: the first conflict-free candidate, found with every walk stopped at its
// first conflict; when there is none, the best of all, bounded from the start by a likely one.
template <class Candidates, int Last>
BANKCHECK_HOST_DEVICE constexpr choice choose_bounded() noexcept {
  constexpr choice first_free = choose_blocks<Candidates, 0, Last, 1, -1>();
  if constexpr (first_free.index >= 0) {
    return first_free;
  } else {
    constexpr int seed = likely_best<Candidates, 0, Last>(likely_choice{}).index;
    constexpr layout_cost seed_cost = Candidates::template cost<seed, -1>();
    constexpr choice rest = choose_blocks<Candidates, 0, Last, seed_cost.wavefronts - seed_cost.ideal, seed>();
    return rest.index >= 0 ? rest : choice{seed, seed_cost};
  }
}

// A pitch the choosers may pick: every row start stays aligned to the widest access, and the
// pitch and the offsets fit in int, as row_major's must (padding 0's always do).
BANKCHECK_HOST_DEVICE constexpr bool usable_pitch(long long bytes, long long rows, long long cols, long long pitch,
                                                  long long widest) noexcept {
  return pitch * bytes % widest == 0 && pitch <= int_max && (rows - 1) * pitch + cols <= int_max;
}

// padded_tile's candidates on Arch: padding I, when its pitch is usable. An unusable one never
// wins, and its probe says so.
template <int Bytes, int R, int C, class Arch, class... Patterns>
struct paddings {
  template <int I>
  static constexpr bool usable =
      usable_pitch(Bytes, R, C, static_cast<long long>(C) + I, widest_access<Patterns...>(Bytes, R, C));
  template <int I>
  BANKCHECK_HOST_DEVICE static constexpr long long probe_conflicts() noexcept {
    if constexpr (usable<I>) {
      return detail::probe_conflicts<pitched_walks<Bytes, R, C, C + I, Arch>, Patterns...>();
    } else {
      return ~0ULL >> 1;
    }
  }
  template <int I>
  static constexpr long long least_conflicts = 0;  // none known
  template <int I, long long Cap>
  BANKCHECK_HOST_DEVICE static constexpr layout_cost cost() noexcept {
    if constexpr (usable<I>) {
      return bounded_cost<pitched_walks<Bytes, R, C, C + I, Arch>, Cap, Patterns...>();
    } else {
      return layout_cost{};
    }
  }
};

// Where no pitch is usable (Usable false), the patterns' walks over the unpadded tile: a rule one
// breaks (a bad op, say) fails their constant evaluation, and the compiler names it, where the
// search, which walked nothing, has no error to give. Nothing is walked where a pitch is usable.
template <bool Usable, int Bytes, int R, int C, class Arch, class... Patterns>
inline constexpr bool unpadded_walks_ok = true;
template <int Bytes, int R, int C, class Arch, class... Patterns>
inline constexpr bool unpadded_walks_ok<false, Bytes, R, C, Arch, Patterns...> =
    (pitched_walks<Bytes, R, C, C, Arch>::template cost<Patterns, -1>.ok() && ...);


template <int Bytes, int R, int C, class Accesses, class Arch>
struct padding_for;
template <int Bytes, int R, int C, template <class...> class List, class... Patterns, class Arch>
struct padding_for<Bytes, R, C, List<Patterns...>, Arch> {
  static_assert(sizeof...(Patterns) > 0, "padded_tile: the list of accesses must not be empty.");
  static constexpr int widest = widest_access<Patterns...>(Bytes, R, C);
  static constexpr int candidates =
      padding_candidates(Bytes, arch_of_type<Arch>::value().banks * arch_of_type<Arch>::value().bank_bytes, widest);
  static constexpr choice value = choose_bounded<paddings<Bytes, R, C, Arch, Patterns...>, candidates>();
  static constexpr bool walks_ok = unpadded_walks_ok<value.cost.usable, Bytes, R, C, Arch, Patterns...>;
};

}  // namespace detail

// The accesses padded_tile makes conflict-free unless told otherwise: warps reading rows and
// warps reading columns.
using rows_and_columns = boost::mp11::mp_list<row_segments<>, column_segments<>>;

// R x C elements of T in rows of `pitch` = C + `padding` elements, padding the smallest that makes
// every access in `Accesses` (an Mp11 list of patterns) cost its ideal wavefronts on `Arch`; when
// none does, the one with the fewest wavefronts, then the smallest. A trivial aggregate: declare
// it __shared__. The element size must be 1, 2, 4, 8 or 16 bytes. Arch: a built-in architecture
// (arch::gfx942_t ...; NVIDIA by default), or a type whose value converts to `architecture`; its
// warps walk the patterns, and its bank row bounds the paddings.
// Example: padded_tile<float, 32, 32>::padding -> 1 (pitch 33); degree -> 1
//          padded_tile<float, 64, 64, mp_list<thread_block<32, 8, op_kind::load, true>>, arch::gfx950_t>::pitch
//          -> 66 (NVIDIA: 65)
template <class T, int R, int C, class Accesses = rows_and_columns, class Arch = arch::nvidia_t>
struct padded_tile {
  static_assert(R > 0 && C > 0, "padded_tile: the extents must be positive.");
  static_assert(detail::element_required<T>::value, "(padded_tile's T: the message above)");
  static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8 || sizeof(T) == 16,
                "padded_tile: the element size must be 1, 2, 4, 8 or 16 bytes.");
  static_assert(detail::accesses_list<Accesses>::given,
                "padded_tile: Accesses must be a list of patterns, as rows_and_columns is (one pattern P: "
                "boost::mp11::mp_list<P>).");
  static_assert(detail::accesses_list<Accesses>::patterns,
                "padded_tile: Accesses must be a list of patterns, each an access pattern (a type with op(s), "
                "accesses(s), lanes(s, k) and at(s, k, lane), as row_segments<> has), not a list in a list.");
  // Accesses as a list of patterns: the choice's, and the checks' where they name none.
  using accesses = typename detail::accesses_list<Accesses>::type;
  using choice = detail::padding_for<static_cast<int>(sizeof(T)), R, C, accesses, Arch>;
  static_assert(!static_cast<bool>(choice::value.cost.error) && choice::walks_ok,
                "padded_tile: an access pattern does not fit the tile.");
  static_assert(choice::value.cost.usable, "padded_tile: no padding keeps every access aligned.");

  using value_type = T;
  using arch_type = Arch;  // the checks (is_conflict_free_v, assert_conflict_free) walk it too
  static constexpr int rows = R, cols = C;
  static constexpr int padding = choice::value.index;
  static constexpr int pitch = C + padding;
  // The chosen layout's cost for Accesses, summed over every warp-access of the tile.
  static constexpr long long wavefronts = choice::value.cost.wavefronts;
  static constexpr long long ideal = choice::value.cost.ideal;
  static constexpr int degree = choice::value.cost.degree;
  static constexpr bool conflict_free = choice::value.cost.conflict_free();
  using layout = row_major<R, C, pitch>;
  // At least the widest access and a bank's bytes: the counts hold for any base so aligned
  // (moving every address by whole bank words rotates the banks), where a char tile aligned to 1
  // could start mid-word and share words its count did not.
  static constexpr int alignment = detail::largest(choice::widest, static_cast<int>(alignof(T)),
                                                   detail::arch_of_type<Arch>::value().bank_bytes);

  // T[R][pitch], as one would write it by hand: indexing compiles to the same code; sizeof rounds
  // it up to whole bank words (padded_tile<char, 3, 3>: 12 bytes). (The bounds
  // are unsigned for g++'s -Wsign-conversion, which warns of an int template parameter there.)
  alignas(alignment) T elements[unsigned{R}][unsigned{pitch}];

  BANKCHECK_HOST_DEVICE constexpr T& operator()(int r, int c) noexcept { return elements[r][c]; }
  BANKCHECK_HOST_DEVICE constexpr const T& operator()(int r, int c) const noexcept { return elements[r][c]; }
  BANKCHECK_HOST_DEVICE constexpr T* data() noexcept { return &elements[0][0]; }
  BANKCHECK_HOST_DEVICE constexpr const T* data() const noexcept { return &elements[0][0]; }
};

namespace detail {
// R, where Arch is an architecture (a built-in one, `architecture`, or a type that converts to
// it, which the choosers then convert: arch_value): the run-time choosers' overloads that take
// one first.
template <class R, class...>
struct first_type {
  using type = R;
};
template <class Arch, class R>
using if_architecture = typename first_type<R, architecture_of<Arch>>::type;

// The patterns' costs over one candidate layout (walk_tile's offsets and facts) on `arch`, each
// walk stopped once the candidate's conflicts reach `cap` (negative: never), where it has lost:
// bounded_cost, for patterns given as values.
template <class ByteOffset, class Facts, class Arch, class... Patterns>
BANKCHECK_HOST_DEVICE constexpr layout_cost capped_cost(const tile_shape& shape, ByteOffset& offset, const Facts& facts,
                                                        const Arch& arch, long long cap, const Patterns&... patterns) {
  layout_cost c{};
  c.usable = true;
  auto add = [&](const auto& pattern) {
    const long long conflicts = c.wavefronts - c.ideal;
    if (!static_cast<bool>(c.error) && (cap < 0 || conflicts < cap))
      c.add(walk_tile(pattern, shape, offset, facts, arch, cap < 0 ? -1 : cap - conflicts));
  };
  (add(patterns), ...);
  return c;
}
// The choosers' search at run time (or in one constant evaluation), over candidates 0 .. n - 1:
// cost(i, cap) is candidate i's layout_cost, its walks stopped once its conflicts reach cap
// (negative: never), not usable where the candidate is not; floor(i) a floor under candidate i's
// conflicts, known without a walk of it (choose_swizzle's xor_floor; no_floor: none). The first
// conflict-free candidate; when there is none, the fewest conflicts, the first on a tie:
// choose_bounded's choice. Each candidate's walks stop once it has lost to the best so far, and
// a candidate the floor shows cannot win is not walked. choose_bounded's own order (every walk
// first stopped at its first conflict, then the candidate whose first accesses conflict least as
// the bound) was slower at run time, and so was walking first the patterns whose first access
// conflicts where one swizzle is conflict-free but late (benchmarks/README.md, twenty-sixth
// session). Where the floor rules most candidates out of being conflict-free, though, the others
// are walked first, each stopped at its first conflict, as choose_bounded walks them: the first
// that is conflict-free is then found without a walk of the ones before it. (Where it rules out
// a few, often the identity alone, walking the others twice when none is free cost more than it
// saved: benchmarks/README.md, thirty-ninth session.) An error (a pattern's rule over the tile)
// ends the search with it; index -1: no candidate is usable.
struct no_floor {
  BANKCHECK_HOST_DEVICE constexpr long long operator()(int) const noexcept { return 0; }
};
template <class Cost, class Floor>
BANKCHECK_HOST_DEVICE constexpr choice search_candidates(int n, Cost& cost, const Floor& floor) {
  int ruled_out = 0;
  for (int i = 0; i < n; ++i) ruled_out += floor(i) > 0;
  for (int i = 0; i < n && 2 * ruled_out > n; ++i) {
    if (floor(i) > 0) continue;
    const layout_cost c = cost(i, 1);
    if (static_cast<bool>(c.error) || c.conflict_free()) return choice{i, c};
  }
  choice best{-1, {}};
  for (int i = 0; i < n; ++i) {
    const long long cap = best.index < 0 ? -1 : best.cost.wavefronts - best.cost.ideal;
    if (cap >= 0 && floor(i) >= cap) continue;
    const layout_cost c = cost(i, cap);
    if (static_cast<bool>(c.error)) return choice{i, c};
    if (c.usable && (cap < 0 || c.wavefronts - c.ideal < cap)) {
      best = choice{i, c};
      if (c.conflict_free()) break;
    }
  }
  return best;
}
}  // namespace detail

// What choose_padding chose: padded_tile's padding, pitch and costs, as values.
struct padding_choice {
  errc error = errc::none;  // a pattern's rule over the tile; the counts are then 0
  int padding = 0;
  int pitch = 0;
  long long wavefronts = 0;
  long long ideal = 0;
  int degree = 0;

  BANKCHECK_HOST_DEVICE constexpr bool ok() const noexcept { return !static_cast<bool>(error); }
  BANKCHECK_HOST_DEVICE constexpr bool conflict_free() const noexcept { return ok() && wavefronts == ideal; }
};

// padded_tile's choice made at run time (or in one constant evaluation), for patterns given as
// values, thread blocks whose extents a tool or an autotuner picks among them: over a rows x cols
// tile of `bytes`-byte elements, the smallest padding that makes every pattern cost its ideal
// wavefronts; when none does, the one with the fewest wavefronts, then the smallest. The same
// candidates as padded_tile (paddings below lcm(bank row, widest access) bytes that keep every row
// start aligned to the widest access and the offsets in int), the same order and the same costs; each candidate's
// walks stop once it has lost to the best so far. On `arch` (first argument; NVIDIA without it),
// whose warps walk the patterns and whose bank row bounds the paddings (padded_tile's Arch).
// A shape, pattern or architecture that breaks a rule gives that rule in `error` (a compile error
// in a constant expression). In a constant expression the whole search is one evaluation, under
// one step limit (clang's 1,048,576 holds a 32 x 32 float tile's rows and columns in 3,952
// steps, benchmarks/compile/steps.sh); padded_tile spreads its search over many.
// Example: choose_padding(4, 64, 64, dynamic_thread_block{16, 16}).padding -> 16 (pitch 80)
//          choose_padding(arch::gfx950, 4, 64, 64, column_segments<>{}).padding -> 1
BANKCHECK_CALLS_USER_CODE  // (Arch: a user's conversion, plain constexpr)
template <class Arch, class... Patterns>
BANKCHECK_HOST_DEVICE constexpr detail::if_architecture<Arch, padding_choice> choose_padding(Arch given, int bytes,
                                                                                             int rows, int cols,
                                                                                             const Patterns&... patterns) {
  static_assert(sizeof...(Patterns) > 0 && (detail::is_pattern<Patterns>::value && ...),
                "choose_padding: give at least one pattern, each an access pattern (a list such as rows_and_columns "
                "is padded_tile's Accesses: give its patterns one by one).");
  // A built-in tag, or the architecture given.
  const auto arch = static_cast<typename detail::arch_value<Arch>::type>(given);
  if (!detail::valid_architecture(arch)) return padding_choice{violated::architecture_is_invalid()};
  const int row_bytes = arch.banks * arch.bank_bytes;
  if ((bytes != 1 && bytes != 2 && bytes != 4 && bytes != 8 && bytes != 16) || rows < 1 || cols < 1 ||
      static_cast<long long>(rows) * cols > detail::int_max)
    return padding_choice{violated::tile_shape_is_invalid()};
  const tile_shape shape{bytes, rows, cols};
  const int widest = detail::widest_access_of(shape, patterns...);
  auto cost = [&](int padding, long long cap) {
    const long long pitch = static_cast<long long>(cols) + padding;
    if (!detail::usable_pitch(bytes, rows, cols, pitch, widest)) return detail::layout_cost{};
    detail::pitched_offset offset{bytes, static_cast<int>(pitch)};
    return detail::capped_cost(shape, offset, detail::pitched_facts{bytes, offset.pitch}, arch, cap, patterns...);
  };
  const detail::choice c =
      detail::search_candidates(detail::padding_candidates(bytes, row_bytes, widest), cost, detail::no_floor{});
  if (static_cast<bool>(c.cost.error)) return padding_choice{c.cost.error};
  if (c.index < 0) {
    // No pitch was usable, so nothing was walked: a rule a pattern breaks (a bad op, say) comes
    // first, as a walk of the unpadded tile names it.
    detail::pitched_offset offset{bytes, cols};
    const detail::layout_cost unpadded =
        detail::capped_cost(shape, offset, detail::pitched_facts{bytes, cols}, arch, -1, patterns...);
    return padding_choice{static_cast<bool>(unpadded.error) ? unpadded.error
                                                            : violated::address_must_be_a_multiple_of_the_access_width()};
  }
  return padding_choice{errc::none, c.index, cols + c.index, c.cost.wavefronts, c.cost.ideal, c.cost.degree};
}
template <class... Patterns>
BANKCHECK_HOST_DEVICE constexpr padding_choice choose_padding(int bytes, int rows, int cols,
                                                              const Patterns&... patterns) {
  return choose_padding(arch::nvidia_t{}, bytes, rows, cols, patterns...);
}

}  // namespace bankcheck

BANKCHECK_DETAIL_COMMAS_END

#endif
