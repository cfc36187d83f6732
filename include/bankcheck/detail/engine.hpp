// SPDX-License-Identifier: BSL-1.0
// bankcheck: the one engine. Every query gathers lane addresses, then comes here, but the
// seed's conflict_degree, whose fixed geometry (32 banks of 4-byte words, one word a lane) has
// its own stages in detail/seed.hpp (tests compare both with the reference).
#ifndef BANKCHECK_DETAIL_ENGINE_HPP
#define BANKCHECK_DETAIL_ENGINE_HPP

#include <cstdint>

#include <bankcheck/arch.hpp>
#include <bankcheck/config.hpp>
#include <bankcheck/detail/integral.hpp>
#include <bankcheck/detail/seed.hpp>
#include <bankcheck/error.hpp>
#include <bankcheck/op.hpp>
#include <bankcheck/report.hpp>

BANKCHECK_DETAIL_COMMAS_BEGIN

namespace bankcheck {
namespace detail {

// The engine's working arrays (lane_values, bank_counts, phase_state) are zeroed in a constant
// evaluation, where C++17 needs every member initialized. At run time, where the compiler tells
// the two apart (GCC and Clang on the host), to_fill builds them with T(leave_unset{}[, used])
// instead, which sets only what the engine reads before writing it: the zeroing cost a third of
// a 4-byte access's run time (benchmarks/README.md). ctest's memcheck:replay-corpus runs the
// fuzz corpus under valgrind's memcheck, which reports any use of an unset value. A function: as
// an expression in each entry point, g++ formed it again for every callable (5% of an analyze
// check). Two overloads, not a pack: deducing an empty pack cost g++ 0.6% of an analyze check.
// BANKCHECK_DETAIL_AT_RUN_TIME() belongs in expressions and statements, never in the initializer
// of a const local: that initializer is tried as a constant expression first, where the macro is
// false, and `AT_RUN_TIME() && x` is then the constant false even at run time (clang warns,
// g++ 12 does not).
struct leave_unset {};
#if defined(__has_builtin) && (defined(__GNUC__) || defined(__clang__)) && !defined(__CUDACC__)
#if __has_builtin(__builtin_is_constant_evaluated)
#define BANKCHECK_DETAIL_AT_RUN_TIME() (!__builtin_is_constant_evaluated())
#endif
#endif
#ifndef BANKCHECK_DETAIL_AT_RUN_TIME
#define BANKCHECK_DETAIL_AT_RUN_TIME() false
#endif
template <class T>
BANKCHECK_HOST_DEVICE constexpr T to_fill() noexcept {
  return BANKCHECK_DETAIL_AT_RUN_TIME() ? T(leave_unset{}) : T{};
}
template <class T>
BANKCHECK_HOST_DEVICE constexpr T to_fill(int used) noexcept {
  return BANKCHECK_DETAIL_AT_RUN_TIME() ? T(leave_unset{}, used) : T{};
}

// What the user's callable gave: value[l] for each lane l it was called for, in units of
// `unit` bytes (1: byte addresses; 4: the seed's word indices). Lanes: the warp's size or more
// (lanes_for). At run time (to_fill) the values are left unset: gather writes every lane of its
// call mask, and the engine reads no other. (Array bounds are written unsigned{N} in the headers:
// g++'s -Wsign-conversion warns of an int template parameter as a bound, in users' builds too.)
template <int Lanes>
struct lane_values {
  std::uint64_t value[unsigned{Lanes}];
  std::uint64_t diff = 0;  // bits in which some value differs from the lowest lane's
  std::uint64_t all = 0;   // OR of every value (= lowest lane's value | diff)
  int unit = 1;
  bool is_signed = false;  // the callable returns a signed type: value >= 2^63 was negative

  BANKCHECK_HOST_DEVICE constexpr lane_values() noexcept : value{} {}
  // cppcheck-suppress uninitMemberVar
  BANKCHECK_HOST_DEVICE explicit lane_values(leave_unset) noexcept {}  // NOLINT(cppcoreguidelines-pro-type-member-init)
};

// The lanes of a mask as a loop range: lowest..highest, and whether every lane between is set.
struct lane_span {
  int first;
  int last;
  bool dense;
};
BANKCHECK_HOST_DEVICE constexpr lane_span span_of(std::uint64_t m) noexcept {
  if (m == 0xffffffff) return lane_span{0, 31, true};  // the common cases, without a search
  if (m == ~std::uint64_t{0}) return lane_span{0, 63, true};
  const int first = lowest_lane(m), last = highest_lane(m);
  return lane_span{first, last, m == lane_bits(first, last)};
}

// Active lanes and the lanes whose address is needed, after checking the architecture's
// scalars, the op and the mask (`mask == ~0` is the whole warp).
struct plan {
  errc error = errc::none;
  std::uint64_t active = 0;
  std::uint64_t call = 0;

