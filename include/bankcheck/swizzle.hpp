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
