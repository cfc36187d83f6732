// SPDX-License-Identifier: BSL-1.0
// Tests for bankcheck/tile.hpp's periodicity: over a layout that says how it repeats, one access
// per class of equal cost is analyzed; the report must equal the report of analyzing every access.
#include <bankcheck/arch.hpp>
#include <bankcheck/layout.hpp>
#include <bankcheck/pattern.hpp>
#include <bankcheck/swizzle.hpp>
#include <bankcheck/tile.hpp>
#include <doctest/doctest.h>

#include "support/random_blocks.hpp"
#include "support/same_tile_report.hpp"

#include <boost/mp11/algorithm.hpp>
#include <boost/mp11/list.hpp>

#include <climits>
#include <cstdint>
#include <cstdio>
#include <random>

using namespace bankcheck;
using boost::mp11::mp_list;

namespace {

// The layouts of layout.hpp with their parameters at run time, repeating as they say they do.
struct any_layout {
  static constexpr bool vectors_alike = true;  // as the library's layouts: tested at the first lane
  int kind;   // 0 row-major, 1 column-major, 2 swizzled elements, 3 swizzled bytes, 4 silent
  int bytes;  // element size
  int rows, cols, pitch;
  int b, m, s;  // the swizzle (kinds 2 and 3)

  long long operator()(int r, int c) const {
    const long long e = kind == 1 ? static_cast<long long>(c) * pitch + r : static_cast<long long>(r) * pitch + c;
    if (kind == 2) return static_cast<long long>(detail::xor_swizzle_bits(static_cast<std::uint64_t>(e), b, m, s)) * bytes;
    if (kind == 3) return static_cast<long long>(detail::xor_swizzle_bits(static_cast<std::uint64_t>(e * bytes), b, m, s));
    return e * bytes;
  }
  long long repeat(int dr, int dc, long long align) const {
    if (kind == 4) return 0;
    const long long delta = (kind == 1 ? static_cast<long long>(dc) * pitch + dr : static_cast<long long>(dr) * pitch + dc) * bytes;
    const int period_bits = b == 0 ? 0 : m + (s > 0 ? s : -s) + b;
    const long long granule = kind == 2 ? (1LL << period_bits) * bytes : kind == 3 ? 1LL << period_bits : 1;
    return detail::translation_period(delta, granule, align);
  }
  // Bit fields when the pitch is a power of two bytes (the swizzles keep their M low bits).
  bitwise_form bitwise() const {
    const int row = detail::exact_log2(static_cast<long long>(pitch) * bytes), col = detail::exact_log2(bytes);
    if (kind == 4 || row < 0 || col < 0) return bitwise_form{};
    const int keep = kind == 2 ? m + col : kind == 3 ? m : 62;
    return kind == 1 ? bitwise_form{true, col, row, keep} : bitwise_form{true, row, col, keep};
  }
};

any_layout random_layout(std::mt19937& rng) {
  auto pick = [&rng](int lo, int hi) { return lo + static_cast<int>(rng() % static_cast<unsigned>(hi - lo + 1)); };
  any_layout l{};
  l.kind = pick(0, 4);
  l.bytes = 1 << pick(0, 4);
  l.rows = pick(0, 3) == 0 ? 8 * pick(1, 16) : pick(1, 140);
  l.cols = pick(0, 3) == 0 ? 8 * pick(1, 16) : pick(1, 140);
  const int extent = l.kind == 1 ? l.rows : l.cols;
  int pow2 = 1;
  while (pow2 < extent) pow2 *= 2;
  const int how = pick(0, 2);
  l.pitch = how == 0 ? extent : how == 1 ? pow2 : extent + pick(0, 40);  // power-of-two pitches: bit fields
  if (l.kind == 2 || l.kind == 3) {
    l.b = pick(1, 3);
    l.m = pick(0, l.kind == 3 ? 6 : 3);
    l.s = pick(0, 1) ? pick(l.b, 5) : -pick(l.b, 4);
    if (l.m + (l.s < 0 ? l.s : 0) < 0) l.s = -l.s;  // keep the masks above bit 0
    if (l.kind == 3 && (1 << l.m) < l.bytes) l.m = 4;  // keep an element's bytes together
  }
  return l;
}

template <class Arch>
void compare(const char* name, const tile_report& fast, const tile_report& full, const any_layout& l, Arch) {
  INFO(name << ": kind " << l.kind << ", " << l.bytes << "-byte elements, " << l.rows << " x " << l.cols << ", pitch "
            << l.pitch << ", swizzle " << l.b << " " << l.m << " " << l.s);
  bankcheck_test::check_same(fast, full);
}

// The reports compared, those of them without an error (where the walk's classes were tested,
// not only the rule found first), and of those the ones with conflicts.
struct report_count {
  int reports = 0, valid = 0, conflicted = 0;
  long long accesses = 0;
  report_count& operator+=(const report_count& o) {
    reports += o.reports;
    valid += o.valid;
    conflicted += o.conflicted;
    accesses += o.accesses;
    return *this;
  }
};

template <class Pattern, class Arch>
report_count one_pattern(const any_layout& l, Arch arch) {
  const tile_shape shape{l.bytes, l.rows, l.cols};
  auto offset = [&l](int r, int c) { return l(r, c); };
  const tile_report fast = detail::walk_tile(Pattern{}, shape, offset, l, arch);
  const tile_report full = detail::walk_tile(Pattern{}, shape, offset, detail::no_facts{}, arch);
  compare(Pattern::name, fast, full, l, arch);
  return report_count{1, fast.ok() ? 1 : 0, fast.ok() && !fast.conflict_free() ? 1 : 0, fast.ok() ? fast.accesses : 0};
}

// A layout object that splits the vectors of odd rows (the last float of each lies 32 floats on)
// and says nothing of how it repeats.
struct odd_rows_split_layout {
  static constexpr int rows = 8, cols = 32;
  constexpr int operator()(int r, int c) const { return 64 * r + c + (r % 2 == 1 && c % 4 == 3 ? 32 : 0); }
};

// A layout object that keeps each vector's first and last float in place and moves the one
// between them, in one lane's vector only (row 3, columns 20..23: column 21 lies at 64 * 3 + 40).
// Testing a vector's last element alone passed it.
struct middle_moved_layout {
  static constexpr int rows = 8, cols = 32;
  constexpr int operator()(int r, int c) const { return 64 * r + (r == 3 && c == 21 ? 40 : c); }
};

using patterns = mp_list<row_segments<>, row_segments<op_kind::store, 2>, row_segments<op_kind::load, 4>,
                         column_segments<>, column_segments<op_kind::store>, thread_block<16, 16>,
                         thread_block<8, 32, op_kind::load, true>, thread_block<24, 5>, thread_block<32, 8, op_kind::store>,
                         thread_block<8, 16, op_kind::load, false, 4>, thread_block<16, 4, op_kind::store, true, 2>,
                         matrix_tiles<1>, matrix_tiles<2>, matrix_tiles<4, op_kind::stmatrix>>;

// A layout type's report against every access of the same offsets.
template <class Pattern, class T, class Layout>
void layout_type(const char* name) {
  const Layout layout{};
  const tile_report fast = analyze_tile<Pattern, T>(layout);
  const tile_report full = analyze_pattern<Pattern>(
      tile_shape{static_cast<int>(sizeof(T)), Layout::rows, Layout::cols},
      [&layout](int r, int c) { return static_cast<long long>(layout(r, c)) * static_cast<long long>(sizeof(T)); });
  compare(name, fast, full, any_layout{}, arch::nvidia);
}

}  // namespace