  BANKCHECK_HOST_DEVICE constexpr bool ok() const noexcept { return error == errc::none; }
};

template <class Arch>
BANKCHECK_HOST_DEVICE constexpr plan make_plan(access op, std::uint64_t mask, const Arch& a) noexcept {
  BANKCHECK_DETAIL_SKIP_SPECULATIVE_EVALUATION();
  // valid_scalars(a), written out: a call costs every analyze two steps of a constant evaluation.
  if (a.banks < 1 || a.banks > 64 || a.warp_size < 1 || a.warp_size > 64 || a.bank_bytes < 1 ||
      a.bank_bytes > 16 || (a.bank_bytes & (a.bank_bytes - 1)) != 0)
    return plan{violated::architecture_is_invalid()};
  if (static_cast<bool>(op.check())) return plan{violate_access_rule(op.check())};
  const std::uint64_t warp = lane_bits(0, a.warp_size - 1);
  mask = mask == ~std::uint64_t{0} ? warp : mask;
  if (mask == 0) return plan{violated::lane_mask_must_not_be_empty()};
  if (mask & ~warp) return plan{violated::lane_mask_must_fit_the_warp()};
  if (op.is_matrix()) {
    if (!a.matrix_ops) return plan{violated::architecture_has_no_matrix_ops()};
    if (mask != warp) return plan{violated::matrix_ops_need_every_lane_of_the_warp()};
    if (a.warp_size < 32) return plan{violated::architecture_is_invalid()};  // they read lanes 0..31
    return plan{errc::none, mask, lane_bits(0, 8 * op.matrices - 1)};
  }
  return plan{errc::none, mask, mask};
}

// Calls f(l) once for each lane l of `call` (span: its first and last lane), in order; records
// the values, their OR and the bits in which they differ from the first. It is instantiated once
// per callable, and each call of f in it is formed again in every instantiation, so dense and
// sparse lanes share one loop (a second loop for sparse masks cost every analyze check about
// 0.35 M instructions, benchmarks/README.md). The loop's body is one expression: one step of a
// constant evaluation's budget per lane.
BANKCHECK_CALLS_USER_CODE
template <class F, int Lanes>
BANKCHECK_HOST_DEVICE constexpr void gather(F& f, std::uint64_t call, lane_span span, lane_values<Lanes>& v) {
  v.is_signed = address_type<decltype(f(0))>::is_signed;
  const std::uint64_t x0 = v.value[span.first] =
      static_cast<result_as<decltype(f(0))>>(f(span.first));
  std::uint64_t diff = 0;
  for (int l = span.first + 1; l <= span.last; ++l)
    diff |= span.dense || (call >> l & 1)
                ? (v.value[l] = static_cast<result_as<decltype(f(0))>>(f(l))) ^ x0
                : 0;
  v.diff = diff, v.all = x0 | diff;
}

// The same for a function pointer, through which analyze and pass_schedule call a lambda
// without captures (analyze.hpp's through_pointer): compiled once per pointer type, not once per
// lambda, so the calls of a whole warp of 32 lanes can be written out, as a constant evaluation
// pays about as much for a loop's control as for each call (an analyze check of the mix, g++ /
// clang++: 2641 -> 2486 / 3691 -> 3328 K instructions; benchmarks/README.md, sixteenth session).
// Other masks take the loop: the template above, which these explicit arguments name (here A
// would be an int).
BANKCHECK_CALLS_USER_CODE
template <class R, class A, int Lanes>
BANKCHECK_HOST_DEVICE constexpr void gather(R (*&f)(A), std::uint64_t call, lane_span span, lane_values<Lanes>& v) {
  if (Lanes < 32 || call != 0xffffffff) return gather<R (*)(A), Lanes>(f, call, span, v);
  v.is_signed = address_type<R>::is_signed;
  const std::uint64_t x0 = v.value[0] = static_cast<result_as<R>>(f(0));
  std::uint64_t diff = (v.value[1] = static_cast<result_as<R>>(f(1))) ^ x0;
#define BANKCHECK_DETAIL_GATHER(l) \
  ((diff |= (v.value[l] = static_cast<result_as<R>>(f(l))) ^ x0), true)
  static_cast<void>(BANKCHECK_DETAIL_LANES_2_TO_30(BANKCHECK_DETAIL_GATHER) && BANKCHECK_DETAIL_GATHER(31));
#undef BANKCHECK_DETAIL_GATHER
  v.diff = diff, v.all = x0 | diff;
}
// A function that returns nothing (a forgotten `return`): address_type's refusal is the one
// error, where the casts of the calls above gave about 300 lines.
template <class A, int Lanes>
BANKCHECK_HOST_DEVICE constexpr void gather(void (*&)(A), std::uint64_t, lane_span, lane_values<Lanes>& v) {
  v.is_signed = address_type<typename dependent<void, A>::type>::is_signed;
}

// errc::none, or the rule some value of v breaks (check_values of seed.hpp, on their OR).
template <int Lanes>
BANKCHECK_HOST_DEVICE constexpr errc check_values(const lane_values<Lanes>& v, int width) noexcept {
  return check_values(v.all, v.unit, v.is_signed, width);
}

// How values become banks: word = value * unit / bank_bytes, bank = word % banks; a lane
// touches max(1, width / bank_bytes) consecutive words. make_geometry fills in the rest once
// per instruction.
struct geometry {
  int banks = 32;
  int bank_bytes = 4;
  int unit = 1;
  int width = 4;
  // Values per bank row when rows align: banks * bank_bytes is a power of two that unit (1
  // or 4) divides and width does not exceed. 0 when they do not.
  std::uint64_t row = 0;
  // The counting path's view, where rows align. Then banks, bank_bytes, unit and the words per
  // lane are powers of two, and an aligned lane's words fill one "group" of `words` consecutive
  // banks in one bank row: every quantity below is a shift or a mask, not a division (a 64-bit
  // division costs more at run time than the rest of a lane's work).
  int unit_shift = 0;   // log2(unit)
  int chunk_shift = 0;  // log2(bank_bytes * words): a value's chunk is value * unit >> chunk_shift
  int group_shift = 0;  // log2(groups), 0 where rows do not align: a chunk's group is chunk % groups, its row chunk >> group_shift
  int word_shift = 0;   // log2(words): group b holds banks b * words .. b * words + words - 1
  // A value's chunk is value << up >> down. unit is at most a chunk (built-in architectures,
  // and every unit-4 caller uses 4-byte banks), so `down` alone makes it there.
  int up = 0;
  int down = 0;
};
BANKCHECK_HOST_DEVICE constexpr geometry make_geometry(int banks, int bank_bytes, int unit, int width) noexcept {
  // (Few statements: a constant evaluation's step budget counts them.) Where rows do not align,
  // banks need not be a power of two nor hold a lane's words: group_shift stays 0 there.
  const int unit_shift = BANKCHECK_DETAIL_LOWEST_BIT(static_cast<unsigned>(unit)),
            bank_shift = BANKCHECK_DETAIL_LOWEST_BIT(static_cast<unsigned>(bank_bytes)),
            word_shift = width > bank_bytes ? BANKCHECK_DETAIL_LOWEST_BIT(static_cast<unsigned>(width)) - bank_shift : 0,
            chunk_shift = bank_shift + word_shift;
  const std::uint64_t row_bytes = static_cast<std::uint64_t>(banks) * static_cast<unsigned>(bank_bytes),
                      row = (row_bytes & (row_bytes - 1)) == 0 && (row_bytes & static_cast<unsigned>(unit - 1)) == 0 &&
                                    row_bytes >= static_cast<unsigned>(width)
                                ? row_bytes >> unit_shift
                                : 0;
  return geometry{banks,
                  bank_bytes,
                  unit,
                  width,
                  row,
                  unit_shift,
                  chunk_shift,
                  row != 0 ? BANKCHECK_DETAIL_LOWEST_BIT(static_cast<unsigned>(banks)) - word_shift : 0,
                  word_shift,
                  unit_shift > chunk_shift ? unit_shift - chunk_shift : 0,
                  chunk_shift > unit_shift ? chunk_shift - unit_shift : 0};
}

// Bank queues of one phase. qbits[b] has bit (word / banks) % 64 set for each distinct word of
// bank b, so a word whose bit is clear is new in O(1). When a phase spans more than 64 bank
// rows, bits can alias, and the queue itself (a list of nodes in first-asked order) decides.
// A node per distinct word: at most the phase's lanes times the words per lane, 64 x 4 = 256 with
// 4-byte banks (every built-in architecture), 64 x 16 = 1024 with 1-byte banks.
// At run time (to_fill) only the scalars are set: serve reads a bank's entries only after it has
// set the bank's bit in `used` and filled them, and a node only below `nodes` (zeroing the 5.4 KB
// took 16-byte pass_schedule calls 40% of their run time, benchmarks/README.md).
template <int Nodes>
struct phase_state {
  std::uint64_t used;  // banks asked at least once
  std::uint64_t qbits[64];
  int count[64];
  int head[64];
  int tail[64];
  std::uint64_t node_word[unsigned{Nodes}];
  int node_lane[unsigned{Nodes}];
  int node_next[unsigned{Nodes}];
  int nodes;
  int worst;       // max count
  int worst_bank;  // first bank to reach it

