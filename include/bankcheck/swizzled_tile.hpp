// SPDX-License-Identifier: BSL-1.0
// bankcheck: swizzled_tile<T, R, C, Accesses>, an unpadded tile whose byte addresses go through
// the XOR swizzle with the fewest wavefronts for the declared accesses.
#ifndef BANKCHECK_SWIZZLED_TILE_HPP
#define BANKCHECK_SWIZZLED_TILE_HPP

#include <bankcheck/arch.hpp>
#include <bankcheck/config.hpp>
#include <bankcheck/layout.hpp>
#include <bankcheck/padded_tile.hpp>
#include <bankcheck/pattern.hpp>
#include <bankcheck/swizzle.hpp>
#include <bankcheck/tile.hpp>

namespace bankcheck {

namespace detail {

BANKCHECK_HOST_DEVICE constexpr int log2_ceil(long long x) noexcept {
  int l = 0;
  while ((1LL << l) < x) ++l;
  return l;
}

// The log2 of a bank row's bytes (banks x bank_bytes), rounded down: the swizzles' row_bits.
BANKCHECK_HOST_DEVICE constexpr int row_bits_of(int banks, int bank_bytes) noexcept {
  int bits = 0;
  while ((2LL << bits) <= static_cast<long long>(banks) * bank_bytes) ++bits;
  return bits;
}

// The swizzles tried, simplest first: the identity, then B = 1, 2, ... bits; for each, M from
// the widest access up (an access's bytes must stay together) and S from B up. ZZZ stays inside
// a bank row (M + B <= row_bits, the log2 of its bytes rounded down: 7 for NVIDIA's 128) and YYY
// inside the tile (M + S + B <= log2 of its bytes, rounded up); ZZZ and YYY as in swizzle.hpp.
struct swizzle_params {
  int b = 0, m = 0, s = 0;
  // The bytes of the aligned blocks it permutes (xor_swizzle's 2^period_bits; 1 for none).
  BANKCHECK_HOST_DEVICE constexpr long long period() const noexcept {
    return b == 0 ? 1 : 1LL << (m + (s > 0 ? s : -s) + b);
  }
};
// The number of candidates (i < 0), or candidate i, counted without listing them: for each
// (B, M), S runs from B to top - M - B.
BANKCHECK_HOST_DEVICE constexpr int swizzle_candidates(int widest, long long tile_bytes, int i, swizzle_params* out,
                                                       int row_bits) noexcept {
  const int low = log2_ceil(widest), top = log2_ceil(tile_bytes);
  int n = 1;  // candidate 0: the identity
  for (int b = 1; b <= row_bits - low; ++b)
    for (int m = low; m + b <= row_bits; ++m) {
      const int shifts = top - m - 2 * b + 1;
      if (shifts <= 0) continue;
      if (i >= n && i < n + shifts && out) *out = swizzle_params{b, m, b + i - n};
      n += shifts;
    }
  return n;
}
BANKCHECK_HOST_DEVICE constexpr int swizzle_count(int widest, long long tile_bytes, int row_bits) noexcept {
  return swizzle_candidates(widest, tile_bytes, -1, nullptr, row_bits);
}
BANKCHECK_HOST_DEVICE constexpr swizzle_params swizzle_candidate(int widest, long long tile_bytes, int i,
                                                                 int row_bits) noexcept {
  swizzle_params p{};
  swizzle_candidates(widest, tile_bytes, i, &p, row_bits);
  return p;
}

// One pattern over an R x C row-major tile of `bytes`-byte elements whose byte addresses are swizzled.
// swizzled_bytes<row_major<rows, cols>, Swizzle<b, m, s>, bytes> with the swizzle as a value,
// with what that layout says of how it repeats.
struct swizzled_facts {
  static constexpr bool vectors_alike = true;
  int bytes = 0, cols = 0;
  swizzle_params p{};
  BANKCHECK_HOST_DEVICE constexpr long long repeat(int dr, int dc, long long align) const noexcept {
    return pitched_repeat(dr, dc, cols, bytes, p.period(), align);
  }
  BANKCHECK_HOST_DEVICE constexpr bitwise_form bitwise() const noexcept {
    return pitched_bitwise(cols, bytes, p.b == 0 ? 62 : p.m, true);
  }
};
// Its byte offsets.
struct swizzled_offset {
  int bytes = 0, cols = 0;
  swizzle_params p{};
  BANKCHECK_HOST_DEVICE constexpr long long operator()(int r, int c) const noexcept {
    return static_cast<long long>(
        xor_swizzle_bits(static_cast<std::uint64_t>((static_cast<long long>(r) * cols + c) * bytes), p.b, p.m, p.s));
  }
};
// The walk, on the architecture the type Arch names (arch_of_type), stops once the conflicts
// reach stop_at (negative: never), as walk_tile does.
template <class Pattern, class Arch>
BANKCHECK_HOST_DEVICE constexpr tile_report swizzled_cost(int bytes, int rows, int cols, swizzle_params p,
                                                          long long stop_at) {
  swizzled_offset offset{bytes, cols, p};
  return walk_tile(Pattern{}, tile_shape{bytes, rows, cols}, offset, swizzled_facts{bytes, cols, p},
                   arch_of_type<Arch>::value(), stop_at);
}
// A candidate swizzle's walks, as pitched_walks are a padding's.
template <int Bytes, int R, int C, int B, int M, int S, class Arch>
struct swizzled_walks {
  template <class Pattern, long long StopAt>
  static constexpr tile_report cost = swizzled_cost<Pattern, Arch>(Bytes, R, C, swizzle_params{B, M, S}, StopAt);
};

// A floor under the conflicts of a swizzle of b bits, from one access of the tile unswizzled whose
// worst phase asks `degree` distinct words of one bank: at least ceil(degree / 2^b) - 1 swizzled,
// where banks are a power of two (else no floor: 0). The swizzle XORs each address with one of
// 2^b values, picked by its YYY bits, so the words split into at most 2^b groups; within a group
// each is XORed alike, and as bank and word are then bit fields of the address and an XOR
// carries nothing, they stay distinct and in one bank. The phases stay too: the swizzle is one
// to one, and the load merge rule compares addresses. So no swizzle of b bits is conflict-free
// where some access asks more than 2^b words of one bank, and the choosers walk none: the first
// accesses of float[32][32]'s rows and columns leave 1 of its 76 candidates (B = 5).
BANKCHECK_HOST_DEVICE constexpr long long xor_floor(int degree, int b, int banks) noexcept {
  return degree > 1 && (banks & (banks - 1)) == 0 ? ((degree + (1 << b) - 1) >> b) - 1 : 0;
}

// The bank row's bits on the architecture the type Arch names.
template <class Arch>
inline constexpr int row_bits_v = row_bits_of(arch_of_type<Arch>::value().banks, arch_of_type<Arch>::value().bank_bytes);

// swizzled_tile's candidates on Arch: swizzle_candidate I, its walks stopped at Cap conflicts
// (bounded_cost). Every one is usable: a swizzle keeps aligned accesses aligned.
template <int Bytes, int R, int C, class Arch, class... Patterns>
struct swizzles {
  static constexpr int widest = widest_access<Patterns...>(Bytes, R, C);
  template <int I>
  static constexpr swizzle_params params =
      swizzle_candidate(widest, static_cast<long long>(R) * C * Bytes, I, row_bits_v<Arch>);
  template <int I>
  using walks = swizzled_walks<Bytes, R, C, params<I>.b, params<I>.m, params<I>.s, Arch>;
  template <int I>
  BANKCHECK_HOST_DEVICE static constexpr long long probe_conflicts() noexcept {
    return detail::probe_conflicts<walks<I>, Patterns...>();
  }
  // xor_floor over the first accesses of the tile unswizzled (candidate 0's probes, walks<0>).
  template <int I>
  static constexpr long long least_conflicts =
      (0 + ... + xor_floor(swizzled_walks<Bytes, R, C, 0, 0, 0, Arch>::template cost<Patterns, 0>.degree(),
                           params<I>.b, arch_of_type<Arch>::value().banks));
  template <int I, long long Cap>
  BANKCHECK_HOST_DEVICE static constexpr layout_cost cost() noexcept {
    return bounded_cost<walks<I>, Cap, Patterns...>();
  }
};

template <int Bytes, int R, int C, class Accesses, class Arch>
struct swizzle_for;
template <int Bytes, int R, int C, template <class...> class List, class... Patterns, class Arch>
struct swizzle_for<Bytes, R, C, List<Patterns...>, Arch> {
  static_assert(sizeof...(Patterns) > 0, "swizzled_tile: the list of accesses must not be empty.");
  static constexpr int widest = widest_access<Patterns...>(Bytes, R, C);
  static constexpr int candidates = swizzle_count(widest, static_cast<long long>(R) * C * Bytes, row_bits_v<Arch>);
  static constexpr choice value = choose_bounded<swizzles<Bytes, R, C, Arch, Patterns...>, candidates>();
  static constexpr swizzle_params params =
      swizzle_candidate(widest, static_cast<long long>(R) * C * Bytes, value.index, row_bits_v<Arch>);
};

}  // namespace detail

// R x C elements of T, row-major with no padding, addressed through the XOR swizzle (on byte
// addresses, as CuTe applies one to a shared-memory pointer and as TMA does) with the fewest
// wavefronts for `Accesses`, the simplest on a tie, among the candidates swizzle_candidates lists
// (S > 0, as CuTe's and TMA's). When no swizzle is conflict-free, `conflict_free` is false and
// `degree` says how bad the best one is. The type aligns itself to `alignment`: the swizzle's
// period up to 1024 bytes (the longest of the TMA modes'), and at least the widest access and a
// bank's bytes. The bank counts need only those (moving every address by whole bank words rotates
// the banks), and the TMA modes' hardware swizzles absolute addresses in blocks of up to 1024
// bytes; code that applies a longer swizzle to absolute addresses (CuTe's smem pointers) aligns its
// base to `period`. Arch, as padded_tile's (NVIDIA by default): its warps walk the patterns, and
// its bank row bounds the swizzles' low bits (M + B).
// Example: swizzled_tile<float, 32, 32>::swizzle -> xor_swizzle<5, 2, 5>; degree -> 1
//          swizzled_tile<float, 64, 64, rows_and_columns, arch::gfx950_t>::swizzle -> xor_swizzle<6, 2, 6>
template <class T, int R, int C, class Accesses = rows_and_columns, class Arch = arch::nvidia_t>
struct swizzled_tile {
  static_assert(R > 0 && C > 0, "swizzled_tile: the extents must be positive.");
  static_assert(detail::element_required<T>::value, "(swizzled_tile's T: the message above)");
  static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8 || sizeof(T) == 16,
                "swizzled_tile: the element size must be 1, 2, 4, 8 or 16 bytes.");
  static_assert(detail::accesses_list<Accesses>::given,
                "swizzled_tile: Accesses must be a list of patterns, as rows_and_columns is (one pattern P: "
                "boost::mp11::mp_list<P>).");
  static_assert(detail::accesses_list<Accesses>::patterns,
                "swizzled_tile: Accesses must be a list of patterns, each an access pattern (a type with op(s), "
                "accesses(s), lanes(s, k) and at(s, k, lane), as row_segments<> has), not a list in a list.");
  // Accesses as a list of patterns: the choice's, and the checks' where they name none.
  using accesses = typename detail::accesses_list<Accesses>::type;
  using choice = detail::swizzle_for<static_cast<int>(sizeof(T)), R, C, accesses, Arch>;
  static_assert(!static_cast<bool>(choice::value.cost.error), "swizzled_tile: an access pattern does not fit the tile.");

