// SPDX-License-Identifier: BSL-1.0
// bankcheck: which results an address callable may return, without <type_traits> (the core
// keeps its include cost low; see benchmarks/README.md).
#ifndef BANKCHECK_DETAIL_INTEGRAL_HPP
#define BANKCHECK_DETAIL_INTEGRAL_HPP

namespace bankcheck {
namespace detail {

// kind: 0 not an integer type (bool included), 1 unsigned, 2 signed. References are looked through.
template <class T> struct integer { static constexpr int kind = 0; };
template <class T> struct integer<T&> : integer<T> {};
template <class T> struct integer<T&&> : integer<T> {};
template <class T> struct integer<const T> : integer<T> {};
template <class T> struct integer<volatile T> : integer<T> {};
template <class T> struct integer<const volatile T> : integer<T> {};
template <> struct integer<char> { static constexpr int kind = char(-1) < char(0) ? 2 : 1; };
template <> struct integer<wchar_t> { static constexpr int kind = wchar_t(-1) < wchar_t(0) ? 2 : 1; };
template <> struct integer<char16_t> { static constexpr int kind = 1; };
template <> struct integer<char32_t> { static constexpr int kind = 1; };
#if defined(__cpp_char8_t)
template <> struct integer<char8_t> { static constexpr int kind = 1; };
#endif
template <> struct integer<signed char> { static constexpr int kind = 2; };
template <> struct integer<short> { static constexpr int kind = 2; };
template <> struct integer<int> { static constexpr int kind = 2; };
template <> struct integer<long> { static constexpr int kind = 2; };
template <> struct integer<long long> { static constexpr int kind = 2; };
template <> struct integer<unsigned char> { static constexpr int kind = 1; };
template <> struct integer<unsigned short> { static constexpr int kind = 1; };
template <> struct integer<unsigned> { static constexpr int kind = 1; };
template <> struct integer<unsigned long> { static constexpr int kind = 1; };
template <> struct integer<unsigned long long> { static constexpr int kind = 1; };

}  // namespace detail
}  // namespace bankcheck

#endif
