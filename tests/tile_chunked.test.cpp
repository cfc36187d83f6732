// SPDX-License-Identifier: BSL-1.0
// Tests for bankcheck/tile.hpp's analyze_pattern_v: the accesses walked in chunks, each its own
// constant evaluation, joined into the report of one walk over every access (analyze_pattern).
#include <bankcheck/arch.hpp>
#include <bankcheck/pattern.hpp>
#include <bankcheck/tile.hpp>
#include <doctest/doctest.h>

#include <cstdio>
#include <random>

using namespace bankcheck;

namespace {

constexpr bool same(const report& a, const report& b) {
  return a.error == b.error && a.wavefronts == b.wavefronts && a.ideal == b.ideal && a.degree == b.degree &&
         a.merged == b.merged && a.worst.phase == b.worst.phase && a.worst.bank == b.worst.bank &&
         a.worst.lane_a == b.worst.lane_a && a.worst.lane_b == b.worst.lane_b && a.worst.word_a == b.worst.word_a &&
         a.worst.word_b == b.worst.word_b;
}
constexpr bool same(const tile_report& a, const tile_report& b) {
  return a.error == b.error && a.accesses == b.accesses && a.wavefronts == b.wavefronts && a.ideal == b.ideal &&
         a.worst_access == b.worst_access && same(a.worst, b.worst);
}

// The chunked report against the single walk, for tiles of more than two chunks that both fit.
template <class Pattern, class T, int Rows, int Cols, const auto& ByteOffset, class Arch = arch::nvidia_t>
constexpr bool chunked_is_single() {
  constexpr tile_report chunked = analyze_pattern_v<Pattern, T, Rows, Cols, ByteOffset, Arch>;
  static_assert(chunked.accesses > 2 * detail::pattern_query<Pattern, T, Rows, Cols, ByteOffset, Arch>::chunk,
                "the tile spans more than two chunks");
  return same(chunked, analyze_pattern<Pattern>(tile_shape{static_cast<int>(sizeof(T)), Rows, Cols}, ByteOffset, Arch{}));
}

// Column c read with a word stride of 1, 2, 4, 8 or 16, except columns 150, 300 and 390, read at
// stride 32: the worst access is 150, in the second chunk, tied by 300 and 390 in later ones.
constexpr int stride_of(int c) { return c == 150 || c == 300 || c == 390 ? 32 : 1 << (c * 7 % 5); }
inline constexpr auto stepped = [](int r, int c) { return 4LL * (r * stride_of(c) + 4096LL * c); };
// Words scattered by a hash: conflicts of 1 to a few ways, ties everywhere.
constexpr long long hash(int r, int c) { return (r * 2654435761LL + c * 40503LL) % 65521; }
inline constexpr auto scattered = [](int r, int c) { return 4 * hash(r, c); };
// The same for vectors of V elements of B bytes: each vector's first element aligned to V * B.
template <int V, int B>
inline constexpr auto scattered_vectors = [](int r, int c) { return V * B * hash(r, c / V) + B * (c % V); };
inline constexpr auto padded = [](int r, int c) { return 4LL * (r * 133 + c); };
// ldmatrix rows of 16 bytes: 2-byte elements, a pitch of 256 (8-way conflicts) or XOR-swizzled.
inline constexpr auto half_plain = [](int r, int c) { return 2 * (r * 256 + c); };
inline constexpr auto half_swizzled = [](int r, int c) { return 2 * ((r * 256 + c) ^ (r % 8 << 3)); };

// Rows of 528 chars, and a callable that loops 100 times a call beside them.
inline constexpr auto costly_chars = [](int r, int c) {
  int spent = 0;
  for (int i = 0; i < 100; ++i) spent += i & 1;
  return r * 528 + c + (spent - 50);
};

}  // namespace

static_assert(analyze_pattern_v<column_segments<>, float, 32, 400, stepped>.worst_access == 150);
static_assert(analyze_pattern_v<column_segments<>, float, 32, 400, stepped>.degree() == 32);
static_assert(chunked_is_single<column_segments<>, float, 32, 400, stepped>());
static_assert(chunked_is_single<column_segments<op_kind::store>, float, 70, 130, scattered>(), "ragged columns");
static_assert(chunked_is_single<row_segments<>, float, 300, 40, scattered>(), "ragged rows");
static_assert(chunked_is_single<row_segments<op_kind::load, 4>, float, 300, 72, scattered_vectors<4, 4>>(),
              "float4 rows, merged loads");
static_assert(chunked_is_single<row_segments<op_kind::store, 2>, double, 300, 40, scattered_vectors<2, 8>>(),
              "16-byte stores of two doubles");
static_assert(chunked_is_single<thread_block<16, 16>, float, 104, 88, scattered>(), "ragged thread blocks");
static_assert(chunked_is_single<thread_block<24, 5, op_kind::load, true>, float, 118, 78, padded>(),
              "transposed blocks of 120 threads");
static_assert(chunked_is_single<matrix_tiles<2>, short, 160, 256, half_plain>(), "ldmatrix.x2, 8-way");
static_assert(chunked_is_single<matrix_tiles<1, op_kind::stmatrix>, short, 96, 192, half_swizzled>(), "stmatrix.x1");
static_assert(chunked_is_single<column_segments<>, float, 160, 100, scattered, arch::gfx942_t>(),
              "wave64: segments of 64 rows, the third ragged");
