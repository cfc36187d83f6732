// SPDX-License-Identifier: BSL-1.0
// The examples of docs/reference.md for bankcheck/swizzle.hpp (ctest builds and runs this file).
#include <type_traits>

#include <bankcheck/analyze.hpp>
#include <bankcheck/swizzle.hpp>

using namespace bankcheck;

// [xor_swizzle]
// Bits 4-6 (the 16-byte granule within a 128-byte row) ^= bits 7-9 (the row).
using s = xor_swizzle<3, 4, 3>;
static_assert(s{}(128 * 1 + 16 * 2) == 176);  // 128 + 16 * (2 ^ 1)
static_assert(s::yyy_mask == 0x380 && s::zzz_mask == 0x70 && s::period_bits == 10);
// 8 lanes store 16 bytes each down a column of int4[8][8] (MODEL.md, from the Programming Guide):
static_assert(analyze([](int i) { return 128 * i + 16 * 3; }, store(16), 0xff).wavefronts == 8);
static_assert(analyze([](int i) { return s{}(128 * i + 16 * 3); }, store(16), 0xff).wavefronts == 1);
// [xor_swizzle]

// [no_swizzle]
static_assert(no_swizzle{}(1234) == 1234 && no_swizzle::period_bits == 0);
// [no_swizzle]

// [tma]
static_assert(std::is_same_v<tma::swizzle_128b, xor_swizzle<3, 4, 3>>);
static_assert(tma::swizzle_32b::period_bits == 8 && tma::swizzle_64b::period_bits == 9);  // 256 and 512 bytes
// [tma]

int main() {}