TEST_CASE("walk_tile's classes of equal cost give the report of every access, in 3,500 tile reports of random layouts") {
  const unsigned seed = 0x711e5;
  std::printf("tile periodicity test: seed 0x%x\n", seed);
  std::mt19937 rng(seed);
  report_count count;
  for (int n = 0; n < 250; ++n) {
    const any_layout l = random_layout(rng);
    boost::mp11::mp_for_each<patterns>([&](auto p) {
      switch (n % 4) {
        case 0: count += one_pattern<decltype(p)>(l, arch::nvidia); break;
        case 1: count += one_pattern<decltype(p)>(l, arch::gfx950); break;  // 64 banks: a 256-byte bank row
        case 2: count += one_pattern<decltype(p)>(l, arch::gfx942); break;  // wave64
        default: count += one_pattern<decltype(p)>(l, bankcheck_test::banks_48()); break;   // no bit fields for banks
      }
    });
  }
  std::printf("tile periodicity test: %d tile reports, %d without an error, %lld warp-accesses in all\n", count.reports,
              count.valid, count.accesses);
  CHECK(count.reports == 3500);
  CHECK(count.valid >= 1900);  // the others must give the same rule both ways
  CHECK(count.accesses > 100000);
}

// row_segments and thread_block of 8 and 16 elements, the 16-byte vectors of 2- and 1-byte
// elements (and 8-byte ones of chars): random row-major layouts whose rows and pitch are whole
// numbers of vectors, and whose swizzles keep a vector's elements together, which random_layout
// gives few of.
template <int Vector, class Arch>
report_count wide_vectors(std::mt19937& rng, Arch arch) {
  any_layout l = random_layout(rng);
  l.kind = l.kind == 1 ? 0 : l.kind;
  l.bytes = static_cast<int>(rng() % 2) == 0 ? 16 / Vector : 1;
  l.cols = (l.cols + Vector - 1) / Vector * Vector;
  l.pitch = ((l.pitch < l.cols ? l.cols : l.pitch) + Vector - 1) / Vector * Vector;
  const int vector_bits = Vector == 8 ? 3 : 4;  // of elements (kind 2) or of bytes (kind 3: 16-byte vectors at most)
  if ((l.kind == 2 || l.kind == 3) && l.m < vector_bits) {
    l.m = vector_bits;
    l.s = l.s < 0 && l.m + l.s < 0 ? -l.s : l.s;
  }
  report_count count;
  count += one_pattern<row_segments<op_kind::load, Vector>>(l, arch);
  count += one_pattern<row_segments<op_kind::store, Vector>>(l, arch);
  count += one_pattern<thread_block<4, 32, op_kind::store, false, Vector>>(l, arch);
  count += one_pattern<thread_block<8, 8, op_kind::load, true, Vector>>(l, arch);
  count += one_pattern<thread_block<3, 20, op_kind::load, false, Vector>>(l, arch);
  return count;
}

