// SPDX-License-Identifier: BSL-1.0
// padded_tile with 16-byte elements: every C in 1..128 against the brute force.
#include "padded_tile_sweep.hpp"
namespace sweep {
struct bytes16 {
  unsigned char b[16];
};
}  // namespace sweep
TEST_CASE("padded_tile<16-byte element, 32, C> matches the brute force for every C in 1..128") {
  sweep::check_every_width<sweep::bytes16>(std::make_integer_sequence<int, 128>{});
}
