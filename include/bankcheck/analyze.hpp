// SPDX-License-Identifier: BSL-1.0
// bankcheck: what a warp's shared-memory access costs. Every function here asks the one
// engine (detail/engine.hpp); all are constexpr and callable in device code.
#ifndef BANKCHECK_ANALYZE_HPP
#define BANKCHECK_ANALYZE_HPP

#include <cstdint>

#include <bankcheck/arch.hpp>
#include <bankcheck/config.hpp>
#include <bankcheck/detail/engine.hpp>
#include <bankcheck/op.hpp>
#include <bankcheck/report.hpp>

namespace bankcheck {

// As a lane mask: every lane of the architecture's warp (32 on NVIDIA, 64 on CDNA).
inline constexpr std::uint64_t whole_warp = ~std::uint64_t{0};

// The cost of one instruction: lane l (of active_lanes) accesses byte address
// address_of_lane(l) with `op`, on `arch`. Bad input fails constant evaluation naming the rule;
// at run time it gives a report whose .error names it.
// Example: analyze([](int l) { return 4 * 33 * l; }, load(4)).wavefronts -> 1
// (One template with default arguments, not an overload that forwards: each is instantiated
// per callable, and a check paid about 0.13 M instructions for the second, benchmarks/README.md.)
BANKCHECK_CALLS_USER_CODE
template <class F, class Arch = arch::nvidia_t>
BANKCHECK_HOST_DEVICE constexpr report analyze(F&& address_of_lane, access op, std::uint64_t active_lanes = whole_warp,
                                               Arch arch = {}) {
  const detail::plan p = detail::make_plan(op, active_lanes, arch);
  if (static_cast<bool>(p.error)) return report{p.error};
  auto v = detail::to_fill<detail::lane_values<detail::lanes_for<Arch>()>>();
  detail::gather(address_of_lane, p.call, detail::span_of(p.call), v);
  detail::no_visitor none{};
  return detail::run(v, op, p, arch, none);
}

namespace detail {
// No argument can have this type: a pack of it is always empty (conflict_degree).
template <class T>
struct no_argument {};

// A warp of `lanes` lanes, none served yet, failing with e (or not yet, with errc::none).
BANKCHECK_HOST_DEVICE constexpr pass_table unscheduled(errc e, int lanes) noexcept {
  pass_table t{};
  t.error = e;
  t.lanes = lanes;
  for (int l = 0; l < pass_table::max_lanes; ++l) t.pass[l] = -1, t.phase[l] = -1;
  return t;
}

// Runs the engine with a visitor that records every lane's phase and pass.
template <int Lanes, class Arch>
BANKCHECK_HOST_DEVICE constexpr pass_table schedule(const lane_values<Lanes>& v, access op, const plan& p,
                                                    const Arch& a) noexcept {
  if (!p.ok()) return unscheduled(p.error, a.warp_size);
  pass_table t = unscheduled(errc::none, a.warp_size);
  table_visitor visit{&t};
  const report r = run(v, op, p, a, visit);
  if (!r.ok()) return unscheduled(r.error, a.warp_size);
  t.passes = r.degree;
  return t;
}
}  // namespace detail

// The phase and pass in which each lane is served, for the same arguments as analyze.
// Example: pass_schedule([](int l) { return 128 * l; }, load(4))[5] -> 5
BANKCHECK_CALLS_USER_CODE
template <class F, class Arch = arch::nvidia_t>
BANKCHECK_HOST_DEVICE constexpr pass_table pass_schedule(F&& address_of_lane, access op,
                                                         std::uint64_t active_lanes = whole_warp, Arch arch = {}) {
  const detail::plan p = detail::make_plan(op, active_lanes, arch);
  auto v = detail::to_fill<detail::lane_values<detail::lanes_for<Arch>()>>();
  if (p.ok()) detail::gather(address_of_lane, p.call, detail::span_of(p.call), v);
  return detail::schedule(v, op, p, arch);
}

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
template <class F, class... None>
BANKCHECK_HOST_DEVICE constexpr int conflict_degree(F&& word_of_lane, detail::no_argument<None>...) {
  BANKCHECK_DETAIL_SKIP_SPECULATIVE_EVALUATION();
  // Gathered here, into 32 words, not through lane_values, and nothing more per lane: this loop
  // is compiled for every such callable (benchmarks/README.md).
  std::uint64_t words[32] = {};
  for (int l = 0; l < 32; ++l) words[l] = static_cast<std::uint64_t>(word_of_lane(l));
  return detail::seed_degree(words, detail::address_type<decltype(word_of_lane(0))>::is_signed);
}

// The pass (0-based) in which each lane of the seed's model is served; passes = conflict_degree.
// Example: pass_schedule([](int l) { return 32 * l; })[7] -> 7
BANKCHECK_CALLS_USER_CODE
template <class F>
BANKCHECK_HOST_DEVICE constexpr pass_table pass_schedule(F&& word_of_lane) {
  constexpr typename detail::dependent<arch::nvidia_t, F>::type a{};  // the engine compiled with a call
  const detail::plan p = detail::make_plan(load(4), whole_warp, a);
  auto v = detail::to_fill<typename detail::dependent<detail::lane_values<32>, F>::type>();  // likewise
  v.unit = 4;
  detail::gather(word_of_lane, 0xffffffff, detail::lane_span{0, 31, true}, v);
  return detail::schedule(v, load(4), p, a);
}

// Closed form for word stride d: gcd(d, 32) passes, 1 for d == 0 (a broadcast).
// Example: strided_degree(2) -> 2, strided_degree(33) -> 1
BANKCHECK_HOST_DEVICE constexpr int strided_degree(long long d) noexcept {
  return d == 0 ? 1 : static_cast<int>(detail::gcd_with_banks(static_cast<std::uint64_t>(d) % 32, 32));
}

}  // namespace bankcheck

#endif