TEST_CASE("walk_tile's classes of equal cost give the report of every access for 8- and 16-element vectors") {
  std::mt19937 rng(0x8e16);
  report_count count;
  for (int n = 0; n < 200; ++n) {
    switch (n % 3) {
      case 0:
        count += wide_vectors<8>(rng, arch::nvidia);
        count += wide_vectors<16>(rng, arch::nvidia);
        break;
      case 1:
        count += wide_vectors<8>(rng, arch::gfx950);
        count += wide_vectors<16>(rng, arch::gfx950);
        break;
      default:
        count += wide_vectors<8>(rng, bankcheck_test::banks_48());
        count += wide_vectors<16>(rng, bankcheck_test::banks_48());
        break;
    }
  }
  std::printf("tile periodicity test, wide vectors: %d tile reports, %d without an error, %lld warp-accesses in all\n",
              count.reports, count.valid, count.accesses);
  CHECK(count.reports == 2000);
  CHECK(count.valid >= 1900);
  CHECK(count.accesses > 10000);
}

// ldmatrix and stmatrix, which need 2-byte elements, whole 8 x 8 sub-tiles (for .x4, a multiple of
// 4 of them) and an architecture with matrix ops, and which random_layout gives none of: random
// row-major layouts of halves, 16 to 128 rows and columns by 16, pitches of whole 16-byte rows,
// and swizzles that keep those rows together.
template <class Arch>
report_count matrices(std::mt19937& rng, Arch arch) {
  any_layout l = random_layout(rng);
  l.kind = l.kind == 1 ? 0 : l.kind;  // a matrix's rows run along the tile's rows
  l.bytes = 2;
  l.rows = 16 * (1 + static_cast<int>(rng() % 8));
  l.cols = 16 * (1 + static_cast<int>(rng() % 8));
  l.pitch = l.cols + 8 * static_cast<int>(rng() % 9);
  const int row_bits = l.kind == 2 ? 3 : 4;  // 8 halves (kind 2, on elements) or 16 bytes (kind 3)
  if ((l.kind == 2 || l.kind == 3) && l.m < row_bits) {
    l.m = row_bits;
    l.s = l.s < 0 && l.m + l.s < 0 ? -l.s : l.s;
  }
  report_count count;
  count += one_pattern<matrix_tiles<1>>(l, arch);
  count += one_pattern<matrix_tiles<2>>(l, arch);
  count += one_pattern<matrix_tiles<4>>(l, arch);
  count += one_pattern<matrix_tiles<2, op_kind::stmatrix>>(l, arch);
  count += one_pattern<matrix_tiles<4, op_kind::stmatrix>>(l, arch);
  return count;
}

TEST_CASE("walk_tile's classes of equal cost give the report of every access for ldmatrix and stmatrix") {
  std::mt19937 rng(0x1d5);
  report_count count;
  for (int n = 0; n < 200; ++n) count += n % 2 == 0 ? matrices(rng, arch::nvidia) : matrices(rng, bankcheck_test::banks_48());
  std::printf("tile periodicity test, matrices: %d tile reports, %d without an error (%d with conflicts), %lld "
              "warp-accesses in all\n",
              count.reports, count.valid, count.conflicted, count.accesses);
  CHECK(count.reports == 1000);
  CHECK(count.valid == 1000);
  CHECK((count.conflicted > 100 && count.conflicted < 900));  // both kinds of report
  CHECK(count.accesses > 10000);
}

