// SPDX-License-Identifier: BSL-1.0
// Tests for choose_swizzle, swizzled_tile's choice made at run time for patterns given as values:
// against swizzled_tile itself, against a search that walks every candidate whole, and its errors.
#include <bankcheck/arch.hpp>
#include <bankcheck/layout.hpp>
#include <bankcheck/pattern.hpp>
#include <bankcheck/swizzle.hpp>
#include <bankcheck/swizzled_tile.hpp>
#include <bankcheck/tile.hpp>
#include <doctest/doctest.h>

#include "support/random_blocks.hpp"

#include <boost/mp11/algorithm.hpp>
#include <boost/mp11/list.hpp>

#include <cstdint>
#include <cstdio>
#include <random>
#include <type_traits>
#include <vector>

using namespace bankcheck;
using boost::mp11::mp_list;

namespace {

struct bytes16 {
  alignas(16) unsigned char b[16];
};

template <class Swizzle>
struct swizzle_of;
template <int B, int M, int S>
struct swizzle_of<xor_swizzle<B, M, S>> {
  static constexpr int b = B, m = M, s = S;
};

// choose_swizzle over Patterns' objects makes swizzled_tile's choice, with its counts.
template <class T, int R, int C, class... Patterns>
constexpr bool same_as_swizzled_tile(mp_list<Patterns...>) {
  using tile = swizzled_tile<T, R, C, mp_list<Patterns...>>;
  using chosen = swizzle_of<typename tile::swizzle>;
  const swizzle_choice c = choose_swizzle(static_cast<int>(sizeof(T)), R, C, Patterns{}...);
  bool applies = true;  // the choice applied at run time moves every element as the tile's layout
  for (int r = 0; r < R; ++r)
    for (int col = 0; col < C; ++col)
      applies = applies && c((r * C + col) * static_cast<long long>(sizeof(T))) ==
                               static_cast<long long>(typename tile::layout{}(r, col)) * static_cast<long long>(sizeof(T));
  return c.ok() && c.b == chosen::b && c.m == chosen::m && c.s == chosen::s && c.period == tile::period &&
         c.wavefronts == tile::wavefronts && c.ideal == tile::ideal && c.degree == tile::degree &&
         c.conflict_free() == tile::conflict_free && applies;
}

using rows_cols = mp_list<row_segments<>, column_segments<>>;
using gemm = mp_list<thread_block<4, 32, op_kind::store, false, 8>, matrix_tiles<4>>;

int log2_ceil(long long x) {
  int l = 0;
  while ((1LL << l) < x) ++l;
  return l;
}

// The candidates as swizzled_tile's documentation lists them, simplest first: none; then B = 1,
// 2, ... bits, for each M from the widest access's log2 with M + B <= row_bits (inside a bank
// row: 7 for NVIDIA's 128 bytes), and S from B while M + S + B stays within the tile's bytes
// (rounded up to a power of two).
std::vector<swizzle_choice> candidates(int widest, long long tile_bytes, int row_bits) {
  std::vector<swizzle_choice> all{swizzle_choice{}};
  const int low = log2_ceil(widest), top = log2_ceil(tile_bytes);
  for (int b = 1; b + low <= row_bits; ++b)
    for (int m = low; m + b <= row_bits; ++m)
      for (int s = b; m + s + b <= top; ++s) all.push_back(swizzle_choice{errc::none, b, m, s, 1LL << (m + s + b)});
  return all;
}

// The simplest of the swizzles that cost the fewest wavefronts, every candidate walked whole by
// analyze_pattern (no periods, no bound).
template <class Arch, class... Patterns>
swizzle_choice whole_search(const Arch& arch, int bytes, int rows, int cols, const Patterns&... patterns) {
  const int row_bytes = architecture(arch).banks * architecture(arch).bank_bytes;
  const int row_bits = row_bytes >= 256 ? 8 : row_bytes >= 128 ? 7 : row_bytes >= 64 ? 6 : 5;
  int widest = bytes;
  ((widest = patterns.op(tile_shape{bytes, rows, cols}).bytes > widest ? patterns.op(tile_shape{bytes, rows, cols}).bytes
                                                                        : widest),
   ...);
  swizzle_choice best{};
  bool found = false;
  for (swizzle_choice here : candidates(widest, static_cast<long long>(rows) * cols * bytes, row_bits)) {
    auto offset = [bytes, cols, here](int r, int c) {
      return static_cast<long long>(detail::xor_swizzle_bits(
          static_cast<std::uint64_t>((static_cast<long long>(r) * cols + c) * bytes), here.b, here.m, here.s));
    };
    for (const tile_report& t : {analyze_pattern(patterns, {bytes, rows, cols}, offset, arch)...}) {
      if (!t.ok()) return swizzle_choice{t.error};
      here.wavefronts += t.wavefronts;
      here.ideal += t.ideal;
      here.degree = t.degree() > here.degree ? t.degree() : here.degree;
    }
    if (!found || here.wavefronts - here.ideal < best.wavefronts - best.ideal) best = here;
    found = true;
  }
  return best;
}

}  // namespace

