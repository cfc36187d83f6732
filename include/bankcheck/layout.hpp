// SPDX-License-Identifier: BSL-1.0
// bankcheck: tile layouts as mapping objects, in the style of std::mdspan and CuTe:
// operator()(row, col) gives the element offset. Fully static, so empty and trivial.
#ifndef BANKCHECK_LAYOUT_HPP
#define BANKCHECK_LAYOUT_HPP

#include <bankcheck/config.hpp>
#include <bankcheck/swizzle.hpp>

BANKCHECK_DETAIL_COMMAS_BEGIN

namespace bankcheck {

namespace detail {
BANKCHECK_HOST_DEVICE constexpr long long gcd(long long a, long long b) noexcept {
  a = a < 0 ? -a : a, b = b < 0 ? -b : b;
  while (b != 0) {
    const long long t = a % b;
    a = b, b = t;
  }
  return a;
}
// The least t >= 1 such that t * delta is a multiple of both granule and align (all in bytes,
// granule and align positive): the period of a move by `delta` bytes, when the cost of an access
// is unchanged by translations that are multiples of granule (the layout's) and align
// (walk_tile's: a bank's bytes and the access width).
BANKCHECK_HOST_DEVICE constexpr long long translation_period(long long delta, long long granule, long long align) noexcept {
  const long long m = granule / gcd(granule, align) * align;  // lcm
  return m / gcd(delta % m, m);
}
inline constexpr long long int_max = 2147483647;  // offsets are ints, as in the kernels that use them
BANKCHECK_HOST_DEVICE constexpr int exact_log2(long long x) noexcept {  // -1 unless x is a power of two
  int l = 0;
  while (x > 1 && x % 2 == 0) x /= 2, ++l;
  return x == 1 ? l : -1;
}
}  // namespace detail

// A layout whose byte addresses are bit fields: address(r, c) = S((r << row_shift) | (c << col_shift))
// with the two fields disjoint over the tile and S linear over GF(2) (an XOR swizzle, or the
// identity) leaving the address modulo 2^keep_bits unchanged. Moving an access by whole aligned
// powers of two then XORs every address by one constant, which costs nothing: analyze_tile uses
// this (bitwise(element_bytes)) to treat such moves as one class.
struct bitwise_form {
  bool ok = false;
  int row_shift = 0, col_shift = 0, keep_bits = 62;
};

namespace detail {
// The facts of a pitched layout (row_major, column_major, and the choosers' candidates, whose
// pitch is a value): a move of `major` lines and `minor` elements along a line moves every
// element by (major * pitch + minor) elements; the addresses are the bit fields
// (line << log2(pitch * element_bytes)) | (element << log2(element_bytes)) when both are powers
// of two, under a swizzle that keeps `keep_bits` low bits.
BANKCHECK_HOST_DEVICE constexpr long long pitched_repeat(int major, int minor, long long pitch, int element_bytes,
                                                         long long granule, long long align) noexcept {
  return translation_period((major * pitch + minor) * element_bytes, granule, align);
}
BANKCHECK_HOST_DEVICE constexpr bitwise_form pitched_bitwise(long long pitch, int element_bytes, int keep_bits,
                                                             bool lines_are_rows) noexcept {
  const int line = exact_log2(pitch * element_bytes), element = exact_log2(element_bytes);
  if (line < 0 || element < 0) return bitwise_form{};
  return lines_are_rows ? bitwise_form{true, line, element, keep_bits} : bitwise_form{true, element, line, keep_bits};
}
}  // namespace detail

// Layouts may say how they repeat: L::repeat_after(dr, dc, element_bytes, align) is the least
// t >= 1 such that moving any element by t * (dr, dc) moves its byte address by the same
// multiple of align bytes (so an access moved so costs the same), or 0 if it does not say.
// analyze_tile uses it to analyze large tiles in time independent of their size. A layout that
// says both (repeat_after and bitwise) also keeps every lane's vector alike when an access is at
// most 2^keep_bits bytes: contiguous in every row where it is in one (the library's layouts do,
// as a pitch or an XOR swizzle of the bits above the access's moves every vector alike), so
// analyze_tile then tests each access's vectors at its first lane only, and wider ones at every
// lane.

// Row-major with a pitch: offset(r, c) = r * Pitch + c; padding = Pitch - Cols elements.
// Example: row_major<32, 32, 33>{}(2, 5) -> 71
template <int Rows, int Cols, int Pitch = Cols>
struct row_major {
  static_assert(Rows > 0 && Cols > 0, "row_major: the extents must be positive.");
  static_assert(Pitch >= Cols, "row_major: the pitch must be at least the number of columns.");
  static_assert(static_cast<long long>(Rows - 1) * Pitch + Cols <= detail::int_max,
                "row_major: the offsets must fit in int ((Rows - 1) * Pitch + Cols <= 2^31 - 1).");
  static constexpr int rows = Rows, cols = Cols, pitch = Pitch, padding = Pitch - Cols;

