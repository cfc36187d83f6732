// SPDX-License-Identifier: BSL-1.0
// bankcheck: what one warp-wide shared-memory instruction does, as data.
#ifndef BANKCHECK_OP_HPP
#define BANKCHECK_OP_HPP

#include <bankcheck/config.hpp>
#include <bankcheck/error.hpp>

BANKCHECK_DETAIL_COMMAS_BEGIN

namespace bankcheck {

enum class op_kind : unsigned char { load, store, ldmatrix, stmatrix };

// One instruction: every active lane loads or stores `bytes` (1, 2, 4, 8 or 16) at its address;
// for ldmatrix/stmatrix, lanes 8m..8m+7 each give one 16-byte row of matrix m < matrices.
struct access {
  op_kind kind = op_kind::load;
  int bytes = 4;
  int matrices = 0;

  BANKCHECK_HOST_DEVICE constexpr bool is_matrix() const noexcept {
    return kind == op_kind::ldmatrix || kind == op_kind::stmatrix;
  }
  BANKCHECK_HOST_DEVICE constexpr bool is_load() const noexcept {
    return kind == op_kind::load || kind == op_kind::ldmatrix;
  }
  // errc::none, or the rule this description breaks: a kind of the four; for ldmatrix/stmatrix
  // 1, 2 or 4 matrices of 16-byte rows; for a load or store 1, 2, 4, 8 or 16 bytes and no
  // matrices (an access built as an aggregate can break any of these; load() and the others
  // cannot).
  // One expression: every analyze asks it, and each statement is a step of a constant evaluation.
  BANKCHECK_HOST_DEVICE constexpr errc check() const noexcept {
    return kind == op_kind::ldmatrix || kind == op_kind::stmatrix
               ? (matrices != 1 && matrices != 2 && matrices != 4 ? errc::matrix_count_must_be_1_2_or_4
                  : bytes != 16                                   ? errc::access_is_invalid
                                                                  : errc::none)
           : kind != op_kind::load && kind != op_kind::store ? errc::access_is_invalid
           : bytes != 1 && bytes != 2 && bytes != 4 && bytes != 8 && bytes != 16
               ? errc::access_width_must_be_1_2_4_8_or_16
           : matrices != 0 ? errc::access_is_invalid
                           : errc::none;
  }
};

namespace detail {
// e, which check() gave, with its rule called: in a constant expression the call is the
// compile error. Each call is its own statement, so that the compiler's message names that rule
// alone.
BANKCHECK_HOST_DEVICE constexpr errc violate_access_rule(errc e) noexcept {
  if (e == errc::matrix_count_must_be_1_2_or_4) return violated::matrix_count_must_be_1_2_or_4();
  if (e == errc::access_width_must_be_1_2_4_8_or_16) return violated::access_width_must_be_1_2_4_8_or_16();
  if (e == errc::access_is_invalid) return violated::access_is_invalid();
  return e;
}

BANKCHECK_HOST_DEVICE constexpr access checked(access a) noexcept {
  // In a constant expression a bad width or count stops here, naming the rule.
  const errc e = a.check();
  return e == errc::none ? a : (violate_access_rule(e), a);
}
}  // namespace detail

// Each lane loads `bytes` bytes (LDS.8 .. LDS.128). Example: load(16) is a float4 read.
BANKCHECK_HOST_DEVICE constexpr access load(int bytes) noexcept {
  return detail::checked(access{op_kind::load, bytes, 0});
}
// Each lane stores `bytes` bytes (STS.8 .. STS.128).
BANKCHECK_HOST_DEVICE constexpr access store(int bytes) noexcept {
  return detail::checked(access{op_kind::store, bytes, 0});
}
// ldmatrix.x{count}: lane 8m+r gives the address of row r of 8x8 b16 matrix m (16 bytes).
BANKCHECK_HOST_DEVICE constexpr access ldmatrix(int count) noexcept {
  return detail::checked(access{op_kind::ldmatrix, 16, count});
}
// stmatrix.x{count} (sm_90): addressed like ldmatrix.
BANKCHECK_HOST_DEVICE constexpr access stmatrix(int count) noexcept {
  return detail::checked(access{op_kind::stmatrix, 16, count});
}

}  // namespace bankcheck

BANKCHECK_DETAIL_COMMAS_END

#endif
