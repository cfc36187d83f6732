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

BANKCHECK_DETAIL_COMMAS_BEGIN

namespace bankcheck {

// As a lane mask: every lane of the architecture's warp (32 on NVIDIA, 64 on CDNA).
inline constexpr std::uint64_t whole_warp = ~std::uint64_t{0};

namespace detail {
// Declared only, for decltype: accepts a pointer to a function of one argument, nothing else.
template <class R, class A>
void pointer_to_unary_function(R (*)(A)) noexcept;
struct converts { static constexpr bool value = true; };
struct does_not_convert { static constexpr bool value = false; };
// The type of through_pointer(f, 0) says whether the entry points call f through the function
// pointer that unary + converts it to: a class with operator() that converts to a pointer to a
// function of one argument (a lambda without captures), not a pointer itself, nor captures, a
// generic lambda or a function object. So the engine's gather, with its 32 calls, is compiled
// once per pointer type rather than once per lambda, and can be written out (engine.hpp): an
// analyze check of the mix cost g++ 3272 -> 2331 and clang++ 4165 -> 3193 K instructions with
// both (benchmarks/README.md, sixteenth session). Other callables pay no step of a constant
// evaluation's budget for the dispatch. Only in decltype.
template <class F>
auto through_pointer(F& f, int) -> decltype(pointer_to_unary_function(+f), &F::operator(), converts{});
template <class F>
does_not_convert through_pointer(F&, long);
}  // namespace detail

// The cost of one instruction: lane l (of active_lanes) accesses byte address
// address_of_lane(l) with `op`, on `arch`. Bad input fails constant evaluation naming the rule;
// at run time it gives a report whose .error names it.
// Example: analyze([](int l) { return 4 * 33 * l; }, load(4)).wavefronts -> 1
// (One template with default arguments, not an overload that forwards: each is instantiated per
// callable, and a check paid about 0.13 M instructions for the second, benchmarks/README.md.)
BANKCHECK_CALLS_USER_CODE
template <class F, class Arch = arch::nvidia_t, typename detail::if_engine_arch<Arch, true>::type = 0>
BANKCHECK_HOST_DEVICE constexpr report analyze(F&& address_of_lane, access op, std::uint64_t active_lanes = whole_warp,
                                               Arch arch = {}) {
  if constexpr (decltype(detail::through_pointer(address_of_lane, 0))::value) {
    return analyze(+address_of_lane, op, active_lanes, arch);  // once per pointer type
  } else {
    const detail::plan p = detail::make_plan(op, active_lanes, arch);
    if (static_cast<bool>(p.error)) return report{p.error};
    auto v = detail::to_fill<detail::lane_values<detail::lanes_for<Arch>()>>();
    detail::gather(address_of_lane, p.call, detail::span_of(p.call), v);
    detail::no_visitor none{};
    return detail::run(v, op, p, arch, none);
  }
}

// The same on an architecture given as a value of a type of one's own that converts to
// `architecture` (as the choosers take one): converted, then analyzed.
BANKCHECK_CALLS_USER_CODE
template <class F, class Arch, typename detail::if_engine_arch<Arch, false>::type = 0>
BANKCHECK_HOST_DEVICE constexpr report analyze(F&& address_of_lane, access op,  // Arch: a type of one's own
                                               std::uint64_t active_lanes = whole_warp, Arch arch = {}) {
  if constexpr (detail::arch_required<Arch>::value)
    return analyze(static_cast<F&&>(address_of_lane), op, active_lanes, static_cast<architecture>(arch));
  else
    return report{};
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
template <class F, class Arch = arch::nvidia_t, typename detail::if_engine_arch<Arch, true>::type = 0>
BANKCHECK_HOST_DEVICE constexpr pass_table pass_schedule(F&& address_of_lane, access op,
                                                         std::uint64_t active_lanes = whole_warp, Arch arch = {}) {
  if constexpr (decltype(detail::through_pointer(address_of_lane, 0))::value) {
    return pass_schedule(+address_of_lane, op, active_lanes, arch);  // once per pointer type
  } else {
    const detail::plan p = detail::make_plan(op, active_lanes, arch);
    auto v = detail::to_fill<detail::lane_values<detail::lanes_for<Arch>()>>();
    if (p.ok()) detail::gather(address_of_lane, p.call, detail::span_of(p.call), v);
    return detail::schedule(v, op, p, arch);
  }
}

// The same on an architecture of a type of one's own that converts to `architecture`.
BANKCHECK_CALLS_USER_CODE
template <class F, class Arch, typename detail::if_engine_arch<Arch, false>::type = 0>
BANKCHECK_HOST_DEVICE constexpr pass_table pass_schedule(F&& address_of_lane, access op,  // Arch: a type of one's own
                                                         std::uint64_t active_lanes = whole_warp, Arch arch = {}) {
  if constexpr (detail::arch_required<Arch>::value)
    return pass_schedule(static_cast<F&&>(address_of_lane), op, active_lanes, static_cast<architecture>(arch));
  else
    return pass_table{};
}

// The pass (0-based) in which each lane of the seed's model is served; passes = conflict_degree.
// Example: pass_schedule([](int l) { return 32 * l; })[7] -> 7
BANKCHECK_CALLS_USER_CODE
template <class F>
BANKCHECK_HOST_DEVICE constexpr pass_table pass_schedule(F&& word_of_lane) {
  if constexpr (decltype(detail::through_pointer(word_of_lane, 0))::value) {
    return pass_schedule(+word_of_lane);  // once per pointer type
  } else {
    constexpr typename detail::dependent<arch::nvidia_t, F>::type a{};  // the engine compiled with a call
    const detail::plan p = detail::make_plan(load(4), whole_warp, a);
    auto v = detail::to_fill<typename detail::dependent<detail::lane_values<32>, F>::type>();  // likewise
    v.unit = 4;
    detail::gather(word_of_lane, 0xffffffff, detail::lane_span{0, 31, true}, v);
    return detail::schedule(v, load(4), p, a);
  }
}

}  // namespace bankcheck

BANKCHECK_DETAIL_COMMAS_END

#endif
