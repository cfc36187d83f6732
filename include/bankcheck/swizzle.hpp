// SPDX-License-Identifier: BSL-1.0
// bankcheck: XOR swizzles, bit for bit as CuTe's Swizzle<B, M, S>, and the TMA / wgmma modes.
#ifndef BANKCHECK_SWIZZLE_HPP
#define BANKCHECK_SWIZZLE_HPP

#include <cstdint>

#include <bankcheck/config.hpp>
#include <bankcheck/detail/integral.hpp>

namespace bankcheck {

namespace detail {
// f(x) for B, M, S given at run time; xor_swizzle<B, M, S> is this with constants.
BANKCHECK_HOST_DEVICE constexpr std::uint64_t xor_swizzle_bits(std::uint64_t x, int b, int m, int s) noexcept {
  const std::uint64_t bits = (std::uint64_t{1} << b) - 1;
  const std::uint64_t y = x & (bits << (m + (s > 0 ? s : 0)));
  return x ^ (s >= 0 ? y >> s : y << -s);
}

// One past the largest f(x) over x in [0, n), n >= 1: the span of a swizzled layout whose
// offsets before the swizzle are 0 .. n - 1 (an upper bound where some are missing). With
// S >= B > 0, f keeps every bit but the B at M, which it XORs with the B at M + S, above them:
// x's bits from M + B up are f(x)'s, so the largest f(x) has n - 1's, and then the best of the
// 2^B choices of the bits at M (every bit below M set, unless the bits at M are n - 1's). So a
// tile whose span is a multiple of 2^(M + B) keeps it, where rounding it up to the swizzle's
// period (2^(M + S + B)) took up to twice the memory. A negative S (the choosers never try one)
// rounds up to the period.
BANKCHECK_HOST_DEVICE constexpr long long xor_swizzle_span(long long n, int b, int m, int s) noexcept {
  if (b == 0) return n;
  if (s < 0) {
    const long long block = 1LL << (m - s + b);
    return (n + block - 1) / block * block;
  }
  const long long last = n - 1, low = (1LL << m) - 1, bits = (1LL << b) - 1;
  const long long top = last >> (m + b) << (m + b), source = (last >> (m + s)) & bits, mid = (last >> m) & bits;
  long long best = 0;
  for (long long t = 0; t <= mid; ++t) {
    const long long v = ((t ^ source) << m) | (t < mid ? low : last & low);
    best = v > best ? v : best;
  }
  return (top | best) + 1;
}
}  // namespace detail

// An offset-to-offset functor:
//   0bxxxxxxxxxxxxxxxYYYxxxxxxxZZZxxxx
//                                ^--^  M: the low bits kept as they are
//                   ^-^       ^-^      B: the bits in each mask
//                     ^---------^      S: the distance from ZZZ up to YYY (negative: YYY below ZZZ)
//   f(x) = x with ZZZ ^= YYY;  yyy_mask = (2^B - 1) << (M + max(0, S)),
//                              zzz_mask = (2^B - 1) << (M - min(0, S)).
// Example: xor_swizzle<3, 4, 3>{}(128 * 1 + 16 * 2) -> 128 + 16 * (2 ^ 1) = 176
template <int B, int M, int S>
struct xor_swizzle {
  static_assert(B >= 0, "xor_swizzle: B must not be negative (B counts the bits in each mask).");
  static_assert(M >= 0, "xor_swizzle: M must not be negative (M counts the low bits kept).");
  static_assert(S >= B || -S >= B, "xor_swizzle: S must be at least B in magnitude, or the masks overlap.");
  static_assert(M + (S > 0 ? S : -S) + B <= 63, "xor_swizzle: the masks must fit in 63 bits.");

  static constexpr int bits = B;
  static constexpr int base = M;
  static constexpr int shift = S;
  static constexpr std::uint64_t yyy_mask = ((std::uint64_t{1} << B) - 1) << (M + (S > 0 ? S : 0));
  static constexpr std::uint64_t zzz_mask = ((std::uint64_t{1} << B) - 1) << (M - (S < 0 ? S : 0));
  // One past the highest bit either mask touches: f permutes each aligned block of 2^period_bits.
  static constexpr int period_bits = B == 0 ? 0 : M + (S > 0 ? S : -S) + B;

  // The swizzled offset, in the type of the argument (any integer type).
  template <class Offset>
  BANKCHECK_HOST_DEVICE constexpr Offset operator()(Offset offset) const noexcept {
    static_assert(detail::integer<Offset>::kind != 0, "xor_swizzle: the offset must be of an integer type.");
    return static_cast<Offset>(detail::xor_swizzle_bits(static_cast<std::uint64_t>(offset), B, M, S));
  }
};

// The identity: no swizzle (CuTe's Swizzle<0, 4, 3>).
using no_swizzle = xor_swizzle<0, 0, 0>;

// TMA / wgmma swizzle modes (CUtensorMapSwizzle), on byte addresses: 16-byte granules XORed
// with the 128-byte row index; the pattern repeats every 256, 512 and 1024 bytes.
namespace tma {
using swizzle_32b = xor_swizzle<1, 4, 3>;
using swizzle_64b = xor_swizzle<2, 4, 3>;
using swizzle_128b = xor_swizzle<3, 4, 3>;
}  // namespace tma

}  // namespace bankcheck

#endif
