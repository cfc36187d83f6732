// SPDX-License-Identifier: BSL-1.0
// bankcheck: the seed's model (MODEL.md's 32 banks of 4-byte words, one word a lane), the
// engine's stages specialized to its fixed geometry, and the few basics the engine shares with
// them: only what conflict_degree needs, and no <cstdint> (12 / 11 M instructions to g++ /
// clang++ over an empty unit, as much as the rest of bankcheck/seed.hpp; benchmarks/README.md,
// fifteenth session).
#ifndef BANKCHECK_DETAIL_SEED_HPP
#define BANKCHECK_DETAIL_SEED_HPP

#include <bankcheck/config.hpp>
#include <bankcheck/detail/integral.hpp>
#include <bankcheck/error.hpp>

// u64 is std::uint64_t, and BANKCHECK_DETAIL_U64(c) its UINT64_C(c), from the compiler's own
// macros where it has them (GCC, Clang, nvcc); elsewhere from <cstdint>.
#if defined(__UINT64_TYPE__) && defined(__UINT64_C)
#define BANKCHECK_DETAIL_U64_TYPE __UINT64_TYPE__
#define BANKCHECK_DETAIL_U64(c) __UINT64_C(c)
#elif defined(__UINT64_TYPE__) && defined(__UINT64_C_SUFFIX__)
#define BANKCHECK_DETAIL_U64_TYPE __UINT64_TYPE__
#define BANKCHECK_DETAIL_U64_PASTE(c, suffix) c##suffix
#define BANKCHECK_DETAIL_U64_SUFFIX(c, suffix) BANKCHECK_DETAIL_U64_PASTE(c, suffix)
#define BANKCHECK_DETAIL_U64(c) BANKCHECK_DETAIL_U64_SUFFIX(c, __UINT64_C_SUFFIX__)
#else
#include <cstdint>
#define BANKCHECK_DETAIL_U64_TYPE std::uint64_t
#define BANKCHECK_DETAIL_U64(c) UINT64_C(c)
#endif