  BANKCHECK_HOST_DEVICE constexpr int operator()(int r, int c) const noexcept { return r * Pitch + c; }
  // Elements an array needs to hold every offset: (Rows - 1) * Pitch + Cols.
  BANKCHECK_HOST_DEVICE static constexpr int required_span_size() noexcept { return (Rows - 1) * Pitch + Cols; }
  BANKCHECK_HOST_DEVICE static constexpr long long repeat_after(int dr, int dc, int element_bytes, long long align) noexcept {
    return detail::pitched_repeat(dr, dc, Pitch, element_bytes, 1, align);
  }
  // Bit fields when the pitch is a power of two bytes.
  BANKCHECK_HOST_DEVICE static constexpr bitwise_form bitwise(int element_bytes) noexcept {
    return detail::pitched_bitwise(Pitch, element_bytes, 62, true);
  }
};

// Column-major with a pitch: offset(r, c) = c * Pitch + r.
template <int Rows, int Cols, int Pitch = Rows>
struct column_major {
  static_assert(Rows > 0 && Cols > 0, "column_major: the extents must be positive.");
  static_assert(Pitch >= Rows, "column_major: the pitch must be at least the number of rows.");
  static_assert(static_cast<long long>(Cols - 1) * Pitch + Rows <= detail::int_max,
                "column_major: the offsets must fit in int ((Cols - 1) * Pitch + Rows <= 2^31 - 1).");
  static constexpr int rows = Rows, cols = Cols, pitch = Pitch, padding = Pitch - Rows;

