// SPDX-License-Identifier: BSL-1.0
// A user's program: the library's headers, through the package, at compile time and at run time.
#include <bankcheck/bankcheck.hpp>
#include <bankcheck/check.hpp>

#include <cstdio>

static_assert(bankcheck::conflict_degree([](int lane) { return 32 * lane; }) == 32, "a column of float[32][32]");
static_assert(bankcheck::padded_tile<float, 32, 32>::pitch == 33, "padded_tile pads float[32][32] by one");

int main(int argc, char**) {
  // At run time, on data the compiler does not know.
  const int stride = 32 + argc - 1;
  const bankcheck::report r = bankcheck::analyze([stride](int lane) { return 4 * stride * lane; }, bankcheck::load(4));
  std::printf("consumer: bankcheck %d: a column at stride %d costs %d wavefronts\n", BANKCHECK_VERSION, stride,
              r.wavefronts);
  return r.wavefronts == 32 ? 0 : 1;
}
