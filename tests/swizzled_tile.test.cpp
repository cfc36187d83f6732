// SPDX-License-Identifier: BSL-1.0
// Tests for bankcheck/swizzled_tile.hpp: the chosen swizzle against a brute-force search over
// every Swizzle<B, M, S> (negative S included) for power-of-two shapes.
#include <bankcheck/swizzled_tile.hpp>
#include <doctest/doctest.h>

#include <boost/mp11/list.hpp>

#include <cstdint>
#include <type_traits>

using namespace bankcheck;
using boost::mp11::mp_list;

using float_tile = swizzled_tile<float, 32, 32>;
static_assert(std::is_same_v<float_tile::swizzle, xor_swizzle<5, 2, 5>>, "word column ^ row");
static_assert(float_tile::conflict_free && float_tile::degree == 1 && float_tile::wavefronts == 64);
// Aligned to its period, 4096 bytes, up to 1024 (the TMA modes' longest).
static_assert(std::is_trivial_v<float_tile> && sizeof(float_tile) == 32 * 32 * 4 && alignof(float_tile) == 1024 &&
              float_tile::period == 4096);
// The span of a tile that is not a whole number of periods: 33 x 32 floats under <5, 2, 5> take
// their own 4224 bytes (a whole number of the swizzle's 128-byte blocks), where rounding up to the
// period took 8192; the type, a multiple of its alignment, 5120.
using ragged_tile = swizzled_tile<float, 33, 32>;
static_assert(std::is_same_v<ragged_tile::swizzle, xor_swizzle<5, 2, 5>> && ragged_tile::layout::required_span_size() == 33 * 32 &&
              sizeof(ragged_tile) == 5120);
// A 32 KB tile whose period is 16 KB: aligned to 1 KB (tests/cuda/alignment.test.cu: beside
// other shared variables it no longer pushes a kernel past 48 KB).
static_assert(swizzled_tile<float, 64, 128>::period == 16384 && alignof(swizzled_tile<float, 64, 128>) == 1024);
static_assert(alignof(swizzled_tile<float, 4, 4>) == swizzled_tile<float, 4, 4>::alignment);
// A whole number of the swizzle's blocks whose bytes are not of its 1024-byte alignment: 1,536
// bytes of elements in a 2,048-byte type (the README's example).
using rounded_tile = swizzled_tile<char, 48, 32>;
static_assert(std::is_same_v<rounded_tile::swizzle, xor_swizzle<3, 2, 5>> && rounded_tile::period == 1024 &&
              rounded_tile::layout::required_span_size() == 1536 && sizeof(rounded_tile) == 2048);
// Never below a bank's bytes: a char tile left unswizzled still starts on a word.
static_assert(swizzled_tile<char, 1, 8>::period == 1 && alignof(swizzled_tile<char, 1, 8>) == 4);
// ldmatrix over 64x64 halves: the TMA 128-byte swizzle, as CuTe uses for this tile.
using half_tile = swizzled_tile<short, 64, 64, mp_list<matrix_tiles<4>>>;
static_assert(std::is_same_v<half_tile::swizzle, tma::swizzle_128b> && half_tile::conflict_free);

namespace {
struct b16 {
  std::uint32_t w[4];
};

struct best_found {
  bool conflict_free = false;
  long long wavefronts = -1;
};

// Brute force: every Swizzle<B, M, S> with B < 8, M < 9 and B <= |S| < 13, evaluated at run time;
// the fewest wavefronts, conflict-free first. Swizzles that break an access's alignment (the
// engine reports an error) are skipped.
template <class... Patterns>
best_found brute_force(int bytes, int rows, int cols, mp_list<Patterns...>) {
  best_found best{};
  int tried = 0;
  for (int b = 0; b < 8; ++b)
    for (int m = 0; m < 9; ++m)
      for (int s = -12; s <= 12; ++s) {
        if (s < b && -s < b) continue;
        bool ok = true;
        long long wavefronts = 0, ideal = 0;
        auto add = [&](const tile_report& t) {
          ok = ok && t.ok();
          wavefronts += t.wavefronts;
          ideal += t.ideal;
        };
        (add(analyze_pattern<Patterns>(tile_shape{bytes, rows, cols},
                                       [=](int r, int c) {
                                         return static_cast<long long>(detail::xor_swizzle_bits(
                                             static_cast<std::uint64_t>((static_cast<long long>(r) * cols + c) * bytes), b, m, s));
                                       })),
         ...);
        if (!ok) continue;
        ++tried;
        const bool free = wavefronts == ideal;
        if (best.wavefronts < 0 || (free && !best.conflict_free) ||
            (free == best.conflict_free && wavefronts < best.wavefronts))
          best = best_found{free, wavefronts};
      }
  CHECK(tried > 100);
  return best;
}

template <class Tile, class Accesses>
void check_against_brute_force(Accesses accesses) {
  const best_found best = brute_force(sizeof(typename Tile::value_type), Tile::rows, Tile::cols, accesses);
  INFO(sizeof(typename Tile::value_type) << "-byte " << Tile::rows << " x " << Tile::cols << ": chose Swizzle<"
                                         << Tile::swizzle::bits << ", " << Tile::swizzle::base << ", "
                                         << Tile::swizzle::shift << ">");
  CHECK(Tile::conflict_free == best.conflict_free);
  CHECK(Tile::wavefronts == best.wavefronts);
}
}  // namespace

TEST_CASE("swizzled_tile finds the best swizzle a brute-force search finds") {
  check_against_brute_force<float_tile>(rows_and_columns{});
  check_against_brute_force<half_tile>(mp_list<matrix_tiles<4>>{});
  check_against_brute_force<swizzled_tile<double, 16, 16>>(rows_and_columns{});
  using vectors = mp_list<row_segments<op_kind::load, 4>, column_segments<>>;
  check_against_brute_force<swizzled_tile<float, 32, 128, vectors>>(vectors{});
}

TEST_CASE("a swizzled tile stores every element at its own place") {
  float_tile t{};
  for (int r = 0; r < 32; ++r)
    for (int c = 0; c < 32; ++c) t(r, c) = static_cast<float>(r * 32 + c);
  int wrong = 0;
  for (int r = 0; r < 32; ++r)
    for (int c = 0; c < 32; ++c) wrong += t(r, c) != static_cast<float>(r * 32 + c);
  CHECK(wrong == 0);
  CHECK(&t(1, 3) == t.data() + 32 + (3 ^ 1));  // word 35 -> 35 ^ 1: column ^ row
  CHECK(&t(0, 3) == t.data() + 3);             // row 0 is not moved
}
