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

// [device_noinline]
// A function with a large frame that device code should call, not inline at each call site:
BANKCHECK_DEVICE_NOINLINE BANKCHECK_HOST_DEVICE constexpr int sum_of_words(int n) {
  int words[64] = {};
  for (int i = 0; i < n && i < 64; ++i) words[i] = 32 * i;
  int sum = 0;
  for (int w : words) sum += w;
  return sum;
}
static_assert(sum_of_words(4) == 32 * (0 + 1 + 2 + 3));
// [device_noinline]

int main() {}