  BANKCHECK_HOST_DEVICE constexpr phase_state() noexcept
      : used{0}, qbits{}, count{}, head{}, tail{}, node_word{}, node_lane{}, node_next{}, nodes{0}, worst{0},
        worst_bank{-1} {}
  // cppcheck-suppress uninitMemberVar
  BANKCHECK_HOST_DEVICE explicit phase_state(leave_unset) noexcept  // NOLINT(cppcoreguidelines-pro-type-member-init)
      : used{0}, nodes{0}, worst{0}, worst_bank{-1} {}
};

// The q-bit counters of serve_phase, one per group of banks, declared by the phases that count:
// a phase settled by a closed form never zeroes them, and none clears them after use (at run
// time 794 -> 753 instructions per 4-byte access; benchmarks/README.md). A group's tally holds
// its count (at most the lanes of a phase, 64) in its low 8 bits; above them, count_dense, which
// runs only at run time, records the group's lanes (bit 8 + l - lo for lane l), for the witness:
// one word to read and write a lane, not a count and a mask (random 4-byte words: 65.6-66.7 ->
// 57.2-58.0 ns in a standalone copy of the counting loop; benchmarks/README.md, twentieth
// session). At run time (to_fill) only the first `used` are zeroed, rounded up to a multiple of
// 8: the groups a phase can touch (8 of 32 for 16-byte accesses on NVIDIA).
// Zeroing all the counters inline (`rep stos`; 288 bytes then) in each of four phases took
// 16-byte accesses about a fifth of their run time; a loop of variable length became two calls to
// memset a phase, and blocks of 8 are a few vector stores (random 4-byte accesses 1597 -> 1575
// instructions, 16-byte 2342 -> 2261; benchmarks/README.md, sixteenth session).
template <int Groups>
struct bank_counts {
  static_assert(Groups % 8 == 0, "bankcheck: bank_counts zeroes its counters in blocks of 8");
  static constexpr int lane_shift = 8;  // a tally's lanes, above its count: 56 of them at most
  static constexpr std::uint64_t count_mask = (std::uint64_t{1} << lane_shift) - 1;
  std::uint64_t qbits[unsigned{Groups}];
  std::uint64_t tally[unsigned{Groups}];