namespace bankcheck {
namespace detail {

using u64 = BANKCHECK_DETAIL_U64_TYPE;

// g++ evaluates some constant expressions twice: first speculatively, while folding an
// operator's operands (the `conflict_degree(f) == 2` of a static_assert), then where the value is
// needed. The speculative evaluation is not manifestly constant-evaluated, and g++ gives it up at
// __builtin_is_constant_evaluated(); each entry point asks that first, so a check is evaluated
// once (benchmarks/README.md). Results never change; at run time it is a call to nothing. Clang
// also evaluates a comparison's operands a second time, for its warnings, but the question does
// not stop that evaluation (measured), so it would only cost steps: with Clang the macro is empty.
// A function, not a statement in each entry point: g++ copies a template's statements into every
// instantiation, and the entry points are instantiated once per callable.
#if defined(__has_builtin) && defined(__GNUC__) && !defined(__clang__)
#if __has_builtin(__builtin_is_constant_evaluated)
BANKCHECK_HOST_DEVICE inline void evaluated_at_run_time() noexcept {}
BANKCHECK_HOST_DEVICE constexpr void skip_speculative_evaluation() noexcept {
  if (!__builtin_is_constant_evaluated()) evaluated_at_run_time();
}
#define BANKCHECK_DETAIL_SKIP_SPECULATIVE_EVALUATION() ::bankcheck::detail::skip_speculative_evaluation()
#endif
#endif
#ifndef BANKCHECK_DETAIL_SKIP_SPECULATIVE_EVALUATION
#define BANKCHECK_DETAIL_SKIP_SPECULATIVE_EVALUATION()
#endif

// The lowest and highest set bit of m (m != 0). GCC's and Clang's builtins are constant
// expressions and one instruction at run time; nvcc's front end gets the portable search.
BANKCHECK_HOST_DEVICE constexpr int lowest_lane(u64 m) noexcept {
#if (defined(__GNUC__) || defined(__clang__)) && !defined(__CUDACC__)
  return __builtin_ctzll(m);
#else
  int l = 0;
  for (int s = 32; s > 0; s >>= 1)
    if ((m & ((u64{1} << s) - 1)) == 0) m >>= s, l += s;
  return l;
#endif
}
// The same as an expression, for code that a constant evaluation runs often: a call costs steps.
#if (defined(__GNUC__) || defined(__clang__)) && !defined(__CUDACC__)
#define BANKCHECK_DETAIL_LOWEST_BIT(m) __builtin_ctzll(m)
#else
#define BANKCHECK_DETAIL_LOWEST_BIT(m) ::bankcheck::detail::lowest_lane(m)
#endif
BANKCHECK_HOST_DEVICE constexpr int highest_lane(u64 m) noexcept {
#if (defined(__GNUC__) || defined(__clang__)) && !defined(__CUDACC__)
  return 63 - __builtin_clzll(m);
#else
  int l = 0;
  for (int s = 32; s > 0; s >>= 1)
    if (m >> s) m >>= s, l += s;
  return l;
#endif
}

// The set bits of m. The macro, not the function, where the compiler has a builtin (GCC, Clang
// and nvcc, as a constant expression): in a constant evaluation a call costs more than the count.
BANKCHECK_HOST_DEVICE constexpr int set_bits(u64 m) noexcept {
  int n = 0;
  for (; m != 0; m &= m - 1) ++n;
  return n;
}
#if defined(__GNUC__) || defined(__clang__) || defined(__CUDACC__)
#define BANKCHECK_DETAIL_SET_BITS(m) __builtin_popcountll(m)
#else
#define BANKCHECK_DETAIL_SET_BITS(m) ::bankcheck::detail::set_bits(m)
#endif

// gcd(s, banks) for a power-of-two `banks` and s < banks: s's lowest set bit (banks for 0).
// Lanes at word stride s (s != 0) meet on a bank every banks / gcd lanes, each with a word of its own.
BANKCHECK_HOST_DEVICE constexpr u64 gcd_with_banks(u64 s, u64 banks) noexcept {
  return s == 0 ? banks : s & (~s + 1);
}

// The callable's result type: an integer of 64 bits or fewer (a byte address or word index),
// signed or not. bool, enumerations, floating-point and 128-bit types are refused.
template <class Result>
struct address_type {
  static_assert(integer<Result>::kind != 0,
                "bankcheck: the address callable must return an integer type of 64 bits or fewer, not bool "
                "(a byte address or word index)");
  static constexpr bool is_signed = integer<Result>::kind == 2;
};

// What a user's callable's results are cast to: To, or for a result that is no integer (which a
// static_assert refuses), a type that anything converts to and that converts to u64 (0). So the
// refusal is the one error, where each call's cast added one of its own (a callable returning a
// pointer: about 300 lines from g++, 490 from conflict_degree, whose first error named no rule).
struct refused_result {
  template <class T>
  BANKCHECK_HOST_DEVICE constexpr explicit refused_result(const T&) noexcept {}
  BANKCHECK_HOST_DEVICE constexpr operator u64() const noexcept { return 0; }  // NOLINT(google-explicit-constructor)
};
template <bool Integer, class To> struct result_cast { using type = To; };
template <class To> struct result_cast<false, To> { using type = refused_result; };
template <class Result, class To = u64>
using result_as = typename result_cast<integer<Result>::kind != 0, To>::type;

// errc::none, or the rule some value breaks: every value at once, from their OR `all`. width is
// a power of two (a checked access's), so a multiple of it has no bit below it: a mask, not the
// division that `%` by a width known only at run time is.
BANKCHECK_HOST_DEVICE constexpr errc check_values(u64 all, int unit, bool is_signed, int width) noexcept {
  return is_signed && (all >> 63) ? violated::address_must_not_be_negative()
         : unit > 1 && all > ~u64{0} / static_cast<unsigned>(unit)
             ? violated::address_is_out_of_range()
         : (all * static_cast<unsigned>(unit) & static_cast<unsigned>(width - 1)) != 0
             ? violated::address_must_be_a_multiple_of_the_access_width()
             : errc::none;
}

// T, as a type that depends on U. Clang resolves a call in a template whose arguments depend on
// nothing when it parses the template, and instantiates a constexpr callee then; with an argument
// of this type the callee is instantiated only with the template. So a unit that includes
// analyze.hpp and never calls pass_schedule(f) or conflict_degree does not compile the engine
// for them (30% of the header's cost to Clang; benchmarks/README.md).
template <class T, class U>
struct dependent {
  using type = T;
};

// No argument can have this type: a pack of it is always empty (conflict_degree).
template <class T>
struct never_an_argument {};

// The seed's model (MODEL.md): lanes 0..31 read one 4-byte word each from 32 banks; the passes
// are the most distinct words any bank is asked for. These functions return them, or 0 for
// invalid input at run time. They are the stages of serve_phase, specialized to the seed's fixed
// geometry, as conflict_degree is the check users write most often. They call nothing else of
// the engine, so a unit whose checks are all conflict_degree's never compiles serve_phase (10 /
// 6 M instructions to g++ / clang++, benchmarks/README.md). Word indices are valid below 2^62
// (word * 4 fits 64 bits, and 4-byte words are aligned): that is tested inline, and check_values
// is called only to name the broken rule (a call costs a constant evaluation more than the
// test). gcd(s, 32) is inline for the same reason.

// Affine words w0 + l * s with |s| < 2^32 (distinct modulo 2^64 unless s == 0), `all` the OR of
// the first and the last (no word between them wraps around, so the two bound every word):
// gcd(s, 32) passes, 1 for s == 0 (one word, a broadcast).
BANKCHECK_HOST_DEVICE constexpr int seed_affine_degree(u64 all, u64 s, bool is_signed) noexcept {
  const u64 m = s % 32;
  if (all >> 62 != 0) return static_cast<void>(check_values(all, 4, is_signed, 4)), 0;
  return s == 0 ? 1 : m == 0 ? 32 : static_cast<int>(m & (~m + 1));
}

// Any 32 words w[l]: one bank row costs 1; words within 64 bank rows are bucketed by q-bits;
// wider words are counted as serve_phase counts them where q-bits can alias. The first stage is
// written out: a constant evaluation pays about as much for a loop's control as for each term's
// work (benchmarks/compile/costs.py, benchmarks/README.md). The q-bits stage is a loop: written
// out, it cost g++ 4.8 M instructions to parse and 8.7 M to instantiate, once per unit, more
// than the evaluation time it saved a hundred checks (benchmarks/README.md, fifteenth session).
// A template (Word is u64) so that only units that call conflict_degree compile it (a quarter
// of analyze.hpp's cost to g++).
template <class Word>
BANKCHECK_HOST_DEVICE constexpr int seed_scattered_degree(const Word (&w)[32], bool is_signed) noexcept {
  const u64 w0 = w[0];
  // Four short chains, not one of 31 terms: g++ takes twice as long to parse the long one.
  const u64 d0 = (w[1] ^ w0) | (w[2] ^ w0) | (w[3] ^ w0) | (w[4] ^ w0) |
                 (w[5] ^ w0) | (w[6] ^ w0) | (w[7] ^ w0) | (w[8] ^ w0),
            d1 = (w[9] ^ w0) | (w[10] ^ w0) | (w[11] ^ w0) | (w[12] ^ w0) |
                 (w[13] ^ w0) | (w[14] ^ w0) | (w[15] ^ w0) | (w[16] ^ w0),
            d2 = (w[17] ^ w0) | (w[18] ^ w0) | (w[19] ^ w0) | (w[20] ^ w0) |
                 (w[21] ^ w0) | (w[22] ^ w0) | (w[23] ^ w0) | (w[24] ^ w0),
            d3 = (w[25] ^ w0) | (w[26] ^ w0) | (w[27] ^ w0) | (w[28] ^ w0) |
                 (w[29] ^ w0) | (w[30] ^ w0) | (w[31] ^ w0),
            diff = d0 | d1 | d2 | d3;
  if ((w0 | diff) >> 62 != 0) return static_cast<void>(check_values(w0 | diff, 4, is_signed, 4)), 0;
  if (diff < 32) return 1;
  if (diff < 64 * u64{32}) {
    // Within one block of 64 bank rows: bit (word / 32) % 64 of q[bank] marks a word asked, and
    // a bank's passes are its set bits (32 at most, one per lane). Each lane's step also
    // sets bit n of `seen`, n being its bank's count so far; counts only grow, so the highest
    // bit is the worst bank's passes (one step a lane, not a second stage of 32 counts:
    // benchmarks/README.md). The literals are UINT64_C's: an int literal would be converted to 64
    // bits first, one more step of a constant evaluation in each (1-3% of a check to clang++).
    u64 q[32] = {}, seen = 0;
    // An index, not a range: the range's iterator cost a check of 2-D thread blocks 57 / 51 K
    // instructions more to evaluate (g++ / clang++, benchmarks/README.md, fifteenth session).
    for (int l = 0; l < 32; ++l)  // NOLINT(modernize-loop-convert)
      seen |= BANKCHECK_DETAIL_U64(1) << BANKCHECK_DETAIL_SET_BITS(q[w[l] & BANKCHECK_DETAIL_U64(31)] |=
                                                                    BANKCHECK_DETAIL_U64(1) << (w[l] >> 5 & BANKCHECK_DETAIL_U64(63)));
    return highest_lane(seen);
  }
  // Words spanning 64 bank rows or more: a set q-bit may stand for a word 64 rows away, so the
  // lanes before decide whether the word is new (serve_phase's inexact counting).
  u64 q[32] = {};
  int count[32] = {}, worst = 0;
  for (int l = 0; l < 32; ++l) {
    const u64 x = w[l], bit = BANKCHECK_DETAIL_U64(1) << (x >> 5 & BANKCHECK_DETAIL_U64(63));
    const int b = static_cast<int>(x & BANKCHECK_DETAIL_U64(31));
    if (q[b] & bit) {
      bool seen = false;
      for (int m = 0; m < l && !seen; ++m) seen = w[m] == x;
      if (seen) continue;
    }
    q[b] |= bit;
    if (++count[b] > worst) worst = count[b];
  }
  return worst;
}

// T(2) && T(3) && ... && T(30): the terms of the affine tests below, written out (one list for
// both; each adds lane 31 its own way), and of engine.hpp's gather through a function pointer.
#define BANKCHECK_DETAIL_LANES_2_TO_30(T)                                                                  \
  T(2) && T(3) && T(4) && T(5) && T(6) && T(7) && T(8) && T(9) && T(10) && T(11) && T(12) && T(13) && \
      T(14) && T(15) && T(16) && T(17) && T(18) && T(19) && T(20) && T(21) && T(22) && T(23) &&       \
      T(24) && T(25) && T(26) && T(27) && T(28) && T(29) && T(30)

// The words of a callable gathered into an array (conflict_degree with captures): affine words
// first, then seed_scattered_degree. The affine test is written out, like the XOR-difference
// after it.
template <class Word>
BANKCHECK_HOST_DEVICE constexpr int seed_degree(const Word (&w)[32], bool is_signed) noexcept {
  const u64 w0 = w[0], s = w[1] - w0;
  // Each term steps the expected word e on by s, left to right as && evaluates (the last one
  // needs no store): a compound assignment costs a constant evaluation less than w0 + l * s
  // (benchmarks/README.md).
  u64 e = w[1];
#define BANKCHECK_DETAIL_ON_LINE(l) (e += s) == w[l]
  if (s + (BANKCHECK_DETAIL_U64(1) << 32) < (BANKCHECK_DETAIL_U64(1) << 33) &&
      BANKCHECK_DETAIL_LANES_2_TO_30(BANKCHECK_DETAIL_ON_LINE) && e + s == w[31]) {
    return seed_affine_degree(w0 | w[31], s, is_signed);
  }
#undef BANKCHECK_DETAIL_ON_LINE
  return seed_scattered_degree(w, is_signed);
}

// A callable that converts to a function pointer (a lambda without captures, a function),
// called through the pointer. This is instantiated once per pointer type, where a template of
// the callable is instantiated again for every lambda (each a type of its own), so it can afford
// what would cost every check's instantiation: the affine test on the values as they come, on
// scalars (an array read costs a constant evaluation several times a scalar operation), and the
// 32 calls written out rather than looped (a loop's control costs a constant evaluation about as
// much as each term's work). 1607 -> 1244 / 1420 -> 1209 K instructions a check of the mix to
// clang++ / g++ (benchmarks/README.md, fifteenth session). Words that are not affine are
// gathered anew.
BANKCHECK_CALLS_USER_CODE
template <class R, class A>
BANKCHECK_HOST_DEVICE constexpr int seed_degree_through(R (*word_of_lane)(A)) {
  const u64 w0 = static_cast<result_as<R>>(word_of_lane(0)),
            s = static_cast<result_as<R>>(word_of_lane(1)) - w0;
  u64 e = w0 + s;  // lane l's word, were the words affine
#define BANKCHECK_DETAIL_CALL_ON_LINE(l) static_cast<result_as<R>>(word_of_lane(l)) == (e += s)
  if (s + (BANKCHECK_DETAIL_U64(1) << 32) < (BANKCHECK_DETAIL_U64(1) << 33) &&
      BANKCHECK_DETAIL_LANES_2_TO_30(BANKCHECK_DETAIL_CALL_ON_LINE) && BANKCHECK_DETAIL_CALL_ON_LINE(31))
    return seed_affine_degree(w0 | e, s, address_type<R>::is_signed);
#undef BANKCHECK_DETAIL_CALL_ON_LINE
  u64 words[32] = {};
#define BANKCHECK_DETAIL_GATHER(l) words[l] = static_cast<result_as<R>>(word_of_lane(l));
  BANKCHECK_DETAIL_GATHER(0) BANKCHECK_DETAIL_GATHER(1) BANKCHECK_DETAIL_GATHER(2) BANKCHECK_DETAIL_GATHER(3)
  BANKCHECK_DETAIL_GATHER(4) BANKCHECK_DETAIL_GATHER(5) BANKCHECK_DETAIL_GATHER(6) BANKCHECK_DETAIL_GATHER(7)
  BANKCHECK_DETAIL_GATHER(8) BANKCHECK_DETAIL_GATHER(9) BANKCHECK_DETAIL_GATHER(10) BANKCHECK_DETAIL_GATHER(11)
  BANKCHECK_DETAIL_GATHER(12) BANKCHECK_DETAIL_GATHER(13) BANKCHECK_DETAIL_GATHER(14) BANKCHECK_DETAIL_GATHER(15)
  BANKCHECK_DETAIL_GATHER(16) BANKCHECK_DETAIL_GATHER(17) BANKCHECK_DETAIL_GATHER(18) BANKCHECK_DETAIL_GATHER(19)
  BANKCHECK_DETAIL_GATHER(20) BANKCHECK_DETAIL_GATHER(21) BANKCHECK_DETAIL_GATHER(22) BANKCHECK_DETAIL_GATHER(23)
  BANKCHECK_DETAIL_GATHER(24) BANKCHECK_DETAIL_GATHER(25) BANKCHECK_DETAIL_GATHER(26) BANKCHECK_DETAIL_GATHER(27)
  BANKCHECK_DETAIL_GATHER(28) BANKCHECK_DETAIL_GATHER(29) BANKCHECK_DETAIL_GATHER(30) BANKCHECK_DETAIL_GATHER(31)
#undef BANKCHECK_DETAIL_GATHER
  return seed_scattered_degree(words, address_type<R>::is_signed);
}
// A function that returns nothing (a forgotten `return`): address_type's refusal alone.
template <class A>
BANKCHECK_HOST_DEVICE constexpr int seed_degree_through(void (*)(A)) {
  return static_cast<int>(address_type<typename dependent<void, A>::type>::is_signed) * 0;
}

}  // namespace detail
}  // namespace bankcheck

#endif
