// SPDX-License-Identifier: BSL-1.0
// Two tile reports compared field by field, the worst access's witness included: the check that
// two ways of walking a tile (one access per class of equal cost against every access, a
// pattern's value against its type) give the same report. Used by tests/tile.test.cpp and
// tests/pattern_value.test.cpp.
#ifndef BANKCHECK_TESTS_SAME_TILE_REPORT_HPP
#define BANKCHECK_TESTS_SAME_TILE_REPORT_HPP

#include <bankcheck/tile.hpp>
#include <doctest/doctest.h>

namespace bankcheck_test {

inline void check_same(const bankcheck::tile_report& a, const bankcheck::tile_report& b) {
  CHECK(a.error == b.error);
  CHECK(a.accesses == b.accesses);
  CHECK(a.wavefronts == b.wavefronts);
  CHECK(a.ideal == b.ideal);
  CHECK(a.worst_access == b.worst_access);
  CHECK(a.worst.wavefronts == b.worst.wavefronts);
  CHECK(a.worst.degree == b.worst.degree);
  CHECK(a.worst.worst.phase == b.worst.worst.phase);
  CHECK(a.worst.worst.bank == b.worst.worst.bank);
  CHECK(a.worst.worst.lane_a == b.worst.worst.lane_a);
  CHECK(a.worst.worst.lane_b == b.worst.worst.lane_b);
  CHECK(a.worst.worst.word_a == b.worst.worst.word_a);
  CHECK(a.worst.worst.word_b == b.worst.worst.word_b);
}

}  // namespace bankcheck_test

#endif
