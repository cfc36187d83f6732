// SPDX-License-Identifier: BSL-1.0
// The examples of docs/reference.md for bankcheck/config.hpp (ctest builds and runs this file).
#include <bankcheck/config.hpp>

// [host_device]
// Callable from host code, and under nvcc from device code too:
BANKCHECK_HOST_DEVICE constexpr int bank_of_word(long long word) { return static_cast<int>(word % 32); }
static_assert(bank_of_word(33) == 1);
// [host_device]

// [calls_user_code]
// A __host__ __device__ template that calls the user's callable, which may be __device__ only:
BANKCHECK_CALLS_USER_CODE
template <class F>
BANKCHECK_HOST_DEVICE constexpr long long first_word(F&& word_of_lane) { return word_of_lane(0); }
static_assert(first_word([](int lane) { return 32 * lane + 7; }) == 7);
// [calls_user_code]

int main() {}