  using value_type = T;
  using arch_type = Arch;  // the checks (is_conflict_free_v, assert_conflict_free) walk it too
  using swizzle = xor_swizzle<choice::params.b, choice::params.m, choice::params.s>;
  using layout = swizzled_bytes<row_major<R, C>, swizzle, static_cast<int>(sizeof(T))>;
  static constexpr int rows = R, cols = C;
  static constexpr long long wavefronts = choice::value.cost.wavefronts;
  static constexpr long long ideal = choice::value.cost.ideal;
  static constexpr int degree = choice::value.cost.degree;
  static constexpr bool conflict_free = choice::value.cost.conflict_free();
  // The swizzle permutes aligned blocks of this many bytes. The tile is aligned to it up to 1024
  // bytes: aligning a 32 KB tile to its 16 KB period pushed the kernel's other shared variables
  // past 48 KB.
  static constexpr int period = 1 << swizzle::period_bits;
  static constexpr int alignment =
      detail::largest(period < 1024 ? period : 1024, choice::widest,
                      detail::largest(static_cast<int>(alignof(T)), detail::arch_of_type<Arch>::value().bank_bytes, 1));

  alignas(alignment) T elements[layout::required_span_size()];

  BANKCHECK_HOST_DEVICE constexpr T& operator()(int r, int c) noexcept { return elements[layout{}(r, c)]; }
  BANKCHECK_HOST_DEVICE constexpr const T& operator()(int r, int c) const noexcept { return elements[layout{}(r, c)]; }
  BANKCHECK_HOST_DEVICE constexpr T* data() noexcept { return elements; }
  BANKCHECK_HOST_DEVICE constexpr const T* data() const noexcept { return elements; }
};

