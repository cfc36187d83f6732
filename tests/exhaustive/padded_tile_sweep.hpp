// SPDX-License-Identifier: BSL-1.0
// padded_tile<T, 32, C>'s padding against a brute-force search over paddings, for every C in
// 1..128; one translation unit per element size (they compile in parallel).
#ifndef BANKCHECK_TESTS_PADDED_TILE_SWEEP_HPP
#define BANKCHECK_TESTS_PADDED_TILE_SWEEP_HPP

#include <bankcheck/padded_tile.hpp>
#include <doctest/doctest.h>

#include <utility>

namespace sweep {

using namespace bankcheck;

// Brute force: paddings 0 .. 2 bank rows, each evaluated at run time; conflict-free first, then
// the fewest wavefronts, then the smallest padding. Rows and columns, as padded_tile's default.
inline int brute_force_padding(int bytes, int rows, int cols) {
  int best = -1;
  long long best_wavefronts = 0;
  bool best_free = false;
  for (int pad = 0; pad <= 2 * 128 / bytes; ++pad) {
    const int pitch = cols + pad;
    auto at = [bytes, pitch](int r, int c) { return (static_cast<long long>(r) * pitch + c) * bytes; };
    const tile_report rows_cost = analyze_pattern<row_segments<>>(tile_shape{bytes, rows, cols}, at);
    const tile_report cols_cost = analyze_pattern<column_segments<>>(tile_shape{bytes, rows, cols}, at);
    REQUIRE(rows_cost.ok());
    REQUIRE(cols_cost.ok());
    const long long wavefronts = rows_cost.wavefronts + cols_cost.wavefronts;
    const bool free = rows_cost.conflict_free() && cols_cost.conflict_free();
    if (best < 0 || (free && !best_free) || (free == best_free && wavefronts < best_wavefronts)) {
      best = pad;
      best_wavefronts = wavefronts;
      best_free = free;
    }
  }
  return best;
}

template <class T, int... C>
void check_every_width(std::integer_sequence<int, C...>) {
  int wrong = 0;
  auto check = [&wrong](int bytes, int cols, int chosen) {
    const int expected = brute_force_padding(bytes, 32, cols);
    if (chosen != expected) {
      ++wrong;
      MESSAGE("padded_tile<" << bytes << "-byte, 32, " << cols << "> chose " << chosen << ", brute force " << expected);
    }
  };
  (check(static_cast<int>(sizeof(T)), C + 1, padded_tile<T, 32, C + 1>::padding), ...);
  CHECK(wrong == 0);
}

}  // namespace sweep

#endif
