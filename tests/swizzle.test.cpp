// SPDX-License-Identifier: BSL-1.0
// Tests for bankcheck/swizzle.hpp: xor_swizzle against a bit-by-bit reference for every offset
// below 2^16, and the TMA swizzle example of the CUDA Programming Guide.
#include <bankcheck/analyze.hpp>
#include <bankcheck/swizzle.hpp>
#include <doctest/doctest.h>

#include <cstdint>

using namespace bankcheck;

// The Programming Guide's TMA example: 8 lanes store an int4 each down column c of int4[8][8].
static_assert(analyze([](int i) { return 128 * i + 16 * 3; }, store(16), 0xff).wavefronts == 8);
static_assert(analyze([](int i) { return 128 * i + 16 * (3 ^ i); }, store(16), 0xff).wavefronts == 1);
static_assert(analyze([](int i) { return tma::swizzle_128b{}(128 * i + 16 * 3); }, store(16), 0xff).wavefronts == 1);
// 64B swizzle: a pattern that repeats every 4 rows, so 2 rows per bank group: 2 wavefronts.
static_assert(analyze([](int i) { return tma::swizzle_64b{}(128 * i + 16 * 3); }, store(16), 0xff).wavefronts == 2);
static_assert(analyze([](int i) { return tma::swizzle_32b{}(128 * i + 16 * 3); }, store(16), 0xff).wavefronts == 4);

static_assert(tma::swizzle_128b::yyy_mask == 0x380 && tma::swizzle_128b::zzz_mask == 0x70);
static_assert(tma::swizzle_64b::yyy_mask == 0x180 && tma::swizzle_32b::zzz_mask == 0x10);
static_assert(xor_swizzle<2, 1, -3>::yyy_mask == 0x6 && xor_swizzle<2, 1, -3>::zzz_mask == 0x30);
static_assert(xor_swizzle<3, 4, 3>{}(176) == 160 && xor_swizzle<3, 4, 3>{}(160) == 176);
static_assert(no_swizzle{}(12345) == 12345);

namespace {
// Bit by bit: result bit (z + i) = x bit (z + i) XOR x bit (y + i), for i < B, where the masks
// start at y = M + max(0, S) and z = M - min(0, S).
std::uint64_t reference(std::uint64_t x, int b, int m, int s) {
  const int y = m + (s > 0 ? s : 0), z = m - (s < 0 ? s : 0);
  std::uint64_t r = x;
  for (int i = 0; i < b; ++i) r ^= ((x >> (y + i)) & 1) << (z + i);
  return r;
}

template <int B, int M, int S>
void check_every_offset() {
  constexpr xor_swizzle<B, M, S> f{};
  int wrong = 0;
  for (std::uint32_t x = 0; x < (1u << 16); ++x) {
    wrong += f(x) != reference(x, B, M, S);
    wrong += f(static_cast<std::uint64_t>(x) + (std::uint64_t{5} << 40)) != reference(x + (std::uint64_t{5} << 40), B, M, S);
  }
  INFO("xor_swizzle<" << B << ", " << M << ", " << S << ">");
  CHECK(wrong == 0);
  // A swizzle is its own inverse.
  for (int x = 0; x < (1 << 12); ++x) CHECK(f(f(x)) == x);
}
}  // namespace

TEST_CASE("xor_swizzle matches the bit formula for every offset below 2^16") {
  check_every_offset<3, 4, 3>();
  check_every_offset<2, 4, 3>();
  check_every_offset<1, 4, 3>();
  check_every_offset<3, 3, 3>();
  check_every_offset<2, 0, 4>();
  check_every_offset<3, 2, 5>();
  check_every_offset<2, 1, -3>();
  check_every_offset<3, 0, -3>();
  check_every_offset<0, 4, 3>();
  check_every_offset<5, 2, 5>();
  CHECK(xor_swizzle<3, 4, 3>{}(static_cast<short>(176)) == 160);  // the argument's type is kept
}
