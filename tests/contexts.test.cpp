// SPDX-License-Identifier: BSL-1.0
// Every context that needs a constant gets the engine's answer, and a run-time call the same
// one. The entry points stop g++'s speculative evaluations (detail/engine.hpp,
// BANKCHECK_DETAIL_SKIP_SPECULATIVE_EVALUATION); a context that g++ evaluated only speculatively
// would then lose its constant and fail to compile here.
#include <bankcheck/analyze.hpp>
#include <doctest/doctest.h>

#include <cstdint>

namespace {
using bankcheck::analyze;
using bankcheck::conflict_degree;
using bankcheck::load;
using bankcheck::pass_schedule;

// Word indices for conflict_degree and pass_schedule(f), byte addresses for analyze.
constexpr auto column = [](int l) { return 32 * l; };              // 32 passes
constexpr auto stride_two = [](int l) { return 2 * l; };           // 2 passes
constexpr auto byte_stride_eight = [](int l) { return 8 * l; };    // 4-byte loads: 2 passes
constexpr auto float4_column = [](int l) { return 16 * 33 * l; };  // 16-byte loads: 4 (1 per quarter)

template <int N>
struct constant {
  static constexpr int value = N;
};

// Namespace scope: a const (not constexpr) variable, an enumerator, a template argument, a
// bit-field width, an alignment and an array bound.
const int const_variable = conflict_degree(stride_two);
static_assert(const_variable == 2, "a const int's initializer is a constant");
enum passes_of : int { column_passes = conflict_degree(column) };
static_assert(column_passes == 32, "an enumerator");
static_assert(constant<conflict_degree(stride_two)>::value == 2, "a template argument");
static_assert(constant<analyze(float4_column, load(16)).wavefronts>::value == 4, "a template argument");
struct with_bit_field {
  unsigned passes : conflict_degree(column);
};
struct alignas(4 * conflict_degree(stride_two)) aligned_by_passes {
  int x;
};
static_assert(alignof(aligned_by_passes) == 8, "an alignment");
char bound[static_cast<unsigned>(conflict_degree(column))];
static_assert(sizeof(bound) == 32, "an array bound");
static_assert(pass_schedule(column)[31] == 31 && pass_schedule(byte_stride_eight, load(4))[17] == 1, "a subscript");

// In a function: a const local in a static_assert, a case label, if constexpr, and the same
// calls at run time.
int in_a_function(int v) {
  const int local = conflict_degree(column);
  static_assert(local == 32, "a const local");
  int local_bound[static_cast<unsigned>(analyze(byte_stride_eight, load(4)).wavefronts)] = {};
  switch (v) {
    case conflict_degree(stride_two):
      return local_bound[1] + 2;
    default:
      break;
  }
  if constexpr (analyze(column, load(4)).conflict_free()) return -1;
  return local;
}

// A template's constant, computed where it is instantiated.
template <class T>
constexpr int passes_of_elements() {
  const int passes = conflict_degree([](int l) { return l * static_cast<int>(sizeof(T)); });  // word stride
  return passes;
}
static_assert(passes_of_elements<char>() == 1 && passes_of_elements<double>() == 8, "a template");
}  // namespace

TEST_CASE("each constant context and a run-time call agree") {
  volatile int two = 2, three = 3;  // volatile: the calls below run at run time
  const int run_time = conflict_degree([&](int l) { return two * l; });
  CHECK(run_time == const_variable);
  CHECK(conflict_degree([&](int l) { return 16 * two * l; }) == column_passes);
  CHECK(analyze([&](int l) { return 8 * 33 * two * l; }, load(16)).wavefronts ==
        constant<analyze(float4_column, load(16)).wavefronts>::value);
  CHECK(pass_schedule([&](int l) { return 16 * two * l; })[9] == pass_schedule(column)[9]);
  CHECK(pass_schedule([&](int l) { return 4 * two * l; }, load(4))[17] == pass_schedule(byte_stride_eight, load(4))[17]);
  CHECK(in_a_function(two) == 2);
  CHECK(in_a_function(three) == 32);
  CHECK(sizeof(with_bit_field) >= 4);
  CHECK(bound[31] == 0);
}