  BANKCHECK_HOST_DEVICE constexpr int operator()(int r, int c) const noexcept { return c * Pitch + r; }
  BANKCHECK_HOST_DEVICE static constexpr int required_span_size() noexcept { return (Cols - 1) * Pitch + Rows; }
  BANKCHECK_HOST_DEVICE static constexpr long long repeat_after(int dr, int dc, int element_bytes, long long align) noexcept {
    return detail::pitched_repeat(dc, dr, Pitch, element_bytes, 1, align);
  }
  BANKCHECK_HOST_DEVICE static constexpr bitwise_form bitwise(int element_bytes) noexcept {
    return detail::pitched_bitwise(Pitch, element_bytes, 62, false);
  }
};

namespace detail {
template <class...> struct voider { using type = void; };
template <class T> T&& declared() noexcept;  // unevaluated operands only
// Whether a layout says how it repeats (repeat_after) and what bits its offsets keep (bitwise):
// both optional in a layout of one's own.
template <class L> using repeat_after_of = decltype(declared<const L&>().repeat_after(0, 0, 0, 0LL));
template <class L> using bitwise_of = decltype(declared<const L&>().bitwise(0));
template <class L, class = void> struct has_repeat { static constexpr bool value = false; };
template <class L> struct has_repeat<L, typename voider<repeat_after_of<L>>::type> {
  static constexpr bool value = true;
};
template <class L, class = void> struct has_bitwise { static constexpr bool value = false; };
template <class L> struct has_bitwise<L, typename voider<bitwise_of<L>>::type> {
  static constexpr bool value = true;
};
// A layout's element size where it is built for one (swizzled_bytes' swizzled_element_bytes, a
// static int; a swizzled's is its layout's, below), else 0: a member of that name of another
// kind is not taken for it.
const int* static_int(const int*) noexcept;  // unevaluated operands only
template <class L, class = void> struct element_bytes_of { static constexpr long long value = 0; };
template <class L>
struct element_bytes_of<L, typename voider<decltype(static_int(&L::swizzled_element_bytes))>::type> {
  static constexpr long long value = L::swizzled_element_bytes;
};
}  // namespace detail

// A layout followed by an XOR swizzle of its element offsets: Swizzle(Layout(r, c)).
// Example: swizzled<row_major<8, 8>, xor_swizzle<3, 0, 3>>{}(1, 2) -> 8 + (2 ^ 1) = 11
template <class Layout, class Swizzle>
struct swizzled {
  static_assert(Swizzle::period_bits <= 31 &&
                    detail::xor_swizzle_span(Layout::required_span_size(), Swizzle::bits, Swizzle::base,
                                             Swizzle::shift) <= detail::int_max,
                "swizzled: the swizzled offsets must fit in int (the span after the swizzle <= 2^31 - 1, and "
                "the swizzle's block of 2^period_bits elements no larger).");
  static constexpr int rows = Layout::rows, cols = Layout::cols;

  // (Layout may be one's own, with members nvcc takes for host functions: BANKCHECK_CALLS_USER_CODE.)
  BANKCHECK_CALLS_USER_CODE
  BANKCHECK_HOST_DEVICE constexpr int operator()(int r, int c) const noexcept { return Swizzle{}(Layout{}(r, c)); }
  // One past the largest swizzled offset of 0 .. the layout's span - 1 (xor_swizzle_span): exact
  // where the layout's offsets are all of those, as an unpadded row_major's are.
  BANKCHECK_CALLS_USER_CODE
  BANKCHECK_HOST_DEVICE static constexpr int required_span_size() noexcept {
    return static_cast<int>(
        detail::xor_swizzle_span(Layout::required_span_size(), Swizzle::bits, Swizzle::base, Swizzle::shift));
  }
  // The swizzle commutes with moves by whole blocks of 2^period_bits elements (0, for "no
  // repeat worth finding", past 2^40). Only where Layout says how it repeats, as a layout of
  // one's own need not; bitwise the same.
  BANKCHECK_CALLS_USER_CODE
  template <class L = Layout, class = detail::repeat_after_of<L>>
  BANKCHECK_HOST_DEVICE static constexpr long long repeat_after(int dr, int dc, int element_bytes, long long align) noexcept {
    if (Swizzle::period_bits > 40) return 0;
    const long long block = (1LL << Swizzle::period_bits) * element_bytes;
    return static_cast<long long>(L{}.repeat_after(dr, dc, element_bytes, block / detail::gcd(block, align) * align));
  }
  // The swizzle of element offsets, on bytes, keeps M + log2(element_bytes) low bits.
  BANKCHECK_CALLS_USER_CODE
  template <class L = Layout, class = detail::bitwise_of<L>>
  BANKCHECK_HOST_DEVICE static constexpr bitwise_form bitwise(int element_bytes) noexcept {
    bitwise_form f = L{}.bitwise(element_bytes);
    const int keep = Swizzle::base + detail::exact_log2(element_bytes);
    if (Swizzle::bits > 0 && keep < f.keep_bits) f.keep_bits = keep;
    return f;
  }
};

namespace detail {
// A swizzle of element offsets moves whole elements: the layout it swizzles says their size.
template <class Layout, class Swizzle>
struct element_bytes_of<swizzled<Layout, Swizzle>> : element_bytes_of<Layout> {};
}  // namespace detail

// A layout whose byte addresses are swizzled, as CuTe does for shared-memory pointers and as the
// TMA modes are defined: offset(r, c) = Swizzle(Layout(r, c) * ElementBytes) / ElementBytes.
// Example: swizzled_bytes<row_major<8, 32>, tma::swizzle_128b, 4>{}(1, 4) -> 32 + 4 * (1 ^ 1) = 32
template <class Layout, class Swizzle, int ElementBytes>
struct swizzled_bytes {
  static_assert(ElementBytes > 0 && (ElementBytes & (ElementBytes - 1)) == 0,
                "swizzled_bytes: the element size must be a power of two.");
  static_assert((1 << Swizzle::base) >= ElementBytes || Swizzle::bits == 0,
                "swizzled_bytes: the swizzle must keep an element's bytes together (2^M >= element size).");
  static_assert(detail::element_bytes_of<Layout>::value == 0 || detail::element_bytes_of<Layout>::value == ElementBytes,
                "swizzled_bytes: the layout it swizzles was built for elements of another size (a swizzled_bytes "
                "inside it must have the same ElementBytes).");
  static_assert(Swizzle::period_bits <= 31 &&
                    detail::xor_swizzle_span(static_cast<long long>(Layout::required_span_size()) * ElementBytes,
                                             Swizzle::bits, Swizzle::base, Swizzle::shift) <= detail::int_max,
                "swizzled_bytes: the swizzled byte offsets must fit in int (the span in bytes after the swizzle "
                "<= 2^31 - 1, and the swizzle's block of 2^period_bits bytes no larger).");
  static constexpr int rows = Layout::rows, cols = Layout::cols;
  static constexpr int swizzled_element_bytes = ElementBytes;  // analyze_tile<T> asks sizeof(T) to be this

