// SPDX-License-Identifier: BSL-1.0
// bankcheck: the rules a query can break, as error codes and as compile errors.
#ifndef BANKCHECK_ERROR_HPP
#define BANKCHECK_ERROR_HPP

#include <bankcheck/config.hpp>

namespace bankcheck {

// Why a query has no answer. A report or schedule with an error carries no count (all zero).
// errc::none is 0, so static_cast<bool>(e) says whether e names a broken rule. The library's
// templates test an error so, or with a result's ok(), and build a result with its error rather
// than assign one: Clang resolves an operator on an enumeration against its whole set of
// built-in candidates, about half a million instructions for a comparison and three times that
// for an assignment, again in each instantiation (benchmarks/README.md). The hot paths use the
// cast, not ok(): a call costs a constant evaluation two steps of its budget.
enum class errc : unsigned char {
  none = 0,
  access_width_must_be_1_2_4_8_or_16,
  matrix_count_must_be_1_2_or_4,
  address_must_be_a_multiple_of_the_access_width,
  address_must_not_be_negative,
  address_is_out_of_range,
  lane_mask_must_not_be_empty,
  lane_mask_must_fit_the_warp,
  matrix_ops_need_every_lane_of_the_warp,
  architecture_has_no_matrix_ops,
  architecture_is_invalid,
  pattern_indexes_outside_the_tile,
  matrix_tiles_need_2_byte_elements_and_whole_8x8_sub_tiles,
  tile_shape_is_invalid,
  vector_elements_must_be_contiguous,
  thread_block_is_invalid,
  exchange_shape_is_invalid,
  exchange_layout_is_invalid,
  access_is_invalid,
  pattern_counts_must_not_be_negative,
};

// The rule, in words. Example: to_string(errc::lane_mask_must_not_be_empty) -> "lane mask must not be empty"
BANKCHECK_HOST_DEVICE constexpr const char* to_string(errc e) noexcept {
  switch (e) {
    case errc::none: return "no error";
    case errc::access_width_must_be_1_2_4_8_or_16: return "access width must be 1, 2, 4, 8 or 16 bytes";
    case errc::matrix_count_must_be_1_2_or_4: return "ldmatrix/stmatrix count must be 1, 2 or 4";
    case errc::address_must_be_a_multiple_of_the_access_width:
      return "address must be a multiple of the access width";
    case errc::address_must_not_be_negative: return "address must not be negative";
    case errc::address_is_out_of_range:
      return "address is out of range (a word index whose byte address overflows 64 bits)";
    case errc::lane_mask_must_not_be_empty: return "lane mask must not be empty";
    case errc::lane_mask_must_fit_the_warp: return "lane mask must fit the warp";
    case errc::matrix_ops_need_every_lane_of_the_warp:
      return "ldmatrix/stmatrix are warp-wide: the lane mask must be the whole warp";
    case errc::architecture_has_no_matrix_ops: return "architecture has no ldmatrix/stmatrix";
    case errc::architecture_is_invalid:
      return "architecture is invalid (banks 1..64, bank bytes 1..16 a power of two, warp 1..64 lanes and 32 or "
             "more with matrix ops, phase groups disjoint, covering the warp and counted truly; see check)";
    case errc::pattern_indexes_outside_the_tile: return "pattern indexes outside the tile";
    case errc::matrix_tiles_need_2_byte_elements_and_whole_8x8_sub_tiles:
      return "matrix tiles need 2-byte elements and whole 8x8 sub-tiles (rows and columns multiples of 8), a "
             "multiple of the instruction's matrices (1, 2 or 4) of them";
    case errc::tile_shape_is_invalid:
      return "tile shape is invalid (rows and cols positive, rows x cols below 2^31, elements of 1..16 bytes: 1, 2, 4, "
             "8 or 16 for the choosers)";
    case errc::vector_elements_must_be_contiguous:
      return "a lane's vector (or ldmatrix row) must be contiguous: each element right after the one before";
    case errc::thread_block_is_invalid:
      return "thread block is invalid (extents positive, at most 1024 threads, a load or a store, a vector of 1, 2, 4, 8 "
             "or 16 elements, and fewer than 2^31 warp-accesses over the tile)";
    case errc::exchange_shape_is_invalid:
      return "exchange shape is invalid (item bytes, items per thread and threads positive, at most 1024 threads, the "
             "item's alignment a power of two that divides its bytes, fewer than 2^31 lane accesses a half)";
    case errc::exchange_layout_is_invalid:
      return "exchange layout is invalid (its group positive, its padding not negative)";
    case errc::access_is_invalid:
      return "access is invalid (a load, store, ldmatrix or stmatrix; ldmatrix/stmatrix rows of 16 bytes; no matrices "
             "for a load or store)";
    case errc::pattern_counts_must_not_be_negative:
      return "a pattern's counts must not be negative (its accesses, and its grid's counts where it has one)";
  }
  return "unknown error";
}

// One function per rule, deliberately not constexpr: reaching one during constant evaluation is
// the compile error, and the compiler's message names the rule, e.g.
//   "call to non-'constexpr' function 'bankcheck::errc bankcheck::violated::lane_mask_must_not_be_empty()'".
// At run time each one just returns its code.
namespace violated {
#define BANKCHECK_RULE(name) \
  BANKCHECK_HOST_DEVICE inline errc name() noexcept { return errc::name; }
BANKCHECK_RULE(access_width_must_be_1_2_4_8_or_16)
BANKCHECK_RULE(matrix_count_must_be_1_2_or_4)
BANKCHECK_RULE(address_must_be_a_multiple_of_the_access_width)
BANKCHECK_RULE(address_must_not_be_negative)
BANKCHECK_RULE(address_is_out_of_range)
BANKCHECK_RULE(lane_mask_must_not_be_empty)
BANKCHECK_RULE(lane_mask_must_fit_the_warp)
BANKCHECK_RULE(matrix_ops_need_every_lane_of_the_warp)
BANKCHECK_RULE(architecture_has_no_matrix_ops)
BANKCHECK_RULE(architecture_is_invalid)
BANKCHECK_RULE(pattern_indexes_outside_the_tile)
BANKCHECK_RULE(matrix_tiles_need_2_byte_elements_and_whole_8x8_sub_tiles)
BANKCHECK_RULE(tile_shape_is_invalid)
BANKCHECK_RULE(vector_elements_must_be_contiguous)
BANKCHECK_RULE(thread_block_is_invalid)
BANKCHECK_RULE(exchange_shape_is_invalid)
BANKCHECK_RULE(exchange_layout_is_invalid)
BANKCHECK_RULE(access_is_invalid)
BANKCHECK_RULE(pattern_counts_must_not_be_negative)
#undef BANKCHECK_RULE
}  // namespace violated

}  // namespace bankcheck

#endif
