// SPDX-License-Identifier: BSL-1.0
// Tests for bankcheck/error.hpp: every rule has a distinct message and a rule function.
#include <bankcheck/error.hpp>
#include <doctest/doctest.h>

#include <set>
#include <string>

using namespace bankcheck;

TEST_CASE("every error code has its own message, and each rule function returns its code") {
  const errc all[] = {errc::access_width_must_be_1_2_4_8_or_16,
                      errc::matrix_count_must_be_1_2_or_4,
                      errc::address_must_be_a_multiple_of_the_access_width,
                      errc::address_must_not_be_negative,
                      errc::address_is_out_of_range,
                      errc::lane_mask_must_not_be_empty,
                      errc::lane_mask_must_fit_the_warp,
                      errc::matrix_ops_need_every_lane_of_the_warp,
                      errc::architecture_has_no_matrix_ops,
                      errc::architecture_is_invalid,
                      errc::pattern_indexes_outside_the_tile,
                      errc::matrix_tiles_need_2_byte_elements_and_whole_8x8_sub_tiles,
                      errc::tile_shape_is_invalid,
                      errc::vector_elements_must_be_contiguous,
                      errc::thread_block_is_invalid,
                      errc::exchange_shape_is_invalid,
                      errc::exchange_layout_is_invalid,
                      errc::access_is_invalid};
  std::set<std::string> messages{to_string(errc::none)};
  for (errc e : all) CHECK(messages.insert(to_string(e)).second);
  CHECK(violated::lane_mask_must_not_be_empty() == errc::lane_mask_must_not_be_empty);
  CHECK(violated::address_must_not_be_negative() == errc::address_must_not_be_negative);
  CHECK(violated::thread_block_is_invalid() == errc::thread_block_is_invalid);
  CHECK(violated::exchange_shape_is_invalid() == errc::exchange_shape_is_invalid);
  CHECK(violated::exchange_layout_is_invalid() == errc::exchange_layout_is_invalid);
  CHECK(violated::access_is_invalid() == errc::access_is_invalid);
  CHECK(std::string(to_string(errc::address_must_be_a_multiple_of_the_access_width)) ==
        "address must be a multiple of the access width");
}
