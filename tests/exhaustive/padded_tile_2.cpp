// SPDX-License-Identifier: BSL-1.0
// padded_tile with 2-byte elements: every C in 1..128 against the brute force.
#include "padded_tile_sweep.hpp"

TEST_CASE("padded_tile<2-byte element, 32, C> matches the brute force for every C in 1..128") {
  sweep::check_every_width<short>(std::make_integer_sequence<int, 128>{});
}