TEST_CASE("analyze_tile over the layout types gives the report of every access") {
  layout_type<row_segments<>, float, row_major<96, 80, 81>>("row_major rows");
  layout_type<column_segments<>, float, row_major<96, 80, 81>>("row_major columns");
  layout_type<thread_block<16, 16>, double, row_major<40, 72, 76>>("row_major thread block");
  layout_type<column_segments<>, short, column_major<64, 48, 66>>("column_major columns");
  layout_type<row_segments<>, float, column_major<64, 48, 66>>("column_major rows");
  layout_type<column_segments<>, float, swizzled<row_major<80, 72, 76>, xor_swizzle<2, 1, 4>>>("swizzled columns");
  // Rows whose classes cost differently within the swizzle's period of 2^8 elements.
  layout_type<row_segments<>, float, swizzled<row_major<64, 64, 66>, xor_swizzle<3, 2, 3>>>("swizzled rows");
  layout_type<matrix_tiles<4>, short, swizzled_bytes<row_major<64, 64>, tma::swizzle_128b, 2>>("swizzled_bytes ldmatrix");
  layout_type<column_segments<>, float, swizzled_bytes<row_major<72, 32>, tma::swizzle_128b, 4>>("swizzled_bytes columns");
  layout_type<row_segments<op_kind::load, 4>, float, swizzled_bytes<row_major<40, 48>, tma::swizzle_64b, 4>>(
      "swizzled_bytes float4 rows");
  layout_type<row_segments<op_kind::store, 8>, short, swizzled_bytes<row_major<136, 32>, tma::swizzle_64b, 2>>(
      "swizzled_bytes rows of eight halves");
  layout_type<row_segments<op_kind::load, 16>, char, row_major<72, 64, 80>>("row_major rows of sixteen chars");
}

// What the layout types say of how they repeat.
static_assert(row_major<8, 8, 33>::repeat_after(1, 0, 4, 128) == 32, "a 33-float pitch moves 4 banks a row");
static_assert(row_major<8, 8, 40>::repeat_after(1, 0, 4, 128) == 4);
static_assert(row_major<8, 8, 32>::repeat_after(0, 32, 4, 128) == 1, "32 floats: one bank row");
static_assert(column_major<8, 8, 36>::repeat_after(0, 1, 2, 128) == 16);
static_assert(swizzled_bytes<row_major<8, 32>, tma::swizzle_128b, 4>::repeat_after(1, 0, 4, 128) == 8,
              "the 128-byte swizzle repeats every 1024 bytes");
static_assert(swizzled<row_major<8, 64>, xor_swizzle<3, 0, 3>>::repeat_after(1, 0, 2, 128) == 1);
// Rows of 66 floats under <3, 2, 3>, whose block is 2^8 floats (1024 bytes), repeat every 128
// rows: 128 x 264 bytes is the first multiple of 1024; 128-byte alignment alone would give 16.
static_assert(swizzled<row_major<8, 64, 66>, xor_swizzle<3, 2, 3>>::repeat_after(1, 0, 4, 128) == 128);

// The element size a layout is built for: swizzled_bytes' static int, and nothing else of that name
// (analyze_tile<T> refuses a layout built for another size: compile_fail's
// the_layout_was_built_for_elements_of_another_size).
static_assert(detail::element_bytes_of<swizzled_bytes<row_major<8, 32>, tma::swizzle_128b, 4>>::value == 4);
static_assert(detail::element_bytes_of<row_major<8, 32>>::value == 0);
// swizzled passes on the element size of the layout it swizzles, and a swizzled_bytes over
// another keeps it (a swizzled_bytes of another size over it is refused: compile_fail's
// the_layout_it_swizzles_was_built_for_elements_of_another_size).
static_assert(detail::element_bytes_of<swizzled<swizzled_bytes<row_major<8, 32>, tma::swizzle_128b, 2>,
                                                xor_swizzle<1, 0, 1>>>::value == 2);
static_assert(detail::element_bytes_of<swizzled<row_major<8, 32>, xor_swizzle<1, 0, 1>>>::value == 0);
static_assert(detail::element_bytes_of<
                  swizzled_bytes<swizzled_bytes<row_major<8, 32>, tma::swizzle_128b, 4>, tma::swizzle_64b, 4>>::value == 4);
namespace {
struct named_alike {  // a layout of one's own whose members happen to take the name
  static constexpr int rows = 32, cols = 32;
  int swizzled_element_bytes = 8;
  constexpr int operator()(int r, int c) const { return 33 * r + c; }
  static constexpr int required_span_size() { return 33 * 32; }
};
struct named_alike_function {
  static int swizzled_element_bytes();
};
}  // namespace
static_assert(detail::element_bytes_of<named_alike>::value == 0 && detail::element_bytes_of<named_alike_function>::value == 0);
static_assert(analyze_tile<column_segments<>, double>(named_alike{}).wavefronts == 32 * 2,
              "doubles at a pitch of 33 elements: each column read in 2 wavefronts, no element size asked");
// A layout of one's own need not say how it repeats, nor need the library's swizzles over one:
// they said it by calling the layout's repeat_after and bitwise, which did not compile.
namespace {
struct plain_rows {
  static constexpr int rows = 32, cols = 32;
  constexpr int operator()(int r, int c) const { return 32 * r + c; }
  static constexpr int required_span_size() { return 32 * 32; }
};
using swizzled_plain = swizzled<plain_rows, xor_swizzle<5, 0, 5>>;
using swizzled_plain_bytes = swizzled_bytes<plain_rows, tma::swizzle_128b, 4>;
}  // namespace
static_assert(!detail::has_repeat<swizzled_plain>::value && !detail::has_bitwise<swizzled_plain>::value);
static_assert(!detail::has_repeat<swizzled_plain_bytes>::value && !detail::has_bitwise<swizzled_plain_bytes>::value);
static_assert(detail::has_repeat<swizzled<row_major<32, 32>, xor_swizzle<5, 0, 5>>>::value &&
              detail::has_bitwise<swizzled_bytes<row_major<32, 32>, tma::swizzle_128b, 4>>::value);
