// SPDX-License-Identifier: BSL-1.0
// The examples of docs/reference.md for bankcheck/version.hpp (ctest builds and runs this file).
#include <cstdio>

#include <bankcheck/version.hpp>

int main() {
  // [version]
  std::printf("bankcheck %d.%d.%d\n", BANKCHECK_VERSION / 100000, BANKCHECK_VERSION / 100 % 1000,
              BANKCHECK_VERSION % 100);
  // [version]
}
