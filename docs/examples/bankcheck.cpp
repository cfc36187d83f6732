// SPDX-License-Identifier: BSL-1.0
// The examples of docs/reference.md for bankcheck/bankcheck.hpp (ctest builds and runs this file).
// [bankcheck]
#include <bankcheck/bankcheck.hpp>

static_assert(bankcheck::conflict_degree([](int lane) { return 32 * lane; }) == 32);
static_assert(bankcheck::padded_tile<float, 32, 32>::padding == 1);
// [bankcheck]

int main() {}