  BANKCHECK_HOST_DEVICE constexpr bank_counts() noexcept : qbits{}, tally{} {}
  // cppcheck-suppress uninitMemberVar
  BANKCHECK_HOST_DEVICE bank_counts(leave_unset, int used) noexcept {  // NOLINT(cppcoreguidelines-pro-type-member-init)
    for (int b = 0; b < used; b += 8)
      for (int j = 0; j < 8; ++j) qbits[b + j] = 0, tally[b + j] = 0;
  }
};
// Enough counters for Arch's banks: its own number for a built-in architecture, else 64.
template <class Arch>
BANKCHECK_HOST_DEVICE constexpr int counters_for() noexcept {
  if constexpr (builtin_arch<Arch>) return Arch::banks;
  else return 64;
}
// Enough lane_values entries for Arch's warp, the same way.
template <class Arch>
BANKCHECK_HOST_DEVICE constexpr int lanes_for() noexcept {
  if constexpr (builtin_arch<Arch>) return Arch::warp_size;
  else return 64;
}

// Queue word w (asked by lane) at its bank; returns its pass, its position in the bank's queue.
template <int Nodes>
BANKCHECK_HOST_DEVICE constexpr int serve(phase_state<Nodes>& s, std::uint64_t w, int lane, int banks) noexcept {
  const int b = static_cast<int>(w % static_cast<unsigned>(banks));
  const std::uint64_t bit = std::uint64_t{1} << (w / static_cast<unsigned>(banks) % 64);
  if (!(s.used >> b & 1)) {
    s.used |= std::uint64_t{1} << b;
    s.qbits[b] = bit;
    s.count[b] = 1;
    s.head[b] = s.tail[b] = s.nodes;
  } else {
    if (s.qbits[b] & bit) {  // asked before, or an alias: the queue decides
      int pass = 0;
      for (int n = s.head[b]; n >= 0; n = s.node_next[n], ++pass)
        if (s.node_word[n] == w) return pass;
    }
    s.qbits[b] |= bit;
    ++s.count[b];
    s.node_next[s.tail[b]] = s.nodes, s.tail[b] = s.nodes;
  }
  s.node_word[s.nodes] = w;
  s.node_lane[s.nodes] = lane;
  s.node_next[s.nodes] = -1;
  ++s.nodes;
  if (s.count[b] > s.worst) s.worst = s.count[b], s.worst_bank = b;
  return s.count[b] - 1;
}

// Visitors see every word each lane asks, with its pass (its position in its bank's queue),
// then the lane's pass (the latest of its words'); no_visitor costs nothing.
struct no_visitor {
  static constexpr bool wants_passes = false;
  BANKCHECK_HOST_DEVICE constexpr void word(int, int, std::uint64_t, int) noexcept {}
  BANKCHECK_HOST_DEVICE constexpr void lane(int, int, int) noexcept {}
};
struct table_visitor {
  static constexpr bool wants_passes = true;
  pass_table* out;
  BANKCHECK_HOST_DEVICE constexpr void word(int, int, std::uint64_t, int) noexcept {}
  BANKCHECK_HOST_DEVICE constexpr void lane(int lane, int phase, int pass) const noexcept {
    out->phase[lane] = static_cast<signed char>(phase);
    out->pass[lane] = static_cast<short>(pass);
  }
};

// is_affine's test at run time: the last lane first, which must hold the first's value plus
// hi - lo steps (random words and XOR swizzles fail there), then every lane with no test
// between, a loop that g++ and clang++ vectorize. Nonzero when not affine.
template <int Lanes>
BANKCHECK_HOST_DEVICE constexpr std::uint64_t affine_off(const lane_values<Lanes>& v, int lo, int hi,
                                                         std::uint64_t step) noexcept {
  if (v.value[hi] - v.value[lo] != static_cast<unsigned>(hi - lo) * step) return 1;
  std::uint64_t off = 0;
  for (int l = lo + 1; l <= hi; ++l) off |= v.value[l] - v.value[l - 1] - step;
  return off;
}

// value[l] == value[lo] + (l - lo) * step for every lane lo..hi (modulo 2^64). In a constant
// evaluation two lanes a step, stopping at the first lane that is not; at run time affine_off
// decides, and the loop starts past hi (strided 4-byte accesses: 433 -> 362 instructions at run
// time, benchmarks/README.md, nineteenth session). Neither way adds a statement, which would be
// a step of a constant evaluation's budget.
template <int Lanes>
BANKCHECK_HOST_DEVICE constexpr bool is_affine(const lane_values<Lanes>& v, int lo, int hi, std::uint64_t step) noexcept {
  std::uint64_t off = BANKCHECK_DETAIL_AT_RUN_TIME() ? affine_off(v, lo, hi, step) : 0;
  for (int l = BANKCHECK_DETAIL_AT_RUN_TIME() ? hi + 1 : lo + 1; l <= hi && off == 0; l += 2)
    off = (v.value[l] - v.value[l - 1] - step) | (l < hi ? v.value[l + 1] - v.value[l] - step : 0);
  return off == 0;
}

// Lanes affine in groups (affine_groups): 2^shift lanes a group, `step` from one group's value to
// the next; shift -1 when they are not.
struct affine_lanes {
  int shift = -1;
  std::uint64_t step = 0;
};

// groups_of_shared_values' test at run time: the first group's lanes hold its first value, and
// every later lane the value n lanes before it plus step. Two loops with no test between, which
// g++ and clang++ vectorize; the constant evaluation's loop, with the step added at every n-th
// lane, they did not (four lanes sharing each 16-byte word: 540 -> 453 instructions;
// benchmarks/README.md, twenty-second session). Nonzero when they do not.
template <int Lanes>
BANKCHECK_HOST_DEVICE constexpr std::uint64_t shared_off(const lane_values<Lanes>& v, int lo, int hi, int n,
                                                         std::uint64_t step) noexcept {
  std::uint64_t off = 0;
  for (int l = lo + 1; l < lo + n; ++l) off |= v.value[l] ^ v.value[lo];
  for (int l = lo + n; l <= hi; ++l) off |= v.value[l] - v.value[l - n] - step;
  return off;
}

// affine_groups' test of lanes that share values, where the first two do: the first group's
// lanes n, the first power of two whose lane holds another value (the loop tests the lanes
// between), then every lane against its group's value. A sparse span reads no further (lanes
// outside the call mask are unset at run time). At run time shared_off decides, and the last
// loop starts past hi; in a constant evaluation that loop stops at the first lane that fails.
template <int Lanes>
BANKCHECK_HOST_DEVICE constexpr affine_lanes groups_of_shared_values(const lane_values<Lanes>& v, lane_span span) noexcept {
  const int lo = span.first, hi = span.last;
  const std::uint64_t x0 = v.value[lo];
  int n = 2;
  while (span.dense && lo + n <= hi && v.value[lo + n] == x0) n *= 2;
  if (!span.dense || lo + n > hi) return affine_lanes{};
  const std::uint64_t step = v.value[lo + n] - x0,
                      too_wide = step + (std::uint64_t{1} << 32) >= (std::uint64_t{1} << 33);  // affine_groups' bound
  std::uint64_t off = BANKCHECK_DETAIL_AT_RUN_TIME() ? too_wide | shared_off(v, lo, hi, n, step) : too_wide;
  for (int l = BANKCHECK_DETAIL_AT_RUN_TIME() ? hi + 1 : lo + 1; l <= hi && off == 0; ++l)
    off |= v.value[l] - v.value[l - 1] - (((l - lo) & (n - 1)) != 0 ? 0 : step);
  return off == 0 ? affine_lanes{BANKCHECK_DETAIL_LOWEST_BIT(static_cast<unsigned>(n)), step} : affine_lanes{};
}

// Whether the lanes of a dense span are affine in groups: lane l's value is the first lane's plus
// ((l - first) >> k) * step, each aligned run of 2^k lanes from the first sharing one value (k =
// 0: a value per lane; k > 0: lanes sharing words, as four lanes reading one float), at a step
// under 2^32 in magnitude, which keeps the groups' values distinct modulo 2^64 (run's closed
// form). Returns k and the step, or k = -1. Tested once per instruction: then each phase of
// consecutive lanes is affine in the same groups. Lanes sharing values are tested apart, only
// where the first two share one, so other accesses pay one comparison for them.
template <int Lanes>
BANKCHECK_HOST_DEVICE constexpr affine_lanes affine_groups(const lane_values<Lanes>& v, lane_span span) noexcept {
  const std::uint64_t step = span.dense ? v.value[span.first + (span.last > span.first)] - v.value[span.first] : 0;
  return step == 0 ? groups_of_shared_values(v, span)
         : step + (std::uint64_t{1} << 32) < (std::uint64_t{1} << 33) && is_affine(v, span.first, span.last, step)
             ? affine_lanes{0, step}
             : affine_lanes{};
}

// A lane span that is an aligned block of 2^k lanes (first a multiple of 2^k): k, else -1.
BANKCHECK_HOST_DEVICE constexpr int aligned_block(lane_span s) noexcept {
  const int n = s.last - s.first + 1;
  return s.dense && (n & (n - 1)) == 0 && (s.first & (n - 1)) == 0
             ? BANKCHECK_DETAIL_LOWEST_BIT(static_cast<unsigned>(n))
             : -1;
}

// Adds x to a basis of `rank` vectors, none holding the highest bit of one added before it;
// returns the rank after. x is reduced by each in turn, where it holds that one's highest bit
// ((x ^ b) < x exactly then); a later one cannot set it again, so what is left holds no
// basis vector's highest bit, and is 0 exactly when x is in the span (a nonzero sum holds the
// highest bit of its earliest term).
BANKCHECK_HOST_DEVICE constexpr int xor_insert(std::uint64_t (&basis)[6], int rank, std::uint64_t x) noexcept {
  for (int j = 0; j < rank; ++j) x = (x ^ basis[j]) < x ? x ^ basis[j] : x;
  if (x != 0) basis[rank++] = x;
  return rank;
}

// Values affine over GF(2) in the lane, the lanes of `call` being an aligned block of 2^k lanes
// from `first`: lane first + d's value is the first lane's XORed with column j of A for each
// bit j of d. XOR swizzles of bit-field addresses are, and so are power-of-two strides and
// lanes sharing words in aligned groups, from an aligned base. Shifts are linear over GF(2), so
// the chunks are affine too, with A's columns shifted, and those of an aligned phase of 2^m of
// the lanes form a coset of the span of A_m, A's first m columns: every group of banks the
// phase touches gets 2^(rank A_m - rank (A_m mod groups)) distinct chunks (a group's chunks are
// a coset of the part of the span inside one group). shift[m] is the log2 of that, for m =
// 0..k, when `affine` (values affine but for the bytes inside a chunk are counted instead).
// Eight bytes: returned in a register at run time.
struct xor_costs {
  bool affine = false;
  unsigned char shift[7] = {};
};
// Out of line at run time for GCC and Clang: inlined into run, it cost run's other paths 16-26
// instructions an access (benchmarks/README.md). BANKCHECK_DETAIL_INLINE asks the opposite, where
// g++'s own choice moves with unrelated code (count_phases).
#if (defined(__GNUC__) || defined(__clang__)) && !defined(__CUDACC__)
#define BANKCHECK_DETAIL_OUT_OF_LINE __attribute__((noinline))
#define BANKCHECK_DETAIL_INLINE __attribute__((always_inline))
#else
#define BANKCHECK_DETAIL_OUT_OF_LINE
#define BANKCHECK_DETAIL_INLINE
#endif
template <int Lanes>
BANKCHECK_DETAIL_OUT_OF_LINE BANKCHECK_HOST_DEVICE constexpr xor_costs xor_affine(const lane_values<Lanes>& v,
                                                                                std::uint64_t call,
                                                                                const geometry& g) noexcept {
  xor_costs c{};
  const lane_span all = span_of(call);
  const int k = aligned_block(all), first = all.first;
  // Lane 3 first: random words, the commonest not to be affine, fail there.
  if (k < 2 || (v.value[first + 3] ^ v.value[first + 2] ^ v.value[first + 1]) != v.value[first]) return c;
  const std::uint64_t x0 = v.value[first], group_mask = (std::uint64_t{1} << g.group_shift) - 1;
  // Then the last lane, which must hold the XOR of every column: most other values that are not
  // affine fail there (words shared across a carry, say).
  std::uint64_t last = x0;
  for (int j = 0; j < k; ++j) last ^= v.value[first + (1 << j)] ^ x0;
  if (last != v.value[first + (1 << k) - 1]) return c;
  // Lane 2^j + d (0 < d < 2^j) must hold lane d's value XOR column j, lane 2^j's XOR the
  // first's; then, by induction on the highest bit, every value is the first's XOR its bits'
  // columns. One pass per column, with no test per lane.
  for (int j = 1; j < k; ++j) {
    const int h = 1 << j;
    const std::uint64_t column = v.value[first + h] ^ x0;
    std::uint64_t off = 0;
    for (int d = h + 1; d < 2 * h; ++d) off |= v.value[first + d] ^ v.value[first + d - h] ^ column;
    if (off != 0) return c;
  }
  std::uint64_t full[6] = {}, group[6] = {};
  int rank = 0, group_rank = 0;
  for (int j = 0; j < k; ++j) {
    const std::uint64_t a = (v.value[first + (1 << j)] ^ x0) << g.up >> g.down;  // shifts are linear
    rank = xor_insert(full, rank, a), group_rank = xor_insert(group, group_rank, a & group_mask);
    c.shift[j + 1] = static_cast<unsigned char>(rank - group_rank);
  }
  c.affine = true;
  return c;
}

// Whether the values of lanes lo..hi lie in fewer than 64 bank rows of 2^row_shift values: then
// a chunk's q-bit (its row % 64) names its row. serve_phase asks at run time where diff cannot
// tell, as when values within a few rows cross a multiple of 64 rows (random 16-byte words
// nearby do in about half their phases), so that their phase is counted by the counters, not by
// the loop that looks back for aliases with a branch a lane. First every row within 32 of the
// first lane's, a test that the compilers vectorize (random words nearby pass it); then the
// rows' range, a loop of minimum and maximum that they do not (random 16-byte words 1308 -> 1216
// instructions; benchmarks/README.md, twenty-second session).
template <int Lanes>
BANKCHECK_HOST_DEVICE constexpr bool within_64_rows(const lane_values<Lanes>& v, int lo, int hi, int row_shift) noexcept {
  const std::uint64_t below = (v.value[lo] >> row_shift) - 32;
  std::uint64_t away = 0;  // bit 6 or above: a row 32 or more away
  for (int l = lo + 1; l <= hi; ++l) away |= (v.value[l] >> row_shift) - below;
  if (away < 64) return true;
  std::uint64_t low = v.value[lo], high = low;
  for (int l = lo + 1; l <= hi; ++l)
    low = v.value[l] < low ? v.value[l] : low, high = v.value[l] > high ? v.value[l] : high;
  return (high >> row_shift) - (low >> row_shift) < 64;
}

// The witness among `asked`, the lanes that asked one group of banks, for two chunks or more
// (serve_phase's counters record them at run time): the first lane, and the first after it to
// ask for another chunk, the lanes the search over the phase's lanes names. Sets w's words and
// second lane, returns the first. It walks the set bits, where the search tests every lane with
// a branch that the data decides (random words nearby, with within_64_rows: 98, 97 -> 77, 77 ns
// at 4 bytes; benchmarks/README.md, nineteenth session).
template <int Lanes>
BANKCHECK_HOST_DEVICE constexpr int witness_among(const lane_values<Lanes>& v, std::uint64_t asked, const geometry& g,
                                                  conflict_witness& w) noexcept {
  const int a = lowest_lane(asked);
  const std::uint64_t chunk_a = v.value[a] << g.up >> g.down;
  w.word_a = chunk_a << g.word_shift;
  for (asked &= asked - 1; asked != 0; asked &= asked - 1) {
    const int b = lowest_lane(asked);
    const std::uint64_t chunk_b = v.value[b] << g.up >> g.down;
    if (chunk_b != chunk_a) {
      w.lane_b = b, w.word_b = chunk_b << g.word_shift;
      break;
    }
  }
  return a;
}

// serve_phase's counters at run time, for lanes lo..hi, all called, whose values lie within 64
// bank rows (so a chunk's q-bit names its row): a group's count grows where its q-bits grow
// (`old < now`: the bit was clear), and its tally records its lanes, for the witness
// (witness_among), where they fit (56 lanes at most; wider phases, as gfx950's 64-lane ones,
// record none). Returns the worst count; sets `group` to the first group to reach it, and
// `asked` to that group's lanes where the count is 2 or more and they were recorded (else 0:
// serve_phase then searches for the witness). No test a lane. The row
// is its own variable, so that g++ and clang++ set its bit with one instruction (`bts`), not a
// shift by a variable count.
template <int Groups, int Lanes>
BANKCHECK_HOST_DEVICE constexpr int count_dense(const lane_values<Lanes>& v, int lo, int hi, const geometry& g,
                                                bank_counts<Groups>& counts, int& group, std::uint64_t& asked) noexcept {
  constexpr int lane_shift = bank_counts<Groups>::lane_shift;
  const int down = g.down, row_shift = g.down + g.group_shift;
  const std::uint64_t group_mask = (std::uint64_t{1} << g.group_shift) - 1;
  int worst = 0, worst_group = -1;
  const bool record = hi - lo < 64 - lane_shift;
  std::uint64_t lane = record ? std::uint64_t{1} << lane_shift : 0;
  for (int l = lo; l <= hi; ++l, lane <<= 1) {
    const std::uint64_t x = v.value[l], b = x >> down & group_mask, row = x >> row_shift & 63,
                        old = counts.qbits[b], now = old | std::uint64_t{1} << row,
                        tally = counts.tally[b] + lane + (old < now);
    counts.qbits[b] = now;
    counts.tally[b] = tally;
    if (static_cast<int>(tally & bank_counts<Groups>::count_mask) > worst)
      worst = static_cast<int>(tally & bank_counts<Groups>::count_mask), worst_group = static_cast<int>(b);
  }
  group = worst_group;
  asked = worst >= 2 && record ? counts.tally[worst_group] >> lane_shift << lo : 0;
  return worst;
}

// The engine's core: the lanes of one phase, whose values are already checked. Adds the phase
// to r: ideal += 1, wavefronts += max over banks of distinct words, and the witness if it is
// the worst so far. `whole`: the phase holds every gathered lane, so v.diff is its diff.
// (Affine lanes never come here when run's closed form settles them.) `Nodes`: the queues'
// capacity, lanes x words per lane at most (phase_state: 5.4 KB for the built-in
// architectures, so not inlined in device code). `Groups`: the q-bit counters' capacity, the
// architecture's banks at most (counters_for). The visitor may be host-only (print.hpp's, which
// host code in a .cu file calls).
BANKCHECK_CALLS_USER_CODE
template <int Nodes, int Groups, int Lanes, class Visitor>
BANKCHECK_DEVICE_NOINLINE BANKCHECK_HOST_DEVICE constexpr void serve_phase(const lane_values<Lanes>& v, std::uint64_t lanes, lane_span span, bool whole,
                                                 const geometry& g, int phase, Visitor& visit,
                                                 report& r) noexcept {
  const int lo = span.first, hi = span.last;
  ++r.ideal;
  // Values in one aligned row of banks * bank_bytes bytes: every word has a bank of its own.
  // A phase's diff has no bit that v.diff lacks, so only a phase of a wider call computes its own.
  const std::uint64_t row = g.row;  // 0: rows do not align
  std::uint64_t diff = v.diff, asked = 0;  // asked: the worst group's lanes, where recorded
  if (!Visitor::wants_passes && row != 0 && diff < row) {
    r.wavefronts += 1;
    if (r.degree < 1) r.degree = 1;
    return;
  }
  // (Declarations are grouped: a constant evaluation's step budget counts statements.)
  const int words = 1 << g.word_shift, up = g.up, down = g.down;
  const std::uint64_t group_mask = (std::uint64_t{1} << g.group_shift) - 1;
  if (!whole) {
    const std::uint64_t x0 = v.value[lo];
    diff = 0;
    for (int l = lo + 1; l <= hi; ++l)
      if (span.dense || (lanes >> l & 1)) diff |= v.value[l] ^ x0;
    if (!Visitor::wants_passes && row != 0 && diff < row) {
      r.wavefronts += 1;
      if (r.degree < 1) r.degree = 1;
      return;
    }
  }
  const bool keep_nodes = Visitor::wants_passes || row == 0;
  int worst = 0, worst_bank = -1;
  conflict_witness queued{};  // with queues: the worst bank's first two words and their lanes
  if (!keep_nodes) {
    // Count distinct words per bank without queues, by groups of banks (geometry): every bank
    // of a group sees the same lanes, so lane l's "chunk" (its first word / words) stands for
    // its words. Bit (chunk / groups) % 64 of qbits[group] marks a chunk asked. A clear bit is a
    // new chunk. A set bit is a repeat when the phase spans fewer than 64 bank rows (`exact`);
    // otherwise it may be a chunk 64 rows away, and the lanes before decide. At run time the
    // values' range may still show fewer than 64 rows (within_64_rows). (`exact` is not const:
    // see to_fill.)
    const int group_shift = g.group_shift;
    bool exact = diff < 64 * row || (BANKCHECK_DETAIL_AT_RUN_TIME() && span.dense && up == 0 &&
                                     within_64_rows(v, lo, hi, down + group_shift));
    bank_counts<Groups> counts = to_fill<bank_counts<Groups>>(1 << group_shift);
    std::uint64_t* qbits = counts.qbits;
    std::uint64_t* tally = counts.tally;
    if (exact && span.dense && up == 0 && !BANKCHECK_DETAIL_AT_RUN_TIME()) {
      // The common case in a constant evaluation (and wherever BANKCHECK_DETAIL_AT_RUN_TIME()
      // cannot tell, as in CUDA code): a group's count is its q-bits' popcount, with no counter
      // to read and write (an analyze check of the mix, g++ / clang++: 2486 -> 2413 / 3328 ->
      // 3194 K instructions; benchmarks/README.md, sixteenth session). On the host at run
      // time a popcount is a call where the processor's instruction is not enabled, and the
      // counters below cost less. Both name the first group to reach the worst count.
      const int row_shift = down + group_shift;
      for (int l = lo; l <= hi; ++l) {
        const std::uint64_t x = v.value[l], b = x >> down & group_mask;
        const int n = BANKCHECK_DETAIL_SET_BITS(qbits[b] |= std::uint64_t{1} << (x >> row_shift & 63));
        if (n > worst) worst = n, worst_bank = static_cast<int>(b);
      }
    } else if (exact && span.dense && up == 0) {
      worst = count_dense(v, lo, hi, g, counts, worst_bank, asked);  // the common case, without a test per lane
    } else {
      for (int l = lo; l <= hi; ++l) {
        if (!(lanes >> l & 1)) continue;
        const std::uint64_t c = v.value[l] << up >> down, bit = std::uint64_t{1} << (c >> group_shift & 63);
        const int b = static_cast<int>(c & group_mask);
        if (qbits[b] & bit) {
          bool seen = exact;
          for (int m = lo; m < l && !seen; ++m) seen = (lanes >> m & 1) && (v.value[m] << up >> down) == c;
          if (seen) continue;
        }
        qbits[b] |= bit;
        if (static_cast<int>(++tally[b]) > worst) worst = static_cast<int>(tally[b]), worst_bank = b;
      }
    }
    if (worst_bank > 0) worst_bank <<= g.word_shift;
  } else {
    // Queues, for the pass of every word, or banks that are not a power of two. Only this path
    // needs phase_state, so only it pays for initializing one.
    phase_state<Nodes> s = to_fill<phase_state<Nodes>>();
    for (int l = lo; l <= hi; ++l) {
      if (!(lanes >> l & 1)) continue;
      const std::uint64_t w0 = g.unit == g.bank_bytes ? v.value[l]
                               : v.value[l] * static_cast<unsigned>(g.unit) / static_cast<unsigned>(g.bank_bytes);
      int pass = 0;
      for (int j = 0; j < words; ++j) {
        const int q = serve(s, w0 + static_cast<unsigned>(j), l, g.banks);
        pass = q > pass ? q : pass;
        if constexpr (Visitor::wants_passes) visit.word(l, phase, w0 + static_cast<unsigned>(j), q);
      }
      if constexpr (Visitor::wants_passes) visit.lane(l, phase, pass);
    }
    worst = s.worst, worst_bank = s.worst_bank;
    if (worst >= 2) {
      const int first = s.head[worst_bank], second = s.node_next[first];
      queued.lane_a = s.node_lane[first], queued.word_a = s.node_word[first];
      queued.lane_b = s.node_lane[second], queued.word_b = s.node_word[second];
    }
  }
  r.wavefronts += worst;
  if (worst <= r.degree) return;
  r.degree = worst;
  if (worst < 2) return;
  conflict_witness& w = r.worst;
  w.phase = phase;
  w.bank = worst_bank;
  if (keep_nodes) {
    w.lane_a = queued.lane_a, w.word_a = queued.word_a, w.lane_b = queued.lane_b, w.word_b = queued.word_b;
    return;
  }
  // Without queues: the first two lanes asking the worst group for different chunks. The worst
  // bank is its group's first, where a lane's first word (chunk << word_shift) lies.
  const std::uint64_t group = static_cast<unsigned>(worst_bank) >> g.word_shift;
  w.lane_a = asked != 0 ? witness_among(v, asked, g, w) : -1;
  for (int l = w.lane_a >= 0 ? hi + 1 : lo; l <= hi; ++l) {
    if (!(lanes >> l & 1)) continue;
    const std::uint64_t c = v.value[l] << up >> down;
    if ((c & group_mask) != group) continue;
    if (w.lane_a < 0) {
      w.lane_a = l, w.word_a = c << g.word_shift;
    } else if (c << g.word_shift != w.word_a) {
      w.lane_b = l, w.word_b = c << g.word_shift;
      return;
    }
  }
}

// A phase of lanes whose values are affine over GF(2) (xor_affine): an aligned block of 2^k
// lanes costs 2^x.shift[k], with no counting; other phases are counted. `repeat`: the phase
// stands for that many, each an aligned block as wide (run's blocks of a whole warp).
template <int Nodes, int Groups, int Lanes, class Visitor>
BANKCHECK_HOST_DEVICE constexpr void serve_xor_phase(const lane_values<Lanes>& v, std::uint64_t lanes, bool whole,
                                                     const xor_costs& x, const geometry& g, int phase, int repeat,
                                                     Visitor& visit, report& r) noexcept {
  const lane_span span = span_of(lanes);
  const int k = aligned_block(span), lo = span.first;
  if (k < 0) return serve_phase<Nodes, Groups>(v, lanes, span, whole, g, phase, visit, r);
  const int cost = 1 << x.shift[k];
  r.ideal += repeat, r.wavefronts += repeat * cost;
  if (cost <= r.degree) return;
  r.degree = cost;
  if (cost < 2) return;
  // The witness: the first group of banks to reach `cost` chunks, lanes in order. Lane lo + t
  // asks chunk c0 ^ A t (t < 2^k). Two lanes ask one chunk where their t differ by an element of
  // K_A = ker A, and one group where by one of K_G = ker (A mod groups), which holds K_A. In a
  // coset of a subspace whose basis has distinct highest bits, the least element holds none of
  // those bits and the greatest holds them all. So each chunk's first lane is its one t in F,
  // the t holding none of K_A's highest bits; a group's chunks' first lanes form a coset of D =
  // F & K_G, and the group has its `cost` chunks at the greatest of them; the least of those
  // greatest holds D's highest bits and nothing else. They are K_G's highest bits that are not
  // K_A's: the columns j of A not in the span of the columns before j whose part mod groups is
  // in the span of theirs, where x.shift grows. That lane's group is the witness's: its first
  // lane, and the first after it to ask the group for another chunk.
  const std::uint64_t group_mask = (std::uint64_t{1} << g.group_shift) - 1;
  int t = 0;
  for (int j = 0; j < k; ++j) t |= x.shift[j + 1] > x.shift[j] ? 1 << j : 0;
  const std::uint64_t group = (v.value[lo + t] << g.up >> g.down) & group_mask;
  int a = lo;
  while (((v.value[a] << g.up >> g.down) & group_mask) != group) ++a;
  const std::uint64_t ca = v.value[a] << g.up >> g.down;
  int b = a + 1;
  for (std::uint64_t c = v.value[b] << g.up >> g.down; b < span.last && (c == ca || ((c ^ ca) & group_mask) != 0);)
    c = v.value[++b] << g.up >> g.down;
  r.worst = conflict_witness{phase, static_cast<int>((ca << g.word_shift) & static_cast<unsigned>(g.banks - 1)), a, b,
                             ca << g.word_shift, (v.value[b] << g.up >> g.down) << g.word_shift};
}

// At run time, every counted phase of one instruction in one call (run calls it where the values
// are not affine over GF(2)), when each phase's called lanes are a dense span of 56 lanes at most
// (whose tally records them, for the witness), the values span more than one bank row (else
// serve_phase settles each phase at once) and lie within 64: what serve_phase does for each
// phase by count_dense, with the rows' test made once for all phases, not once a phase, and no
// call a phase. Returns false, having changed nothing, where it cannot.
// With count_dense's tally, random words nearby went 1485 / 1873 / 2408 -> 1195 / 1346 / 1569
// instructions at 4 / 8 / 16 bytes, 77-86 / 97-98 / 131-142 -> 62-63 / 71-76 / 82-85 ns
// (benchmarks/README.md, twentieth session). Inlined: out of line (BANKCHECK_DETAIL_OUT_OF_LINE)
// it took random words 11-15 ns more, and g++ put it there itself when run grew by a few lines
// (random 4- and 16-byte words 1200 / 1566 -> 1279 / 1763 instructions). Taking r by reference cost
// XOR-swizzled columns 4-5 ns at 8 and 16 bytes (the report stays in memory through run's other
// loop); passing and returning it by value cost random words 3-6 ns and the mix about 1 ns.
template <int Groups, int Lanes>
BANKCHECK_DETAIL_INLINE BANKCHECK_HOST_DEVICE constexpr bool count_phases(const lane_values<Lanes>& v,
                                                                          const phase_groups& groups,
                                                                          std::uint64_t call, const geometry& g,
                                                                          report& r) noexcept {
  const lane_span all = span_of(call);
  const int most = 63 - bank_counts<Groups>::lane_shift;  // the widest span a tally records
  if (g.row == 0 || g.up != 0 || !all.dense || v.diff < g.row) return false;
  // Every phase's called lanes must be a dense span. Counted blocks are, as a block meets a dense
  // call in a dense span, so they skip the test (random 16-byte words 1578 -> 1457 instructions).
  for (int i = 0; groups.blocks == 0 && i < phase_groups::capacity && groups.lanes[i] != 0; ++i)
    if ((groups.lanes[i] & call) != 0 && !span_of(groups.lanes[i] & call).dense) return false;
  for (int i = 0; all.last - all.first > most && i < phase_groups::capacity && groups.lanes[i] != 0; ++i) {
    const std::uint64_t lanes = groups.lanes[i] & call;  // a wave64 call: are its phases narrow enough?
    if (lanes != 0 && highest_lane(lanes) - lowest_lane(lanes) > most) return false;
  }
  if (!(v.diff < 64 * g.row || within_64_rows(v, all.first, all.last, g.down + g.group_shift))) return false;
  // The worst phase is picked without a branch, and its witness found once, after the loop: a
  // branch a phase on whether it is the worst so far, which random words decide, cost random
  // 8- and 16-byte words 8-9 and 11-15 ns (benchmarks/README.md, twenty-second session).
  int ideal = 0, wavefronts = 0, degree = r.degree, worst_phase = -1, worst_group = 0;
  std::uint64_t worst_asked = 0;
  for (int i = 0; i < phase_groups::capacity && groups.lanes[i] != 0; ++i) {
    const std::uint64_t lanes = groups.lanes[i] & call;
    if (lanes == 0) continue;
    const lane_span span = span_of(lanes);
    bank_counts<Groups> counts = to_fill<bank_counts<Groups>>(1 << g.group_shift);
    int group = -1;
    std::uint64_t asked = 0;
    const int worst = count_dense(v, span.first, span.last, g, counts, group, asked);
    const bool worse = worst > degree;
    ++ideal, wavefronts += worst;
    degree = worse ? worst : degree, worst_phase = worse ? i : worst_phase, worst_group = worse ? group : worst_group;
    worst_asked = worse ? asked : worst_asked;
  }
  r.ideal += ideal, r.wavefronts += wavefronts, r.degree = degree;
  if (worst_phase >= 0 && degree >= 2) {
    r.worst.phase = worst_phase, r.worst.bank = worst_group << g.word_shift;
    r.worst.lane_a = witness_among(v, worst_asked, g, r.worst);
  }
  return true;
}

// The load merge rule's condition P(k): no active lane's partner i^k is active with another address.
template <int Lanes>
BANKCHECK_HOST_DEVICE constexpr bool pairs_agree(const lane_values<Lanes>& v, std::uint64_t active, int k) noexcept {
  const int last = highest_lane(active);
  for (int l = lowest_lane(active); l <= last; ++l)
    if ((active >> l & 1) && (active >> (l ^ k) & 1) && v.value[l] != v.value[l ^ k]) return false;
  return true;
}

// The engine: MODEL.md's cost of one instruction whose lane addresses are in v.
template <int Lanes, class Arch, class Visitor>
BANKCHECK_HOST_DEVICE constexpr report run(const lane_values<Lanes>& v, access op, const plan& p, const Arch& a,
                                           Visitor& visit) noexcept {
  report r{};
  phase_groups groups{};
  if (op.is_matrix()) {
    for (int m = 0; m < op.matrices; ++m) groups.lanes[m] = lane_bits(8 * m, 8 * m + 7);
  } else {
    r.merged = op.is_load() && a.merge_loads && op.bytes > a.bank_bytes &&
               (pairs_agree(v, p.active, 1) || pairs_agree(v, p.active, 2));
    groups = a.phases(op.kind, op.bytes, r.merged);
    if constexpr (!builtin_arch<Arch>)
      if (!valid_table(groups, a.warp_size)) return report{violated::architecture_is_invalid()};
  }
  if (const errc e = check_values(v, op.bytes); static_cast<bool>(e)) return report{e};
  const geometry g = make_geometry(a.banks, a.bank_bytes, v.unit, op.bytes);
  // The affine test serves every phase; it is not needed when the lanes share one bank row. (Not
  // for pass tables, which need each word's pass.)
  if (const affine_lanes affine = !Visitor::wants_passes && g.row != 0 && v.diff >= g.row
                                       ? affine_groups(v, span_of(p.call))
                                       : affine_lanes{};
      affine.shift >= 0) {
    // Affine lanes at a whole number of chunks a step (a lane's words fill one aligned group of
    // `words` banks, its chunk): in groups of 2^shared lanes from the first, group q's chunk is
    // c0 + q * s, so the groups walk the banks / words groups of banks at chunk stride s = step *
    // unit / chunk bytes. They share a group of banks every p = groups / gcd(s, groups) groups
    // of lanes, with chunks of their own (s != 0), and a dense phase costs ceil(m / p), m being
    // the groups of lanes it holds: with a value per lane (shared = 0), phases of one width cost
    // the same, whatever their first lane. step != 0, as the lanes span more than a bank row,
    // and |step| < 2^32 (affine_groups) keeps the chunks distinct modulo 2^64. groups is a power
    // of two (rows align), so gcd(s, groups) is s's lowest set bit, and p a power of two. (A loop
    // of its own: one loop for both kinds of phase cost counted accesses 5 clang steps and 12-26
    // instructions at run time.) Where the phases are blocks of one power-of-two width (the
    // table's `blocks`) and the whole warp is called, each phase starts at a multiple of its
    // width, so its groups of lanes sit in it as in every other, and it costs the same: phase 0,
    // whose witness the loop would name, stands for all `repeat` of them (16-byte accesses on
    // NVIDIA, four phases: 509 -> 408 instructions at run time, 288 -> 230 clang steps).
    const int first = lowest_lane(p.call), shared = affine.shift,
              repeat = groups.blocks > 1 && p.call == lane_bits(0, a.warp_size - 1) ? groups.blocks : 1;
    const std::uint64_t step = affine.step, s = (step << g.up >> g.down) & ((std::uint64_t{1} << g.group_shift) - 1);
    if ((step << g.unit_shift & ((std::uint64_t{1} << g.chunk_shift) - 1)) == 0) {
      const int period_shift = s == 0 ? 0 : g.group_shift - lowest_lane(s);
      for (int i = 0; i < phase_groups::capacity && groups.lanes[i] != 0 && (repeat == 1 || i == 0); ++i) {
        const std::uint64_t lanes = groups.lanes[i] & p.call;
        if (lanes == 0) continue;
        const lane_span span = span_of(lanes);
        if (!span.dense) {  // an architecture's phase of scattered lanes
          serve_phase<builtin_arch<Arch> ? 256 : 1024, counters_for<Arch>()>(v, lanes, span, false, g, i, visit, r);
          continue;
        }
        // The phase's first lane and its group of lanes q; the witness's second lane is group q +
        // p's first, the first to ask that lane's group of banks for another chunk (a lane of the
        // phase when it costs 2 or more; declared with the others, as a declaration is a step).
        const int lo = span.first, q = (lo - first) >> shared,
                  cost = ((((span.last - first) >> shared) - q) >> period_shift) + 1,
                  next = first + ((q + (1 << period_shift)) << shared);
        r.ideal += repeat, r.wavefronts += repeat * cost;
        if (cost <= r.degree) continue;
        r.degree = cost;
        if (cost < 2) continue;
        const std::uint64_t w0 = (v.value[lo] << g.up >> g.down) << g.word_shift;
        r.worst = conflict_witness{i, static_cast<int>(w0 & static_cast<unsigned>(g.banks - 1)), lo, next, w0,
                                   (v.value[next] << g.up >> g.down) << g.word_shift};
      }
      return r;
    }
  }
  // Other phases are counted, but where the values are affine over GF(2) in an aligned block of
  // lanes (xor_affine): then each aligned phase is costed from two ranks.
  // (Lanes 0-3 are tested here too, before the call, when called: random words, the commonest
  // values not to be affine, fail there.)
  const xor_costs x = !Visitor::wants_passes && g.row != 0 && v.diff >= g.row &&
                              ((p.call & 15) != 15 || (v.value[3] ^ v.value[2] ^ v.value[1]) == v.value[0])
                          ? xor_affine(v, p.call, g)
                          : xor_costs{};
  // Blocks of a whole warp cost the same here too: the XOR closed form's cost depends on a phase's
  // width alone (XOR-swizzled 16-byte columns: 798 -> 686 instructions at run time).
  for (int i = BANKCHECK_DETAIL_AT_RUN_TIME() && !Visitor::wants_passes && !x.affine &&
                       count_phases<counters_for<Arch>()>(v, groups, p.call, g, r)
                   ? phase_groups::capacity
                   : 0,
           repeat = x.affine && groups.blocks > 1 && p.call == lane_bits(0, a.warp_size - 1) ? groups.blocks : 1;
       i < phase_groups::capacity && groups.lanes[i] != 0 && (repeat == 1 || i == 0); ++i) {
    const std::uint64_t lanes = groups.lanes[i] & p.call;
    if (lanes != 0)
      x.affine
          ? serve_xor_phase<builtin_arch<Arch> ? 256 : 1024, counters_for<Arch>()>(v, lanes, lanes == p.call, x, g, i,
                                                                                  repeat, visit, r)
          : serve_phase<builtin_arch<Arch> ? 256 : 1024, counters_for<Arch>()>(v, lanes, span_of(lanes), lanes == p.call,
                                                                              g, i, visit, r);
  }
  return r;
}

}  // namespace detail
}  // namespace bankcheck

BANKCHECK_DETAIL_COMMAS_END

#endif
