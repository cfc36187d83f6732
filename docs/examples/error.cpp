// SPDX-License-Identifier: BSL-1.0
// The examples of docs/reference.md for bankcheck/error.hpp (ctest builds and runs this file and
// compares what it prints with error.output).
#include <cstdio>

#include <bankcheck/analyze.hpp>
#include <bankcheck/error.hpp>

using namespace bankcheck;

// [errc]
static_assert(analyze([](int lane) { return 4 * lane; }, load(4)).error == errc::none);
static_assert(access{op_kind::load, 3, 0}.check() == errc::access_width_must_be_1_2_4_8_or_16);
// [errc]

static void region(const char* name) { std::printf("// [%s]\n", name); }

int main() {
  region("to_string");
  // [to_string]
  std::puts(to_string(errc::lane_mask_must_not_be_empty));
  std::puts(to_string(errc::access_width_must_be_1_2_4_8_or_16));
  // [to_string]
  region("to_string");
  region("violated");
  // [violated]
  // At run time a rule returns its code: a report names the rule, and every count is 0.
  const report r = analyze([](int lane) { return 2 * lane; }, load(4));
  std::printf("%s; wavefronts %d\n", to_string(r.error), r.wavefronts);
  std::puts(to_string(violated::address_must_not_be_negative()));
  // [violated]
  region("violated");
}
