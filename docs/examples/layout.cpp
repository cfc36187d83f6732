// SPDX-License-Identifier: BSL-1.0
// The examples of docs/reference.md for bankcheck/layout.hpp (ctest builds and runs this file).
#include <type_traits>

#include <bankcheck/layout.hpp>
#include <bankcheck/swizzle.hpp>

using namespace bankcheck;

// [bitwise_form]
// float rows of 32 elements: the address is (r << 7) | (c << 2).
constexpr bitwise_form f = row_major<32, 32>::bitwise(4);
static_assert(f.ok && f.row_shift == 7 && f.col_shift == 2);
static_assert(!row_major<32, 32, 33>::bitwise(4).ok);  // a pitch of 132 bytes is no power of two
// [bitwise_form]

// [row_major]
using padded = row_major<32, 32, 33>;
static_assert(padded{}(2, 5) == 71 && padded::padding == 1 && padded::required_span_size() == 31 * 33 + 32);
static_assert(std::is_empty_v<padded> && std::is_trivial_v<padded>);
// Moving a float column access one column right 32 times moves it by 128 bytes: one bank row.
static_assert(padded::repeat_after(0, 1, 4, 128) == 32);
// [row_major]

// [column_major]
static_assert(column_major<32, 16>{}(2, 5) == 5 * 32 + 2);
static_assert(column_major<32, 16, 36>::required_span_size() == 15 * 36 + 32);
// [column_major]

// [swizzled]
using sw = swizzled<row_major<8, 8>, xor_swizzle<3, 0, 3>>;
static_assert(sw{}(1, 2) == 11 && sw{}(7, 0) == 63);  // 8 + (2 ^ 1), 56 + (0 ^ 7)
// [swizzled]

// [swizzled_bytes]
// float rows of 128 bytes under the TMA 128-byte swizzle: 16-byte granule ^= row % 8.
using tma128 = swizzled_bytes<row_major<8, 32>, tma::swizzle_128b, 4>;
static_assert(tma128{}(1, 4) == 32 + 4 * (1 ^ 1) && tma128{}(3, 0) == 96 + 4 * 3);
// [swizzled_bytes]

int main() {}