static_assert(analyze_tile<column_segments<>, float>(swizzled_plain{}).conflict_free());
static_assert(analyze_tile<column_segments<>, float>(swizzled_plain_bytes{}).degree() == 4,
              "as over row_major<32, 32> (below): 8 of 32 banks");

// Sizes far past what walking every access could do within the constexpr limits.
static_assert(analyze_tile<column_segments<>, float>(row_major<4096, 4096>{}).wavefronts == 4096LL * 128 * 32,
              "4096 x 4096, unpadded: every column read 32-way");
static_assert(analyze_tile<column_segments<>, float>(row_major<4096, 4096, 4097>{}).conflict_free());
static_assert(analyze_tile<row_segments<>, float>(row_major<8192, 8192, 8193>{}).accesses == 8192 * 256);
static_assert(analyze_tile<thread_block<32, 8, op_kind::load, true>, float>(row_major<8192, 8192, 8193>{}).conflict_free());
static_assert(analyze_tile<matrix_tiles<4>, short>(swizzled_bytes<row_major<8192, 64>, tma::swizzle_128b, 2>{})
                  .conflict_free(),
              "ldmatrix.x4 over a 128-byte-swizzled 8192 x 64 half tile");
static_assert(analyze_tile<column_segments<>, float>(swizzled_bytes<row_major<8192, 32>, tma::swizzle_128b, 4>{})
                  .degree() == 4,
              "a column of 128-byte swizzled rows spreads over 8 of 32 banks: 4-way");

namespace {
// A pattern of the user's whose op has `width` bytes (0 in the test, read from a volatile so
// that no optimizer folds the walk): the walk's classes divide by the width (a bank's bytes and
// the width make the move that costs nothing), so a bad one must fail with the op's rule.
struct width_pattern {
  int width;
  constexpr int accesses(const tile_shape&) const noexcept { return 4; }
  constexpr access op(const tile_shape&) const noexcept { return access{op_kind::load, width, 0}; }
  constexpr std::uint64_t lanes(const tile_shape&, int) const noexcept { return 0xffffffff; }
  constexpr element at(const tile_shape&, int k, int lane) const noexcept { return element{lane, k}; }
  constexpr access_grid grid(const tile_shape& s) const noexcept { return access_grid{s.cols, 1, 1, s.cols, 1, 0, 1, 0, 0}; }
};

// A pattern of the user's whose accesses have no active lane, with any op: nothing is analyzed,
// so the walk must check the op itself (it reported 4 accesses of nothing, and no error).
struct idle_pattern {
  access described;
  constexpr int accesses(const tile_shape&) const noexcept { return 4; }
  constexpr access op(const tile_shape&) const noexcept { return described; }
  constexpr std::uint64_t lanes(const tile_shape&, int) const noexcept { return 0; }
  constexpr element at(const tile_shape&, int k, int lane) const noexcept { return element{lane % 8, k}; }
};

// ldmatrix with `count` matrices (0 in the test, from a volatile): the walk's matrix-tile rule
// divides by the count, so a bad one must fail with the op's rule, not divide by zero.
struct counted_ldmatrix : matrix_tiles<4> {
  int count;
  constexpr access op(const tile_shape&) const noexcept { return access{op_kind::ldmatrix, 16, count}; }
};

// ldmatrix.x4 described with the element's size for its rows' (2 bytes), not 16.
struct element_sized_ldmatrix : matrix_tiles<4> {
  static constexpr access op(const tile_shape& s) noexcept { return access{op_kind::ldmatrix, s.bytes, 4}; }
};
}  // namespace

// A pattern of one's own whose members are templates taking the shape by non-const reference: the
// walks pass a const shape, which binds, so it is a pattern (is_pattern had asked with a temporary,
// which does not, and refused it).
namespace {
struct generic_columns {
  template <class S> static constexpr int accesses(S& s) { return s.cols; }
  template <class S> static constexpr access op(S& s) { return load(s.bytes); }
  template <class S> static constexpr std::uint64_t lanes(S&, int) { return 0xffffffffu; }
  template <class S> static constexpr element at(S&, int k, int lane) { return element{lane, k}; }
};
}  // namespace
static_assert(analyze_tile<generic_columns, float>(row_major<32, 32, 33>{}).conflict_free());
static_assert(analyze_tile<generic_columns, float>(row_major<32, 32>{}).degree() == 32);

