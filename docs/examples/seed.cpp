// SPDX-License-Identifier: BSL-1.0
// The examples of docs/reference.md for bankcheck/seed.hpp (ctest builds and runs this file).
#include <bankcheck/seed.hpp>

using namespace bankcheck;

// [conflict_degree]
static_assert(conflict_degree([](int lane) { return 32 * lane; }) == 32);  // a column of float[32][32]
static_assert(conflict_degree([](int lane) { return 33 * lane; }) == 1);   // a column of float[32][33]
static_assert(conflict_degree([](int lane) { return 2 * lane; }) == 2);    // stride 2
static_assert(conflict_degree([](int) { return 5; }) == 1);                // one word: a broadcast
constexpr int column_passes(int pitch) {  // a callable with captures takes the other overload
  return conflict_degree([pitch](int lane) { return pitch * lane; });
}
static_assert(column_passes(32) == 32 && column_passes(33) == 1);
// [conflict_degree]

// [strided_degree]
static_assert(strided_degree(2) == 2 && strided_degree(33) == 1 && strided_degree(32) == 32);
static_assert(strided_degree(0) == 1 && strided_degree(-8) == 8);
// [strided_degree]

int main() {}
