// SPDX-License-Identifier: BSL-1.0
// bankcheck: the seed's checks, conflict_degree and strided_degree, on their own. Including it
// costs a unit 15 / 11 M instructions (g++ / clang++, callgrind, over an empty unit), analyze.hpp
// (which includes it) 83 / 72: what a hundred checks cost in all, where a unit has only these
// (benchmarks/README.md, fifteenth session; measured again in the twenty-third).
#ifndef BANKCHECK_SEED_HPP
#define BANKCHECK_SEED_HPP

#include <bankcheck/config.hpp>
#include <bankcheck/detail/seed.hpp>

namespace bankcheck {

// The seed's formula: passes = max over banks of the distinct words lanes 0..31 ask of it,
// word_of_lane(l) being a 4-byte word index (32 banks). 0 only for invalid input at run time.
// Example: conflict_degree([](int l) { return 32 * l; }) -> 32 (a column of float[32][32])
// Two overloads, one answer: a callable that converts to a function pointer (a lambda without
// captures, a function) is called through it, so the work is compiled once per pointer type
// rather than once per lambda; any other callable (captures, a generic lambda, a function
// object) is gathered into an array here. The second overload's empty pack only makes the first
// the better match where both apply. Call conflict_degree; do not take its address (an overload
// set, like the standard library's functions).
BANKCHECK_CALLS_USER_CODE
template <class F>
BANKCHECK_HOST_DEVICE constexpr auto conflict_degree(F&& word_of_lane)
    -> decltype(detail::seed_degree_through(+word_of_lane)) {
  BANKCHECK_DETAIL_SKIP_SPECULATIVE_EVALUATION();
  return detail::seed_degree_through(+word_of_lane);
}
BANKCHECK_CALLS_USER_CODE
template <class F, class... Never>
BANKCHECK_HOST_DEVICE constexpr int conflict_degree(F&& word_of_lane, detail::never_an_argument<Never>...) {
  BANKCHECK_DETAIL_SKIP_SPECULATIVE_EVALUATION();
  // Gathered here, into 32 words, and nothing more per lane: this loop is compiled for every
  // such callable (benchmarks/README.md). (words[0]'s first value names address_type, whose
  // refusal of a result is then the first error, before the calls'.)
  detail::u64 words[32] = {detail::address_type<decltype(word_of_lane(0))>::is_signed};
  for (int l = 0; l < 32; ++l)
    words[l] = static_cast<detail::result_as<decltype(word_of_lane(0))>>(word_of_lane(l));
  return detail::seed_degree(words, detail::address_type<decltype(word_of_lane(0))>::is_signed);
}

// Closed form for word stride d: gcd(d, 32) passes, 1 for d == 0 (a broadcast).
// Example: strided_degree(2) -> 2, strided_degree(33) -> 1
BANKCHECK_HOST_DEVICE constexpr int strided_degree(long long d) noexcept {
  return d == 0 ? 1 : static_cast<int>(detail::gcd_with_banks(static_cast<detail::u64>(d) % 32, 32));
}

}  // namespace bankcheck

#endif