// swizzled_tile's choices, made again by choose_swizzle in one constant evaluation.
static_assert(same_as_swizzled_tile<float, 32, 32>(rows_cols{}), "xor_swizzle<5, 2, 5>");
static_assert(choose_swizzle(4, 32, 32, row_segments<>{}, column_segments<>{}).b == 5);
static_assert(same_as_swizzled_tile<double, 32, 32>(rows_cols{}));
static_assert(same_as_swizzled_tile<short, 64, 64>(rows_cols{}));
static_assert(same_as_swizzled_tile<short, 128, 32>(gemm{}), "the GEMM copy and ldmatrix");
static_assert(same_as_swizzled_tile<float, 32, 128>(mp_list<row_segments<op_kind::load, 4>, column_segments<>>{}));

TEST_CASE("choose_swizzle makes swizzled_tile's choice for 1- to 16-byte elements") {
  boost::mp11::mp_for_each<mp_list<char, short, float, double, bytes16>>([](auto t) {
    using T = decltype(t);
    INFO(sizeof(T) << "-byte elements");
    CHECK(same_as_swizzled_tile<T, 32, 48>(rows_cols{}));
    CHECK(same_as_swizzled_tile<T, 40, 33>(mp_list<column_segments<op_kind::store>>{}));
    CHECK(same_as_swizzled_tile<T, 64, 64>(mp_list<thread_block<32, 8, op_kind::load, true>, row_segments<>>{}));
  });
  CHECK(same_as_swizzled_tile<float, 64, 64>(mp_list<thread_block<16, 16, op_kind::store>, column_segments<>>{}));
  CHECK(same_as_swizzled_tile<short, 64, 64>(mp_list<matrix_tiles<4>, matrix_tiles<2, op_kind::stmatrix>>{}));
}

namespace {
// choose_swizzle on one random case against whole_search; counts the two kinds of answer.
template <class Arch>
void check_case(const Arch& a, const bankcheck_test::random_case& c, int& conflict_free, int& conflicted) {
  INFO(architecture(a).name << ": " << c);
  const swizzle_choice fast = std::is_same_v<Arch, arch::nvidia_t>
                                  ? choose_swizzle(c.bytes, c.rows, c.cols, c.block, column_segments<>{})
                                  : choose_swizzle(a, c.bytes, c.rows, c.cols, c.block, column_segments<>{});
  const swizzle_choice full = whole_search(a, c.bytes, c.rows, c.cols, c.block, column_segments<>{});
  CHECK(fast.error == full.error);
  CHECK(fast.b == full.b);
  CHECK(fast.m == full.m);
  CHECK(fast.s == full.s);
  CHECK(fast.period == full.period);
  CHECK(fast.wavefronts == full.wavefronts);
  CHECK(fast.ideal == full.ideal);
  CHECK(fast.degree == full.degree);
  conflict_free += fast.ok() && fast.conflict_free();
  conflicted += fast.ok() && !fast.conflict_free();
}
}  // namespace

TEST_CASE("choose_swizzle agrees with a search that walks every candidate whole, on 300 random tiles") {
  std::mt19937 rng(0x5e1c7);
  int conflict_free = 0, conflicted = 0;
  for (int n = 0; n < 300; ++n)
    check_case(arch::nvidia, bankcheck_test::random_tile_and_block(rng, 64), conflict_free, conflicted);
  std::printf("choose_swizzle, random tiles on NVIDIA: 300, %d chosen (%d conflict-free), the others a rule both ways\n",
              conflict_free + conflicted, conflict_free);
  // Both kinds of answer occur: a conflict-free swizzle, and the fewest wavefronts without one;
  // most cases are a choice, not a rule broken.
  CHECK(conflict_free > 50);
  CHECK(conflicted > 20);
  CHECK(conflict_free + conflicted >= 180);
}

TEST_CASE("choose_swizzle on other architectures agrees with a search that walks every candidate whole") {
  std::mt19937 rng(0x5e1c8);
  int conflict_free = 0, conflicted = 0;
  for (int n = 0; n < 120; ++n) {
    const bankcheck_test::random_case c = bankcheck_test::random_tile_and_block(rng, 64);
    if (n % 4 == 0) check_case(arch::gfx942, c, conflict_free, conflicted);
    if (n % 4 == 1) check_case(arch::gfx950, c, conflict_free, conflicted);
    if (n % 4 == 2) check_case(arch::rdna4, c, conflict_free, conflicted);
    if (n % 4 == 3) check_case(bankcheck_test::banks_48(), c, conflict_free, conflicted);
  }
  std::printf("choose_swizzle, random tiles on four others: 120, %d chosen (%d conflict-free)\n", conflict_free + conflicted,
              conflict_free);
  CHECK(conflict_free > 20);
  CHECK(conflicted > 10);
  CHECK(conflict_free + conflicted >= 75);
  // gfx950's 256-byte bank rows: float[64][64] read by rows and columns takes the word column
  // XOR the row over 6 bits, M + B = 8, past NVIDIA's candidates.
  constexpr swizzle_choice wide = choose_swizzle(arch::gfx950, 4, 64, 64, row_segments<>{}, column_segments<>{});
  static_assert(wide.conflict_free() && wide.m + wide.b == 8);
}

