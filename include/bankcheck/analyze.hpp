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
#include <bankcheck/seed.hpp>

namespace bankcheck {

// As a lane mask: every lane of the architecture's warp (32 on NVIDIA, 64 on CDNA).
inline constexpr std::uint64_t whole_warp = ~std::uint64_t{0};

namespace detail {
// Declared only, for decltype: accepts a pointer to a function of one argument, nothing else.
template <class R, class A>
void pointer_to_unary_function(R (*)(A)) noexcept;
// What the entry points call: a lambda without captures (or a function) as the function
// pointer that unary + converts it to (the first overload), any other callable (captures, a
// generic lambda, a function object) as it is (the second). So the engine's gather, with its 32
// calls, is compiled once per pointer type rather than once per lambda: an analyze check of the
// mix cost g++ 3272 -> 2641 and clang++ 4165 -> 3691 K instructions (benchmarks/compile/checks.py
// --analyze 4; benchmarks/README.md, sixteenth session).
template <class F>
BANKCHECK_HOST_DEVICE constexpr auto callee(F& f, int) noexcept -> decltype(pointer_to_unary_function(+f), +f) {
  return +f;
}
template <class F>
BANKCHECK_HOST_DEVICE constexpr F& callee(F& f, long) noexcept {
  return f;
}

// analyze's work, for callee's result.
BANKCHECK_CALLS_USER_CODE
template <class F, class Arch>
BANKCHECK_HOST_DEVICE constexpr report analyze_with(F& address_of_lane, access op, std::uint64_t active_lanes,
                                                    const Arch& arch) {
  const plan p = make_plan(op, active_lanes, arch);
  if (static_cast<bool>(p.error)) return report{p.error};
  auto v = to_fill<lane_values<lanes_for<Arch>()>>();
  gather(address_of_lane, p.call, span_of(p.call), v);
  no_visitor none{};
  return run(v, op, p, arch, none);
}
}  // namespace detail

// The cost of one instruction: lane l (of active_lanes) accesses byte address
// address_of_lane(l) with `op`, on `arch`. Bad input fails constant evaluation naming the rule;
// at run time it gives a report whose .error names it.
// Example: analyze([](int l) { return 4 * 33 * l; }, load(4)).wavefronts -> 1
// (A lambda without captures is called through a function pointer: detail::callee.)
BANKCHECK_CALLS_USER_CODE
template <class F, class Arch = arch::nvidia_t>
BANKCHECK_HOST_DEVICE constexpr report analyze(F&& address_of_lane, access op, std::uint64_t active_lanes = whole_warp,
                                               Arch arch = {}) {
  auto&& f = detail::callee(address_of_lane, 0);
  return detail::analyze_with(f, op, active_lanes, arch);
}

namespace detail {
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
  auto&& f = detail::callee(address_of_lane, 0);
  if (p.ok()) detail::gather(f, p.call, detail::span_of(p.call), v);
  return detail::schedule(v, op, p, arch);
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
  auto&& f = detail::callee(word_of_lane, 0);
  detail::gather(f, 0xffffffff, detail::lane_span{0, 31, true}, v);
  return detail::schedule(v, load(4), p, a);
}

}  // namespace bankcheck

#endif
