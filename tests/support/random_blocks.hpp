// SPDX-License-Identifier: BSL-1.0
// Random tiles and thread blocks, and architectures of 48, 34 and 8-byte banks, for the tests
// that compare a chooser or a walk with a search of their own: tests/choose_padding.test.cpp,
// tests/choose_swizzle.test.cpp and tests/tile.test.cpp (and banks_34_type for the tests of
// architecture types).
#ifndef BANKCHECK_TESTS_RANDOM_BLOCKS_HPP
#define BANKCHECK_TESTS_RANDOM_BLOCKS_HPP

#include <bankcheck/arch.hpp>
#include <bankcheck/pattern.hpp>

#include <ostream>
#include <random>

namespace bankcheck_test {

// NVIDIA's description with 48 banks: a bank row of 192 bytes, so no bit fields for banks.
inline bankcheck::architecture banks_48() {
  bankcheck::architecture a = bankcheck::arch::nvidia;
  a.banks = 48;
  return a;
}
// NVIDIA's phases over 34 banks: a bank row of 136 bytes, which 8- and 16-byte accesses do not
// divide, so the pitches that keep them aligned repeat every 272 bytes, not every row; as a value,
// and as a type of one's own that converts to one (padded_tile's Arch, or any entry point's arch).
constexpr bankcheck::architecture banks_34() noexcept {
  bankcheck::architecture a = bankcheck::arch::nvidia;
  a.name = "banks_34";
  a.banks = 34;
  return a;
}
struct banks_34_type {
  constexpr operator bankcheck::architecture() const noexcept { return banks_34(); }
};
// NVIDIA's phases over 32 banks of 8 bytes (a description, not a machine).
inline bankcheck::architecture wide_banks() {
  bankcheck::architecture a = bankcheck::arch::nvidia;
  a.bank_bytes = 8;
  return a;
}

// A tile of 1- to 16-byte elements, 1 to max_extent rows and columns, and a thread block of 1 to
// 64 x 1 to 16 threads (powers of two), loading or storing, transposed or not, whose vector of
// 1 to 16 elements makes at most 16 bytes.
struct random_case {
  int bytes, rows, cols;
  bankcheck::dynamic_thread_block block;
};
inline random_case random_tile_and_block(std::mt19937& rng, int max_extent) {
  auto pick = [&rng](int lo, int hi) { return lo + static_cast<int>(rng() % static_cast<unsigned>(hi - lo + 1)); };
  const int bytes = 1 << pick(0, 4), rows = pick(1, max_extent), cols = pick(1, max_extent);
  const int vector = bytes >= 16 ? 1 : 1 << pick(0, 4 - (bytes == 1 ? 0 : bytes == 2 ? 1 : bytes == 4 ? 2 : 3));
  const bankcheck::dynamic_thread_block block{1 << pick(0, 6), 1 << pick(0, 4),
                                              pick(0, 1) ? bankcheck::op_kind::store : bankcheck::op_kind::load,
                                              pick(0, 1) == 1, vector};
  return random_case{bytes, rows, cols, block};
}
inline std::ostream& operator<<(std::ostream& out, const random_case& c) {
  return out << c.bytes << "-byte elements, " << c.rows << " x " << c.cols << ", block " << c.block.block_x << " x "
             << c.block.block_y << (c.block.transposed ? " transposed" : "") << ", vector " << c.block.vector;
}

}  // namespace bankcheck_test

#endif