// What choose_swizzle chose: swizzled_tile's swizzle and costs, as values.
struct swizzle_choice {
  errc error = errc::none;  // a pattern's rule over the tile; the counts are then 0
  // xor_swizzle<b, m, s> on the tile's byte addresses (b = 0: none), and the bytes of the aligned
  // blocks it permutes (swizzled_tile's `period`): a base aligned to it gets the same swizzle on
  // absolute addresses; the bank counts need only the widest access's and a bank's alignment.
  int b = 0;
  int m = 0;
  int s = 0;
  long long period = 1;
  long long wavefronts = 0;
  long long ideal = 0;
  int degree = 0;

  BANKCHECK_HOST_DEVICE constexpr bool ok() const noexcept { return !static_cast<bool>(error); }
  BANKCHECK_HOST_DEVICE constexpr bool conflict_free() const noexcept { return ok() && wavefronts == ideal; }
  // The swizzle applied to a byte offset in the tile: xor_swizzle<b, m, s>{}(byte_offset), for a
  // swizzle chosen at run time. Example: choose_swizzle(4, 32, 32, row_segments<>{},
  // column_segments<>{})(4 * 33) -> 4 * (32 + (1 ^ 1)) = 128
  // Precondition: b, m and s are what choose_swizzle sets, or others that xor_swizzle<b, m, s>
  // takes (0 <= b <= |s|, m >= 0, m + |s| + b <= 63); filled by hand past them, the shifts are
  // undefined.
  BANKCHECK_HOST_DEVICE constexpr long long operator()(long long byte_offset) const noexcept {
    return static_cast<long long>(detail::xor_swizzle_bits(static_cast<std::uint64_t>(byte_offset), b, m, s));
  }
};

