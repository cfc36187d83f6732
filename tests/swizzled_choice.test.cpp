// SPDX-License-Identifier: BSL-1.0
// Tests for swizzled_tile's bounded search (choose_bounded, padded_tile.hpp): it chooses the
// swizzle, and reports the cost, that choose finds walking every candidate in full.
#include <bankcheck/swizzled_tile.hpp>
#include <doctest/doctest.h>

#include "support/whole_search.hpp"

#include <boost/mp11/list.hpp>

#include <initializer_list>
#include <type_traits>

using namespace bankcheck;
using boost::mp11::mp_list;

namespace {
struct bytes16 {
  alignas(16) unsigned char b[16];
};

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

// More candidates than one block of the search (detail::choice_block): FP8-sized elements over
// large tiles, whose free swizzle comes late. Each has more than the 256 candidates a
// static_assert once refused; choose_swizzle, the same search at run time, agrees (below).
using fp8_nvidia = swizzled_tile<unsigned char, 256, 512>;  // 128 KB
static_assert(fp8_nvidia::choice::candidates == 281 && fp8_nvidia::choice::value.index == 262);
static_assert(std::is_same_v<fp8_nvidia::swizzle, xor_swizzle<5, 2, 7>> && fp8_nvidia::conflict_free);
using fp8_gfx950 = swizzled_tile<unsigned char, 256, 256, rows_and_columns, arch::gfx950_t>;  // 64 KB
static_assert(fp8_gfx950::choice::candidates == 289 && fp8_gfx950::choice::value.index == 280);
static_assert(std::is_same_v<fp8_gfx950::swizzle, xor_swizzle<6, 2, 6>> && fp8_gfx950::conflict_free);

namespace {
// choose_bounded over made-up candidates, N of them, many more than a block: candidate I has
// I's conflicts below (0 at Free, none when Free < 0), is unusable when I % 7 == 3, and its
// walk stopped at Cap reports exactly Cap conflicts once it has that many, the least a real
// walk may report. The probes point at a candidate that is not the best. Two candidates in three
// have a floor under their conflicts (least_conflicts, as swizzles' xor_floor): half of them, or
// all of them (a floor that is exact). A walk that the floor shows cannot win is a compile
// error: the search must not ask for it. (A floor that ties the best so far, before it, is
// tied_tile's case below.)
constexpr long long fake_conflicts(int i, int free) { return i == free ? 0 : 1 + (i * 37 + 11) % 97; }
constexpr detail::layout_cost fake_cost(int i, int free, long long cap) {
  detail::layout_cost c{};
  c.usable = i % 7 != 3;
  if (c.usable) {
    const long long whole = fake_conflicts(i, free);
    c.ideal = 1000;
    c.wavefronts = c.ideal + (cap >= 0 && whole > cap ? cap : whole);
    c.degree = 1 + i % 5;
  }
  return c;
}
// The first usable candidate of n with the fewest conflicts, found by looking at each.
constexpr int fake_best(int n, int free) {
  int best = -1;
  for (int i = 0; i < n; ++i)
    if (i % 7 != 3 && (best < 0 || fake_conflicts(i, free) < fake_conflicts(best, free))) best = i;
  return best;
}
void walked_a_candidate_that_its_floor_rules_out() {}  // not constexpr: reaching it fails the evaluation
template <int N, int Free>
struct fake_candidates {
  template <int I>
  static constexpr long long probe_conflicts() noexcept {
    return I % 7 == 3 ? ~0ULL >> 1 : (I * 53) % 89;
  }
  template <int I>
  static constexpr long long least_conflicts =
      I % 3 == 0 ? fake_conflicts(I, Free) / 2 : I % 3 == 1 ? fake_conflicts(I, Free) : 0;
  template <int I, long long Cap>
  static constexpr detail::layout_cost cost() noexcept {
    if (Cap >= 0 && least_conflicts<I> >= Cap) walked_a_candidate_that_its_floor_rules_out();
    return fake_cost(I, Free, Cap);
  }
};
// choose_bounded finds fake_best's candidate, with its whole cost.
template <int N, int Free>
constexpr bool fake_choice_is_the_best() {
  const int best = fake_best(N, Free);
  constexpr detail::choice c = detail::choose_bounded<fake_candidates<N, Free>, N>();
  return c.index == best && c.cost.usable && c.cost.ideal == 1000 &&
         c.cost.wavefronts == 1000 + fake_conflicts(best, Free) && c.cost.degree == 1 + best % 5;
}
// choose, the unbounded search (exchange_padding's): the same candidates, each walked whole.
template <int N, int Free>
struct fake_whole {
  template <int I>
  static constexpr detail::layout_cost cost() noexcept {
    return fake_candidates<N, Free>::template cost<I, -1>();
  }
};
template <int N, int Free>
constexpr bool fake_whole_choice_is_the_best() {
  const int best = fake_best(N, Free);
  constexpr detail::choice c = detail::choose<fake_whole<N, Free>, 0, N>();
  return c.index == best && c.cost.wavefronts == 1000 + fake_conflicts(best, Free);
}
}  // namespace
static_assert(fake_choice_is_the_best<1000, 700>(), "a free candidate late in the list");
static_assert(fake_whole_choice_is_the_best<1000, 700>() && fake_whole_choice_is_the_best<1000, -1>(),
              "choose walks 1000 candidates in blocks, where one chain outgrew the compilers' limits");
static_assert(fake_whole_choice_is_the_best<33, -1>() && fake_whole_choice_is_the_best<32, 31>() &&
              fake_whole_choice_is_the_best<1, -1>());
static_assert(fake_choice_is_the_best<1000, -1>(), "no free candidate: every one walked, bounded");
static_assert(fake_choice_is_the_best<33, -1>() && fake_choice_is_the_best<32, 31>() && fake_choice_is_the_best<1, -1>());

// swizzled_tile's floor (xor_floor): float[32][32]'s first column asks 32 words of bank 0
// unswizzled, so a swizzle of B bits leaves it at least 32 / 2^B - 1 conflicts (its first row
// none): of its 76 candidates, only the last (B = 5) may be conflict-free.
using float_swizzles = detail::swizzles<4, 32, 32, arch::nvidia_t, row_segments<>, column_segments<>>;
static_assert(float_swizzles::params<1>.b == 1 && float_swizzles::least_conflicts<1> == 15);
static_assert(float_swizzles::params<74>.b == 4 && float_swizzles::least_conflicts<74> == 1);
static_assert(float_swizzles::params<75>.b == 5 && float_swizzles::least_conflicts<75> == 0);
static_assert(swizzled_tile<float, 32, 32>::choice::candidates == 76 &&
              swizzled_tile<float, 32, 32>::choice::value.index == 75);
// No swizzle is free for 16-byte elements read by a 2 x 8 block transposed over 3 x 6 of them,
// and the identity ties the best: a floor that skipped a candidate tying the best so far would
// take Swizzle<1, 4, 1> (a review found it).
using tied_tile = swizzled_tile<bytes16, 3, 6, mp_list<thread_block<2, 8, op_kind::load, true>>>;
static_assert(tied_tile::choice::value.index == 0 && !tied_tile::conflict_free);
static_assert(same_choice<bytes16, 3, 6, mp_list<thread_block<2, 8, op_kind::load, true>>>());

namespace {
// detail::search_candidates, choose_padding's and choose_swizzle's search, over the same made-up
// candidates at run time with a floor of one's own: the best candidate (fake_choice_is_the_best's),
// and no walk of a candidate that the floor shows cannot win. Returns the walks.
template <class Floor>
int check_search(int n, int free, const Floor& floor) {
  int walks = 0;
  auto cost = [&](int i, long long cap) {
    ++walks;
    CHECK_FALSE((cap >= 0 && floor(i) >= cap));
    return fake_cost(i, free, cap);
  };
  const int best = fake_best(n, free);
  const detail::choice c = detail::search_candidates(n, cost, floor);
  CHECK(c.index == best);
  CHECK(c.cost.wavefronts == 1000 + fake_conflicts(best, free));
  return walks;
}
}  // namespace

TEST_CASE("the choosers' run-time search walks no candidate that its floor shows cannot win") {
  for (const int free : {700, -1}) {
    INFO("conflict-free candidate: " << free);
    // No floor, and a floor under every third candidate (half its conflicts): each candidate
    // is walked at most once, in order.
    CHECK(check_search(1000, free, detail::no_floor{}) <= 1000);
    CHECK(check_search(1000, free, [free](int i) { return i % 3 == 0 ? fake_conflicts(i, free) / 2 : 0; }) <= 1000);
  }
  // A floor that rules most candidates out of being conflict-free (all but multiples of 10):
  // those are walked first, each to its first conflict, so the conflict-free candidate 700 is
  // found after 71 walks, where without the floor every candidate before it is walked.
  auto most = [](int free) { return [free](int i) -> long long { return i % 10 != 0 && i != free ? 1 : 0; }; };
  CHECK(check_search(1000, 700, most(700)) == 71);
  CHECK(check_search(1000, 700, detail::no_floor{}) == 701);
  // With no conflict-free candidate, the 100 left are walked first in vain, then the search goes on.
  CHECK(check_search(1000, -1, most(-1)) > 100);
}

TEST_CASE("swizzled_tile's bounded search is checked at compile time") { CHECK(wide_chars::conflict_free); }

TEST_CASE("swizzled_tile past one block of candidates chooses as choose_swizzle does at run time") {
  const swizzle_choice nvidia = choose_swizzle(1, 256, 512, row_segments<>{}, column_segments<>{});
  CHECK(nvidia.b == fp8_nvidia::swizzle::bits);
  CHECK(nvidia.m == fp8_nvidia::swizzle::base);
  CHECK(nvidia.s == fp8_nvidia::swizzle::shift);
  CHECK(nvidia.wavefronts == fp8_nvidia::wavefronts);
  CHECK(nvidia.ideal == fp8_nvidia::ideal);
  const swizzle_choice gfx950 = choose_swizzle(arch::gfx950, 1, 256, 256, row_segments<>{}, column_segments<>{});
  CHECK(gfx950.b == fp8_gfx950::swizzle::bits);
  CHECK(gfx950.m == fp8_gfx950::swizzle::base);
  CHECK(gfx950.s == fp8_gfx950::swizzle::shift);
  CHECK(gfx950.wavefronts == fp8_gfx950::wavefronts);
  CHECK(gfx950.ideal == fp8_gfx950::ideal);
}