  BANKCHECK_CALLS_USER_CODE
  BANKCHECK_HOST_DEVICE constexpr int operator()(int r, int c) const noexcept {
    return Swizzle{}(Layout{}(r, c) * ElementBytes) / ElementBytes;
  }
  // In elements: one past the largest swizzled byte offset, over ElementBytes (a swizzle keeps
  // each element's bytes together, 2^M >= ElementBytes), as swizzled's.
  BANKCHECK_CALLS_USER_CODE
  BANKCHECK_HOST_DEVICE static constexpr int required_span_size() noexcept {
    return static_cast<int>(detail::xor_swizzle_span(static_cast<long long>(Layout::required_span_size()) * ElementBytes,
                                                     Swizzle::bits, Swizzle::base, Swizzle::shift) /
                            ElementBytes);
  }
  // The swizzle commutes with moves by whole blocks of 2^period_bits bytes. Only where Layout
  // says how it repeats, as swizzled's; bitwise the same.
  BANKCHECK_CALLS_USER_CODE
  template <class L = Layout, class = detail::repeat_after_of<L>>
  BANKCHECK_HOST_DEVICE static constexpr long long repeat_after(int dr, int dc, int element_bytes, long long align) noexcept {
    if (Swizzle::period_bits > 40) return 0;
    const long long block = 1LL << Swizzle::period_bits;
    return static_cast<long long>(L{}.repeat_after(dr, dc, element_bytes, block / detail::gcd(block, align) * align));
  }
  BANKCHECK_CALLS_USER_CODE
  template <class L = Layout, class = detail::bitwise_of<L>>
  BANKCHECK_HOST_DEVICE static constexpr bitwise_form bitwise(int element_bytes) noexcept {
    bitwise_form f = L{}.bitwise(element_bytes);
    if (Swizzle::bits > 0 && Swizzle::base < f.keep_bits) f.keep_bits = Swizzle::base;
    return f;
  }
};

}  // namespace bankcheck

BANKCHECK_DETAIL_COMMAS_END

#endif