static_assert(chunked_is_single<row_segments<>, float, 300, 40, padded, arch::rdna3_t>());
static_assert(analyze_pattern_v<row_segments<>, float, 300, 40, padded, arch::rdna3_t>.conflict_free());

// Past one constant evaluation: a single walk over these 2,048 accesses exceeds clang's 1,048,576 steps.
static_assert(analyze_pattern_v<column_segments<>, float, 256, 256, stepped>.wavefronts == 8 * (51 * 31 + 1 + 31),
              "8 segments a column; strides 1, 4, 16, 2, 8 in turn, 31 wavefronts per 5 columns; 150 at 32");

// A chunk takes fewer accesses as the lanes touch more elements, each tested by a call of its
// own: 16 chars a lane call the callable 17 times a lane. In chunks of 128 accesses these 32
// (one chunk) made 17,408 calls in one evaluation, past clang's 1,048,576 steps with 100 loop
// iterations a call; in chunks of 8, 4,352.
static_assert(detail::pattern_query<row_segments<>, char, 32, 512, costly_chars, arch::nvidia_t>::chunk == 128);
static_assert(detail::pattern_query<row_segments<op_kind::load, 4>, float, 32, 512, padded, arch::nvidia_t>::chunk ==
              32);
static_assert(detail::pattern_query<matrix_tiles<4>, short, 64, 64, half_plain, arch::nvidia_t>::chunk == 16);
static_assert(analyze_pattern_v<row_segments<op_kind::load, 16>, char, 32, 512, costly_chars>.conflict_free());
static_assert(analyze_pattern_v<row_segments<op_kind::load, 16>, char, 32, 512, costly_chars>.accesses == 32);
static_assert(chunked_is_single<row_segments<op_kind::load, 16>, char, 40, 512, scattered_vectors<16, 1>>(),
              "16 chars a lane, in chunks of 8");

TEST_CASE("join: the first error, else the sums and the first of the worst") {
  tile_report a{}, b{};
  for (tile_report* t : {&a, &b}) {
    t->worst.wavefronts = 4;
    t->worst.ideal = 1;
  }
  a.accesses = 3;
  a.wavefronts = 10;
  a.ideal = 3;
  a.worst_access = 1;
  b.accesses = 2;
  b.wavefronts = 8;
  b.ideal = 2;
  b.worst_access = 4;
  const tile_report tie = detail::join(a, b);
  CHECK(tie.accesses == 5);
  CHECK(tie.wavefronts == 18);
  CHECK(tie.ideal == 5);
  CHECK(tie.worst_access == 1);
  b.worst.wavefronts = 5;
  CHECK(detail::join(a, b).worst_access == 4);
  CHECK(detail::join(tile_report{}, b).worst_access == 4);
  CHECK(detail::join(a, tile_report{}).worst_access == 1);
  const tile_report bad{errc::pattern_indexes_outside_the_tile};
  CHECK(detail::join(a, bad).error == errc::pattern_indexes_outside_the_tile);
  CHECK(detail::join(a, bad).accesses == 0);
  CHECK(detail::join(bad, tile_report{errc::address_must_not_be_negative}).error == errc::pattern_indexes_outside_the_tile);
}

namespace {
// Pieces of one walk, split where a chunk boundary might fall, against the whole walk.
// Words r * a(c) + c * b(r), a and b drawn from 1..37 by the seed: every access its own
// conflicts, the worst anywhere in the walk, and ties.
template <class Pattern>
int pieces_equal_whole(const tile_shape& shape, long long seed) {
  const auto f = [seed](int r, int c) { return 4 * (r * (1 + (c * seed) % 37) + c * (1 + (r * seed / 3) % 37)); };
  const tile_report whole = analyze_pattern<Pattern>(shape, f);
  const tile_report left = detail::join(
      detail::join(detail::walk_slice<Pattern, 0, 37>(shape, f, arch::nvidia_t{}),
                   detail::walk_slice<Pattern, 37, 64>(shape, f, arch::nvidia_t{})),
      detail::join(detail::walk_slice<Pattern, 64, 101>(shape, f, arch::nvidia_t{}),
                   detail::walk_slice<Pattern, 101, 128>(shape, f, arch::nvidia_t{})));
  INFO("seed " << seed);
  CHECK(same(left, whole));
  return whole.worst_access;
}
}  // namespace

TEST_CASE("joined pieces of a walk give the whole walk's report, over 1,000 random layouts") {
  std::mt19937 rng(0xc4c);
  int later = 0;  // walks whose worst access is past the first piece
  for (int n = 0; n < 500; ++n) {
    const long long seed = 1 + static_cast<long long>(rng() % 100000);
    later += pieces_equal_whole<column_segments<>>(tile_shape{4, 64, 64}, seed) >= 37;  // 128 accesses
    later += pieces_equal_whole<row_segments<>>(tile_shape{4, 128, 32}, seed) >= 37;    // 128 accesses
  }
  std::printf("chunked tile test: %d of 1000 walks have their worst access past the first piece\n", later);
  CHECK(later > 500);
}