// Tiles whose columns (or rows) reach INT_MAX: a vector that overhangs the last column, and thread
// blocks that overhang the tile by threads past INT_MAX. (The walk added a vector's reach to its
// first column, and block_at a block's columns to its first, in int: signed overflow, which a
// constant evaluation refuses and run time answered wrongly.)
TEST_CASE("tiles of 2^31 - 1 columns or rows: overhanging vectors and blocks") {
  // float4 rows over 2^31 - 1 columns: the last lane's vector covers column 2^31 - 1.
  CHECK(analyze_tile<float>(row_segments<op_kind::load, 4>{}, row_major<1, 2147483647>{}).error ==
        errc::pattern_indexes_outside_the_tile);
  CHECK(analyze_tile<float>(row_segments<op_kind::load, 4>{}, row_major<1, 2147483644>{}).ok());
  // 1000 x 1 threads of 16 chars over one row of 2^31 - 1 chars: the last block starts at column
  // 2,147,472,000, 11,647 columns before the end, so threads x = 0..727 start inside (728 of
  // them: warp 22 has 24 such lanes) and the last warp's, x = 992..999, start past INT_MAX.
  const dynamic_thread_block wide{1000, 1, op_kind::load, false, 16};
  const tile_shape row{1, 1, 2147483647};
  const int last = wide.accesses(row) - 1;
  CHECK(wide.check(row) == errc::none);
  CHECK(last % 32 == 31);
  CHECK(wide.lanes(row, last) == 0);
  CHECK(wide.lanes(row, last - 9) == 0xffffff);
  CHECK(wide.at(row, last, 7).col == 2147483647);
  // The same block transposed over one column of 2^31 - 1 rows: threads x = 992.. of the last block
  // lie past INT_MAX rows.
  const dynamic_thread_block tall{1000, 1, op_kind::load, true, 1};
  const tile_shape column{1, 2147483647, 1};
  const int tall_last = tall.accesses(column) - 1;
  CHECK(tall.check(column) == errc::none);
  CHECK(tall.lanes(column, tall_last) == 0);
  CHECK(tall.at(column, tall_last, 0).row == 2147483647);
}

// A pattern of one's own, given as a value, whose count of accesses (or, with a grid, whose
// grid's counts) come at run time.
struct counted_columns {
  int count;
  bool with_grid;
  int grid_field;  // which of the grid's five counts is the count (0 outer .. 4 full_inner)
  static constexpr access op(const tile_shape&) { return load(4); }
  constexpr int accesses(const tile_shape&) const { return count; }
  static constexpr std::uint64_t lanes(const tile_shape&, int) { return 0xffffffff; }
  static constexpr element at(const tile_shape&, int k, int lane) { return {lane, k}; }
};
struct gridded_columns : counted_columns {
  constexpr access_grid grid(const tile_shape& s) const {
    access_grid g{s.cols, 1, 1, s.cols, 1, 0, 1, 0, 0};
    (grid_field == 0 ? g.outer : grid_field == 1 ? g.inner : grid_field == 2 ? g.warps
     : grid_field == 3 ? g.full_outer : g.full_inner) = count;
    return g;
  }
};

TEST_CASE("a pattern's negative counts are an error, not a walk of nothing") {
  const auto pitch_33 = [](int r, int c) { return 4LL * (33 * r + c); };
  const tile_report none = analyze_pattern(counted_columns{-1, false, 0}, tile_shape{4, 32, 32}, pitch_33);
  CHECK(none.error == errc::pattern_counts_must_not_be_negative);
  CHECK(none.accesses == 0);
  CHECK(analyze_tile<float>(counted_columns{-5, false, 0}, row_major<32, 32, 33>{}).error ==
        errc::pattern_counts_must_not_be_negative);
  for (int field = 0; field < 5; ++field) {
    INFO("grid count ", field);
    CHECK(analyze_pattern(gridded_columns{{-1, true, field}}, tile_shape{4, 32, 32}, pitch_33).error ==
          errc::pattern_counts_must_not_be_negative);
  }
  // No access at all is no error: nothing is walked, as where no lane is active.
  const tile_report empty = analyze_pattern(counted_columns{0, false, 0}, tile_shape{4, 32, 32}, pitch_33);
  CHECK(empty.ok());
  CHECK(empty.accesses == 0);
  // The same pattern with its 32 columns: conflict-free over pitch 33, 32-way over 32.
  CHECK(analyze_pattern(counted_columns{32, false, 0}, tile_shape{4, 32, 32}, pitch_33).wavefronts == 32);
  CHECK(analyze_tile<float>(counted_columns{32, false, 0}, row_major<32, 32>{}).wavefronts == 1024);
}