// swizzled_tile's choice made at run time (or in one constant evaluation), for patterns given as
// values, as choose_padding is padded_tile's: over an unpadded row-major rows x cols tile of
// `bytes`-byte elements, the simplest XOR swizzle of its byte addresses that makes every pattern
// cost its ideal wavefronts; when none does, the one with the fewest wavefronts, then the
// simplest. The same candidates, order and costs as swizzled_tile, each candidate's walks stopped
// once it has lost to the best so far, and none walked that xor_floor shows cannot win. On
// `arch` (first argument; NVIDIA without it), whose warps walk the patterns and whose bank row
// bounds the swizzles' low bits (swizzled_tile's Arch). A shape, pattern or architecture that
// breaks a rule gives that rule in `error` (a compile error in a constant expression). In a
// constant expression the whole search is one evaluation (clang: 25,642 steps for float[32][32]'s
// rows and columns), where swizzled_tile spreads its search over many.
// Example: choose_swizzle(4, 32, 32, row_segments<>{}, column_segments<>{}) -> b 5, m 2, s 5
BANKCHECK_CALLS_USER_CODE  // (Arch: a user's conversion, plain constexpr)
template <class Arch, class... Patterns>
BANKCHECK_HOST_DEVICE constexpr detail::if_architecture<Arch, swizzle_choice> choose_swizzle(Arch given, int bytes,
                                                                                             int rows, int cols,
                                                                                             const Patterns&... patterns) {
  static_assert(sizeof...(Patterns) > 0 && (detail::is_pattern<Patterns>::value && ...),
                "choose_swizzle: give at least one pattern, each an access pattern (a list such as rows_and_columns "
                "is swizzled_tile's Accesses: give its patterns one by one).");
  // A built-in tag, or the architecture given.
  const auto arch = static_cast<typename detail::arch_value<Arch>::type>(given);
  if (!detail::valid_architecture(arch)) return swizzle_choice{violated::architecture_is_invalid()};
  if ((bytes != 1 && bytes != 2 && bytes != 4 && bytes != 8 && bytes != 16) || rows < 1 || cols < 1 ||
      static_cast<long long>(rows) * cols > detail::int_max)
    return swizzle_choice{violated::tile_shape_is_invalid()};
  const tile_shape shape{bytes, rows, cols};
  const int widest = detail::widest_access_of(shape, patterns...);
  const long long tile_bytes = static_cast<long long>(rows) * cols * bytes;
  const int row_bits = detail::row_bits_of(arch.banks, arch.bank_bytes);
  auto cost = [&](int i, long long cap) {
    detail::swizzled_offset offset{bytes, cols, detail::swizzle_candidate(widest, tile_bytes, i, row_bits)};
    return detail::capped_cost(shape, offset, detail::swizzled_facts{bytes, cols, offset.p}, arch, cap, patterns...);
  };
  // swizzled_tile's least_conflicts: xor_floor over each pattern's first access unswizzled.
  detail::swizzled_offset plain{bytes, cols, {}};
  const int degrees[] = {
      detail::walk_tile(patterns, shape, plain, detail::swizzled_facts{bytes, cols, {}}, arch, 0).degree()...};
  int worst = 0;
  for (const int d : degrees) worst = d > worst ? d : worst;
  auto floor = [&](int i) {
    long long n = 0;
    if (worst > 1) {
      const int b = detail::swizzle_candidate(widest, tile_bytes, i, row_bits).b;
      for (const int d : degrees) n += detail::xor_floor(d, b, arch.banks);
    }
    return n;
  };
  const detail::choice c = detail::search_candidates(detail::swizzle_count(widest, tile_bytes, row_bits), cost, floor);
  if (static_cast<bool>(c.cost.error)) return swizzle_choice{c.cost.error};
  const detail::swizzle_params p = detail::swizzle_candidate(widest, tile_bytes, c.index, row_bits);
  return swizzle_choice{errc::none,
                        p.b,
                        p.m,
                        p.s,
                        p.period(),
                        c.cost.wavefronts,
                        c.cost.ideal,
                        c.cost.degree};
}
template <class... Patterns>
BANKCHECK_HOST_DEVICE constexpr swizzle_choice choose_swizzle(int bytes, int rows, int cols, const Patterns&... patterns) {
  return choose_swizzle(arch::nvidia_t{}, bytes, rows, cols, patterns...);
}

}  // namespace bankcheck

#endif