namespace {
// xor_floor against the walk, on one random tile: for every candidate swizzle of B bits, the
// first access of each pattern keeps at least ceil(d / 2^B) distinct words in one bank of a
// phase, d being the unswizzled access's (its degree). Returns the candidates the floor rules
// out of being conflict-free.
template <class Arch, class Pattern>
int check_floor(const Arch& a, const bankcheck_test::random_case& c, const Pattern& pattern) {
  INFO(architecture(a).name << ": " << c);
  const architecture arch = a;
  const tile_shape shape{c.bytes, c.rows, c.cols};
  auto first = [&](const detail::swizzle_params& p) {
    detail::swizzled_offset offset{c.bytes, c.cols, p};
    return detail::walk_tile(pattern, shape, offset, detail::swizzled_facts{c.bytes, c.cols, p}, a, 0);
  };
  const tile_report plain = first({});
  if (!plain.ok()) return 0;
  const int widest = detail::widest_access_of(shape, pattern), row_bits = detail::row_bits_of(arch.banks, arch.bank_bytes);
  const long long tile_bytes = static_cast<long long>(c.rows) * c.cols * c.bytes;
  int ruled_out = 0;
  for (int i = 0; i < detail::swizzle_count(widest, tile_bytes, row_bits); ++i) {
    const detail::swizzle_params p = detail::swizzle_candidate(widest, tile_bytes, i, row_bits);
    const long long floor = detail::xor_floor(plain.degree(), p.b, arch.banks);
    const tile_report t = first(p);
    INFO("Swizzle<" << p.b << ", " << p.m << ", " << p.s << ">, unswizzled degree " << plain.degree());
    CHECK(t.ok());
    CHECK(t.degree() - 1 >= floor);
    ruled_out += floor > 0;
  }
  return ruled_out;
}
}  // namespace

TEST_CASE("xor_floor: a swizzle of B bits leaves an access at least ceil(d / 2^B) words of one bank") {
  std::mt19937 rng(0x5e1c9);
  int ruled_out = 0;
  for (int n = 0; n < 120; ++n) {
    const bankcheck_test::random_case c = bankcheck_test::random_tile_and_block(rng, 64);
    ruled_out += check_floor(arch::nvidia, c, c.block) + check_floor(arch::nvidia, c, column_segments<>{});
    ruled_out += check_floor(arch::gfx950, c, c.block) + check_floor(bankcheck_test::wide_banks(), c, c.block);
  }
  std::printf("xor_floor, 120 random tiles: %d candidates ruled out of being conflict-free\n", ruled_out);
  CHECK(ruled_out > 1000);
  // No floor where banks are not a power of two: an XOR there moves words across banks unevenly.
  CHECK(detail::xor_floor(32, 1, 48) == 0);
  CHECK(detail::xor_floor(32, 1, 32) == 15);
  CHECK(detail::xor_floor(1, 0, 32) == 0);
}

TEST_CASE("choose_swizzle gives the rule a shape or a pattern breaks") {
  CHECK(choose_swizzle(3, 32, 32, row_segments<>{}).error == errc::tile_shape_is_invalid);
  CHECK(choose_swizzle(4, 0, 32, row_segments<>{}).error == errc::tile_shape_is_invalid);
  CHECK(choose_swizzle(4, 65536, 65536, row_segments<>{}).error == errc::tile_shape_is_invalid);
  CHECK(choose_swizzle(4, 32, 32, dynamic_thread_block{64, 32}).error == errc::thread_block_is_invalid);
  architecture no_warp = arch::nvidia;
  no_warp.warp_size = 0;
  CHECK(choose_swizzle(no_warp, 4, 32, 32, row_segments<>{}).error == errc::architecture_is_invalid);
  architecture unused_hole = arch::nvidia;  // a store table the loads never use
  unused_hole.store[2].lanes[0] = 0xffff;
  CHECK(choose_swizzle(unused_hole, 4, 32, 32, row_segments<>{}).error == errc::architecture_is_invalid);
  // float4 rows over 30 columns: lane 7 would touch columns 28..31.
  const swizzle_choice outside = choose_swizzle(4, 4, 30, row_segments<op_kind::load, 4>{});
  CHECK(outside.error == errc::pattern_indexes_outside_the_tile);
  CHECK(outside.wavefronts == 0);
  CHECK(!outside.conflict_free());
}
