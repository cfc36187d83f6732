// SPDX-License-Identifier: BSL-1.0
// Tests for bankcheck/op.hpp: instruction descriptions.
#include <bankcheck/op.hpp>
#include <doctest/doctest.h>

#include <initializer_list>

using namespace bankcheck;

static_assert(load(16).kind == op_kind::load && load(16).bytes == 16 && !load(16).is_matrix());
static_assert(store(1).kind == op_kind::store && store(1).bytes == 1 && !store(1).is_load());
static_assert(ldmatrix(4).is_matrix() && ldmatrix(4).matrices == 4 && ldmatrix(4).bytes == 16 && ldmatrix(4).is_load());
static_assert(stmatrix(2).is_matrix() && !stmatrix(2).is_load());
static_assert(load(1).check() == errc::none && load(2).check() == errc::none && load(8).check() == errc::none);

TEST_CASE("a bad width or matrix count is kept, and check() names the rule") {
  // At run time the description survives so that analyze can report it (never a number).
  for (int w : {0, 3, 5, 6, 7, 12, 32, -4}) {
    CHECK(load(w).check() == errc::access_width_must_be_1_2_4_8_or_16);
    CHECK(store(w).check() == errc::access_width_must_be_1_2_4_8_or_16);
  }
  for (int n : {0, 3, 8, -1}) {
    CHECK(ldmatrix(n).check() == errc::matrix_count_must_be_1_2_or_4);
    CHECK(stmatrix(n).check() == errc::matrix_count_must_be_1_2_or_4);
  }
}

// An access built as an aggregate can describe what no instruction does.
static_assert(access{op_kind::ldmatrix, 4, 1}.check() == errc::access_is_invalid);  // rows are 16 bytes
static_assert(access{op_kind::stmatrix, 8, 4}.check() == errc::access_is_invalid);
static_assert(access{op_kind::ldmatrix, 0, 3}.check() == errc::matrix_count_must_be_1_2_or_4);  // the count first
static_assert(access{op_kind::load, 16, 4}.check() == errc::access_is_invalid);  // ldmatrix.x4 meant?
static_assert(access{op_kind::store, 4, -1}.check() == errc::access_is_invalid);
static_assert(access{op_kind::load, 12, 4}.check() == errc::access_width_must_be_1_2_4_8_or_16);  // the width first

TEST_CASE("an access of no kind is refused") {
  // A kind outside the enumeration, as a cast or a byte from a file can make.
  for (int k : {4, 9, 255}) {
    const access a{static_cast<op_kind>(k), 4, 0};
    CHECK(a.check() == errc::access_is_invalid);
    CHECK(detail::checked(a).check() == errc::access_is_invalid);  // kept, at run time
  }
}
