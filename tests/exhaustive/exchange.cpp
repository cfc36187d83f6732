// SPDX-License-Identifier: BSL-1.0
// exchange_padding's compile-time choice against the brute force (exchange_sweep.hpp), for item
// sizes 1, 2, 3, 4, 8, 12, 16 and items per thread 1..8, 16, 32 (128 threads), and partial warps.
// Each combination instantiates the chooser: a minute or more to build, hence here.
#include <bankcheck/exchange.hpp>
#include <doctest/doctest.h>

#include "exchange_sweep.hpp"

#include <string>
#include <utility>

TEST_CASE("exchange_padding against the brute force: sizes 1, 2, 3, 4, 8, 12, 16; items per thread 1..8, 16, 32; 128 threads") {
  using ipts = std::integer_sequence<int, 1, 2, 3, 4, 5, 6, 7, 8, 16, 32>;
  std::string table = exchange_sweep::header("1, 2, 3, 4, 5, 6, 7, 8, 16, 32");
  exchange_sweep::check_row<1, 128>(ipts{}, table);
  exchange_sweep::check_row<2, 128>(ipts{}, table);
  exchange_sweep::check_row<3, 128>(ipts{}, table);
  exchange_sweep::check_row<4, 128>(ipts{}, table);
  exchange_sweep::check_row<8, 128>(ipts{}, table);
  exchange_sweep::check_row<12, 128>(ipts{}, table);
  exchange_sweep::check_row<16, 128>(ipts{}, table);
  MESSAGE(table);
}

TEST_CASE("exchange_padding with partial warps (48 threads) against the brute force") {
  std::string table = exchange_sweep::header("1, 2, 4, 8");
  exchange_sweep::check_row<4, 48>(std::integer_sequence<int, 1, 2, 4, 8>{}, table);
  exchange_sweep::check_row<8, 48>(std::integer_sequence<int, 1, 2, 4, 8>{}, table);
  MESSAGE(table);
}