TEST_CASE("the tile rules give error values at run time") {
  // float4 rows over 30 columns: lane 7 would touch columns 28..31.
  const tile_report outside = analyze_pattern<row_segments<op_kind::load, 4>>(
      tile_shape{4, 4, 30}, [](int r, int c) { return 4LL * (30 * r + c); });
  CHECK(outside.error == errc::pattern_indexes_outside_the_tile);
  CHECK(outside.wavefronts == 0);
  // float4 rows whose elements lie 16 bytes apart (element offsets scaled as if float4s), and
  // over a column-major tile of one row, where every lane's first element is aligned: no lane's
  // four floats are contiguous, so no instruction reads them. ldmatrix rows the same way.
  const tile_report apart = analyze_pattern<row_segments<op_kind::load, 4>>(
      tile_shape{4, 4, 128}, [](int r, int c) { return 16LL * (128 * r + c); });
  CHECK(apart.error == errc::vector_elements_must_be_contiguous);
  CHECK(apart.wavefronts == 0);
  CHECK(analyze_tile<row_segments<op_kind::load, 4>, float>(column_major<1, 32, 32>{}).error ==
        errc::vector_elements_must_be_contiguous);
  CHECK(analyze_pattern<matrix_tiles<1>>(tile_shape{2, 8, 8}, [](int r, int c) { return 16LL * (8 * r + c); }).error ==
        errc::vector_elements_must_be_contiguous);
  // A layout of one's own that splits the vectors of odd rows only, keeping every first element
  // aligned: a thread block's warp starts in row 0, whose vectors are whole, and the rows below
  // it are tested too (at every lane, as the library cannot know such a layout moves vectors alike).
  const auto odd_rows_split = [](int r, int c) { return 4LL * (64 * r + c + (r % 2 == 1 && c % 4 == 3 ? 32 : 0)); };
  const tile_report split_block =
      analyze_pattern<thread_block<8, 4, op_kind::load, false, 4>>(tile_shape{4, 8, 32}, odd_rows_split);
  CHECK(split_block.error == errc::vector_elements_must_be_contiguous);
  CHECK(analyze_pattern(dynamic_thread_block{8, 4, op_kind::store, false, 4}, tile_shape{4, 8, 32}, odd_rows_split).error ==
        errc::vector_elements_must_be_contiguous);
  CHECK(analyze_tile<thread_block<8, 4, op_kind::load, false, 4>, float>(odd_rows_split_layout{}).error ==
        errc::vector_elements_must_be_contiguous);
  // One element between a vector's first and last, in one lane: a layout, and the same offsets as
  // a callable; and ldmatrix rows, whose 8 halves all count.
  CHECK(analyze_tile<row_segments<op_kind::load, 4>, float>(middle_moved_layout{}).error ==
        errc::vector_elements_must_be_contiguous);
  CHECK(analyze_pattern<thread_block<8, 8, op_kind::store, false, 4>>(
            tile_shape{4, 8, 32}, [](int r, int c) { return 4LL * middle_moved_layout{}(r, c); })
            .error == errc::vector_elements_must_be_contiguous);
  CHECK(analyze_tile<row_segments<op_kind::load, 4>, float>(row_major<8, 32, 64>{}).ok());  // the same, unmoved
  // Offsets of a vector's later elements far from its first: split, and no signed overflow in the
  // test (UBSan: "-9223372036854775808 - 16").
  const auto far_apart = [](int r, int c) { return c < 4 || c % 4 == 0 ? 4LL * (8 * r + c) : LLONG_MIN; };
  CHECK(analyze_pattern(dynamic_thread_block{2, 1, op_kind::load, false, 4}, tile_shape{4, 1, 8}, far_apart).error ==
        errc::vector_elements_must_be_contiguous);
  const auto row_5_swapped = [](int r, int c) { return 2LL * (8 * r + (r == 5 && (c == 3 || c == 4) ? 7 - c : c)); };
  CHECK(analyze_pattern<matrix_tiles<1>>(tile_shape{2, 8, 8}, row_5_swapped).error ==
        errc::vector_elements_must_be_contiguous);
  // The library's own layouts split vectors so too where a swizzle takes bits from inside an
  // access: float2 loads over rows of 5 floats whose bytes are XOR-swizzled with 2^M = 4 bytes
  // (row 1: bytes 20 and 24 become 16 and 28, the first still aligned). Row 0's vectors are
  // whole, and the rows below are tested too.
  using swizzled_inside = swizzled_bytes<row_major<4, 2, 5>, xor_swizzle<1, 2, 2>, 4>;
  CHECK(analyze_tile<thread_block<16, 2, op_kind::load, false, 2>, float>(swizzled_inside{}).error ==
        errc::vector_elements_must_be_contiguous);
  CHECK(analyze_tile<float>(dynamic_thread_block{1, 32, op_kind::load, false, 2}, swizzled_inside{}).error ==
        errc::vector_elements_must_be_contiguous);
  // Whole vectors in every row: an answer.
  CHECK(analyze_pattern<thread_block<8, 4, op_kind::load, false, 4>>(tile_shape{4, 8, 32}, [](int r, int c) {
          return 4LL * (64 * r + c);
        }).ok());
  // The same accesses with contiguous elements have an answer.
  CHECK(analyze_pattern<row_segments<op_kind::load, 4>>(tile_shape{4, 4, 128}, [](int r, int c) {
          return 4LL * (128 * r + c);
        }).ok());
  CHECK(analyze_pattern<matrix_tiles<1>>(tile_shape{2, 8, 8}, [](int r, int c) { return 2LL * (8 * r + c); }).ok());
  // ldmatrix over 4-byte elements, and over a tile of 12 columns.
  const tile_report floats = analyze_tile<matrix_tiles<4>, float>(row_major<16, 64>{});
  CHECK(floats.error == errc::matrix_tiles_need_2_byte_elements_and_whole_8x8_sub_tiles);
  const tile_report ragged = analyze_tile<matrix_tiles<1>, short>(row_major<16, 12>{});
  CHECK(ragged.error == errc::matrix_tiles_need_2_byte_elements_and_whole_8x8_sub_tiles);
  CHECK(!ragged.conflict_free());
  // Shapes whose element count or access count would overflow int, and empty or negative ones.
  const auto offset = [](int r, int c) { return 4LL * r + c; };
  for (const tile_shape s : {tile_shape{4, 65536, 65536}, tile_shape{4, 2147483647, 2}, tile_shape{4, 0, 32},
                             tile_shape{4, 32, -1}, tile_shape{0, 32, 32}, tile_shape{32, 32, 32}}) {
    INFO(s.bytes << " bytes, " << s.rows << " x " << s.cols);
    const tile_report t = analyze_pattern<column_segments<>>(s, offset);
    CHECK(t.error == errc::tile_shape_is_invalid);
    CHECK(t.accesses == 0);
  }
  // Architectures whose warps, banks or bank width the walks cannot divide by: the rule, before
  // any pattern is asked for its warps. And a broken table the walk's loads never use, or matrix
  // ops on a 16-lane warp: the walk checks the whole description first (it counted them).
  for (int which = 0; which < 7; ++which) {
    architecture a = arch::nvidia;
    if (which == 0) a.warp_size = 0;
    if (which == 1) a.warp_size = 65;
    if (which == 2) a.banks = 0;
    if (which == 3) a.bank_bytes = 0;
    if (which == 4) a.bank_bytes = 3;
    if (which == 5) a.store[2] = phase_groups{};
    if (which == 6) {
      a.warp_size = 16;
      for (int i = 0; i < 5; ++i) a.load[i] = a.store[i] = a.merged_load[i] = blocks(16, 16);
    }
    INFO("architecture " << which);
    CHECK(analyze_tile<thread_block<16, 16>, float>(row_major<32, 32>{}, a).error == errc::architecture_is_invalid);
    CHECK(analyze_pattern(dynamic_thread_block{16, 16}, tile_shape{4, 32, 32}, offset, a).error ==
          errc::architecture_is_invalid);
    CHECK(analyze_tile<column_segments<>, float>(row_major<32, 32>{}, a).error == errc::architecture_is_invalid);
  }
  volatile int no_width = 0;
  const tile_report widthless = analyze_tile<float>(width_pattern{no_width}, row_major<32, 4, 5>{});
  CHECK(widthless.error == errc::access_width_must_be_1_2_4_8_or_16);
  // Its rows were counted (64 wavefronts) where matrix_tiles<4> itself is refused.
  CHECK(analyze_tile<element_sized_ldmatrix, short>(row_major<64, 64, 68>{}).error == errc::access_is_invalid);
  CHECK(analyze_tile<float>(width_pattern{4}, row_major<32, 4, 5>{}).conflict_free());
  volatile int no_matrices = 0;
  CHECK(analyze_tile<short>(counted_ldmatrix{{}, no_matrices}, row_major<64, 64>{}).error ==
        errc::matrix_count_must_be_1_2_or_4);
  CHECK(analyze_tile<short>(counted_ldmatrix{{}, 4}, row_major<64, 64>{}).ok());
  // With no lane active the op is still checked: its rule, or the architecture's.
  CHECK(analyze_tile<float>(idle_pattern{access{op_kind::load, 3, 0}}, row_major<8, 8>{}).error ==
        errc::access_width_must_be_1_2_4_8_or_16);
  CHECK(analyze_tile<short>(idle_pattern{access{op_kind::ldmatrix, 16, 3}}, row_major<8, 8>{}).error ==
        errc::matrix_count_must_be_1_2_or_4);
  CHECK(analyze_tile<short>(idle_pattern{access{op_kind::ldmatrix, 16, 1}}, row_major<8, 8>{}, arch::gfx942).error ==
        errc::architecture_has_no_matrix_ops);
  const tile_report idle = analyze_tile<short>(idle_pattern{ldmatrix(1)}, row_major<8, 8>{});
  CHECK(idle.ok());
  CHECK(idle.accesses == 0);
  CHECK(analyze_tile<float>(idle_pattern{load(4)}, row_major<8, 8>{}).accesses == 0);
}
