// SPDX-License-Identifier: BSL-1.0
// Tests for bankcheck/error.hpp: every rule has a distinct message and a rule function.
#include <bankcheck/error.hpp>
#include <doctest/doctest.h>

#include <set>
#include <string>

using namespace bankcheck;

// Every rule function, in errc's order: a rule added to errc without one (or out of order) fails
// the loop below, which walks the codes by number until to_string no longer knows one.
const errc rules[] = {violated::access_width_must_be_1_2_4_8_or_16(),
                      violated::matrix_count_must_be_1_2_or_4(),
                      violated::address_must_be_a_multiple_of_the_access_width(),
                      violated::address_must_not_be_negative(),
                      violated::address_is_out_of_range(),
                      violated::lane_mask_must_not_be_empty(),
                      violated::lane_mask_must_fit_the_warp(),
                      violated::matrix_ops_need_every_lane_of_the_warp(),
                      violated::architecture_has_no_matrix_ops(),
                      violated::architecture_is_invalid(),
                      violated::pattern_indexes_outside_the_tile(),
                      violated::matrix_tiles_need_2_byte_elements_and_whole_8x8_sub_tiles(),
                      violated::tile_shape_is_invalid(),
                      violated::vector_elements_must_be_contiguous(),
                      violated::thread_block_is_invalid(),
                      violated::exchange_shape_is_invalid(),
                      violated::exchange_layout_is_invalid(),
                      violated::access_is_invalid(),
                      violated::pattern_counts_must_not_be_negative()};

TEST_CASE("every error code has its own message and a rule function that returns it") {
  std::set<std::string> messages{to_string(errc::none), "unknown error"};
  int codes = 0;
  for (int n = 1; std::string(to_string(static_cast<errc>(n))) != "unknown error"; ++n, ++codes) {
    INFO("errc value ", n, ": ", to_string(static_cast<errc>(n)));
    CHECK(messages.insert(to_string(static_cast<errc>(n))).second);
    REQUIRE(n <= static_cast<int>(sizeof rules / sizeof rules[0]));
    CHECK(rules[n - 1] == static_cast<errc>(n));
  }
  CHECK(codes == static_cast<int>(sizeof rules / sizeof rules[0]));
  CHECK(std::string(to_string(errc::address_must_be_a_multiple_of_the_access_width)) ==
        "address must be a multiple of the access width");
}
