// SPDX-License-Identifier: BSL-1.0
// Tests for bankcheck/mdspan.hpp: the layout policies' mappings meet LayoutMapping's requirements
// for any extents type (a minimal one written here, cuda::std::extents, std::extents where the
// standard library has them), agree with padded_tile's and swizzled_tile's choices, work inside
// cuda::std::mdspan / std::mdspan, and analyze(mapping, pattern) prices any rank-2 mapping.
#include <bankcheck/check.hpp>
#include <bankcheck/mdspan.hpp>
#include <bankcheck/padded_tile.hpp>
#include <bankcheck/pattern.hpp>
#include <bankcheck/swizzled_tile.hpp>
#include <doctest/doctest.h>

#include <boost/mp11/list.hpp>

#include <cstddef>
#include <cstdint>
#include <set>
#include <type_traits>
#include <vector>

#if __has_include(<cuda/std/mdspan>)
#include <cuda/std/mdspan>
#define BANKCHECK_TEST_CUDA_STD_MDSPAN 1
#endif
#if __has_include(<version>)
#include <version>
#endif
#if defined(__cpp_lib_mdspan)
#include <mdspan>
#endif

namespace bc = bankcheck;
using boost::mp11::mp_list;

namespace {

// The least an extents type offers (what std::extents and cuda::std::extents offer, for static
// extents): the policies need no mdspan header.
template <int R, int C, class Index, class Size>
struct basic_extents {
  using index_type = Index;
  using size_type = Size;
  using rank_type = std::size_t;
  static constexpr rank_type rank() noexcept { return 2; }
  static constexpr rank_type rank_dynamic() noexcept { return 0; }
  static constexpr std::size_t static_extent(rank_type r) noexcept { return r == 0 ? R : C; }
  constexpr index_type extent(rank_type r) const noexcept { return static_cast<index_type>(r == 0 ? R : C); }
};
template <int R, int C>
using plain_extents = basic_extents<R, C, int, unsigned>;

// LayoutMapping's requirements and the chooser's answer, for one mapping type M over R x C.
template <class M, class Tile>
constexpr bool maps_like_tile() {
  using E = typename M::extents_type;
  static_assert(std::is_same_v<typename M::index_type, typename E::index_type>);
  static_assert(std::is_same_v<typename M::size_type, typename E::size_type>);
  static_assert(std::is_same_v<typename M::rank_type, typename E::rank_type>);
  static_assert(std::is_same_v<typename M::layout_type::template mapping<E>, M>);
  static_assert(std::is_nothrow_default_constructible_v<M> && std::is_trivially_copyable_v<M>);
  static_assert(std::is_nothrow_constructible_v<M, const E&> && std::is_convertible_v<const E&, M>);
  static_assert(std::is_same_v<typename M::layout, typename Tile::layout>);
  static_assert(std::is_same_v<decltype(M{}(0, 0)), typename M::index_type>);
  static_assert(noexcept(M{}(0, 0)) && noexcept(M{}.required_span_size()) && noexcept(M{}.extents()));
  constexpr M m{};
  static_assert(m == M{} && !(m != M{}));
  static_assert(M::is_always_unique() && m.is_unique());
  static_assert(m.required_span_size() == Tile::layout::required_span_size());
  for (int r = 0; r < Tile::rows; ++r)
    for (int c = 0; c < Tile::cols; ++c)
      if (m(r, c) != typename Tile::layout{}(r, c) || m(r, c) < 0 || m(r, c) >= m.required_span_size()) return false;
  return m.extents().extent(0) == Tile::rows && m.extents().extent(1) == Tile::cols;
}

template <template <int, int> class Extents>
constexpr bool policies_work() {
  using padded = bc::layout_right_conflict_free<float>::mapping<Extents<32, 32>>;
  static_assert(padded::pitch == 33 && padded::padding == 1 && padded::conflict_free && padded::degree == 1);
  static_assert(maps_like_tile<padded, bc::padded_tile<float, 32, 32>>());
  static_assert(padded::is_always_strided() && padded{}.stride(0) == 33 && padded{}.stride(1) == 1);
  static_assert(!padded::is_always_exhaustive() && !padded{}.is_exhaustive(), "the padding is never touched");
  static_assert(padded{}(2, 5) == 2 * 33 + 5);

  using swizzled = bc::layout_swizzled<float>::mapping<Extents<32, 32>>;
  static_assert(std::is_same_v<typename swizzled::swizzle, bc::swizzled_tile<float, 32, 32>::swizzle>);
  static_assert(std::is_same_v<typename swizzled::swizzle, bc::xor_swizzle<5, 2, 5>>);
  static_assert(maps_like_tile<swizzled, bc::swizzled_tile<float, 32, 32>>());
  static_assert(swizzled::is_always_exhaustive() && !swizzled::is_always_strided() && swizzled::conflict_free);
  static_assert(swizzled::alignment == bc::swizzled_tile<float, 32, 32>::alignment);
  // Rows alone are conflict-free unswizzled: the identity is chosen, and the mapping is strided.
  using identity = bc::layout_swizzled<float, mp_list<bc::row_segments<>>>::mapping<Extents<16, 48>>;
  static_assert(identity::swizzle::bits == 0 && identity::is_always_strided() && identity{}.is_strided());
  static_assert(identity{}.stride(0) == 48 && identity{}.stride(1) == 1);
  static_assert(identity{}(3, 7) == 3 * identity{}.stride(0) + 7 * identity{}.stride(1));

  // Declared accesses other than rows and columns: float4 rows and columns of half.
  using vector_rows = bc::layout_right_conflict_free<float, mp_list<bc::row_segments<bc::op_kind::load, 4>, bc::column_segments<>>>;
  static_assert(vector_rows::template mapping<Extents<32, 128>>::pitch ==
                bc::padded_tile<float, 32, 128, mp_list<bc::row_segments<bc::op_kind::load, 4>, bc::column_segments<>>>::pitch);
  using half_cols = bc::layout_swizzled<short, mp_list<bc::matrix_tiles<4>>>::mapping<Extents<64, 64>>;
  static_assert(std::is_same_v<typename half_cols::swizzle, bc::tma::swizzle_128b>, "ldmatrix over a 64x64 half tile");
  // A GEMM's half tile, stored eight halves a thread by 128 threads and read by ldmatrix.x4.
  using gemm = mp_list<bc::thread_block<4, 32, bc::op_kind::store, false, 8>, bc::matrix_tiles<4>>;
  using gemm_tile = bc::layout_swizzled<short, gemm>::mapping<Extents<128, 32>>;
  static_assert(std::is_same_v<typename gemm_tile::swizzle, bc::tma::swizzle_64b> && gemm_tile::conflict_free);

  // is_conflict_free_v takes them as it takes the tile types.
  static_assert(bc::is_conflict_free_v<padded, bc::row_segments<>, bc::column_segments<>>);
  static_assert(bc::is_conflict_free_v<swizzled, bc::row_segments<bc::op_kind::store>, bc::column_segments<>>);
  static_assert(bc::is_conflict_free_v<half_cols, bc::matrix_tiles<4>>);
  static_assert(!bc::is_conflict_free_v<bc::layout_right_conflict_free<float, mp_list<bc::row_segments<>>>::mapping<Extents<32, 32>>,
                                        bc::column_segments<>>,
                "padded for rows only: no padding, so columns conflict");
  // With no pattern, the checks walk those the mapping was chosen for (its ::accesses).
  static_assert(std::is_same_v<typename gemm_tile::accesses, gemm>);
  static_assert(bc::is_conflict_free_v<padded> && bc::assert_conflict_free<swizzled>() && bc::is_conflict_free_v<gemm_tile>);
  static_assert(bc::is_conflict_free_v<bc::layout_right_conflict_free<float, mp_list<bc::row_segments<>>>::mapping<Extents<32, 32>>>,
                "padded for rows only, and checked for them");

  // On another architecture: gfx950's 64-lane warps reading a 32 x 8 block's columns need a
  // padding of 2 (tests/tile_arch.test.cpp), and is_conflict_free_v walks the mapping on gfx950.
  using by_blocks = bc::thread_block<32, 8, bc::op_kind::load, true>;
  using gfx950_padded = bc::layout_right_conflict_free<float, mp_list<by_blocks>, bc::arch::gfx950_t>::mapping<Extents<64, 64>>;
  static_assert(std::is_same_v<typename gfx950_padded::arch_type, bc::arch::gfx950_t> && std::is_same_v<typename padded::arch_type, bc::arch::nvidia_t>);
  static_assert(gfx950_padded::pitch == 66 && gfx950_padded::conflict_free);
  static_assert(maps_like_tile<gfx950_padded, bc::padded_tile<float, 64, 64, mp_list<by_blocks>, bc::arch::gfx950_t>>());
  static_assert(bc::is_conflict_free_v<gfx950_padded, by_blocks>);
  using nvidia_padded = bc::layout_right_conflict_free<float, mp_list<by_blocks>>::mapping<Extents<64, 64>>;
  static_assert(nvidia_padded::pitch == 65 && bc::is_conflict_free_v<nvidia_padded, by_blocks>);
  static_assert(!bc::is_conflict_free_v<bc::typed_layout<typename nvidia_padded::layout, float, bc::arch::gfx950_t>, by_blocks>);
  using gfx950_swizzled = bc::layout_swizzled<float, bc::rows_and_columns, bc::arch::gfx950_t>::mapping<Extents<64, 64>>;
  static_assert(std::is_same_v<typename gfx950_swizzled::swizzle, bc::xor_swizzle<6, 2, 6>>);
  static_assert(std::is_same_v<typename gfx950_swizzled::arch_type, bc::arch::gfx950_t> && gfx950_swizzled::conflict_free);
  static_assert(bc::is_conflict_free_v<gfx950_swizzled, bc::row_segments<>, bc::column_segments<>>);
  // analyze(mapping, pattern) walks the architecture the mapping was chosen for unless told
  // another (it walked NVIDIA's).
  static_assert(bc::analyze<float>(gfx950_padded{}, by_blocks{}).conflict_free());
  static_assert(bc::analyze<float>(gfx950_padded{}, by_blocks{}).wavefronts ==
                bc::analyze<float>(gfx950_padded{}, by_blocks{}, bc::arch::gfx950).wavefronts);
  static_assert(bc::analyze<float>(gfx950_padded{}, by_blocks{}).ideal !=
                bc::analyze<float>(gfx950_padded{}, by_blocks{}, bc::arch::nvidia).ideal);
  static_assert(!bc::analyze<float>(nvidia_padded{}, by_blocks{}, bc::arch::gfx950).conflict_free());

  // analyze(mapping, pattern) on them.
  static_assert(bc::analyze<float>(padded{}, bc::column_segments<>{}).wavefronts == 32);
  static_assert(bc::analyze<float>(swizzled{}, bc::column_segments<>{}).degree() == 1);
  // A pattern given as a value: the GEMM copy, its block chosen at run time, over the mapping
  // layout_swizzled chose for it (through the policy's layout).
  constexpr bc::dynamic_thread_block copy{4, 32, bc::op_kind::store, false, 8};
  static_assert(bc::analyze<short>(gemm_tile{}, copy).conflict_free());
  static_assert(bc::analyze<short>(gemm_tile{}, copy).wavefronts ==
                bc::analyze<short>(gemm_tile{}, bc::thread_block<4, 32, bc::op_kind::store, false, 8>{}).wavefronts);
  return true;
}

}  // namespace

static_assert(policies_work<plain_extents>());

// A policy on an architecture of one's own, given as a type that converts to one: analyze's
// default walks it, as the value it converts to.
struct banks_48 {
  constexpr operator bc::architecture() const noexcept {
    bc::architecture a = bc::arch::nvidia;
    a.banks = 48;
    return a;
  }
};
using padded_48 = bc::layout_right_conflict_free<float, bc::rows_and_columns, banks_48>::mapping<plain_extents<32, 32>>;
// A pattern of one's own whose members are templates taking the shape by reference: analyze over
// a mapping takes it, as the walks do (its overload had asked with a temporary shape).
struct generic_columns {
  template <class S> static constexpr int accesses(S& s) { return s.cols; }
  template <class S> static constexpr bc::access op(S& s) { return bc::load(s.bytes); }
  template <class S> static constexpr std::uint64_t lanes(S&, int) { return 0xffffffffu; }
  template <class S> static constexpr bc::element at(S&, int k, int lane) { return bc::element{lane, k}; }
};
static_assert(bc::analyze<float>(padded_48{}, generic_columns{}).conflict_free());
static_assert(bc::analyze<float>(padded_48{}, generic_columns{}, bc::arch::nvidia).conflict_free(), "35 is odd");
static_assert(padded_48::pitch == 35 && padded_48::conflict_free);  // a padding of 3 on 48 banks
static_assert(bc::analyze<float>(padded_48{}, bc::column_segments<>{}).conflict_free());
static_assert(bc::analyze<float>(padded_48{}, bc::dynamic_thread_block{16, 16}).wavefronts ==
              bc::analyze<float>(padded_48{}, bc::dynamic_thread_block{16, 16}, static_cast<bc::architecture>(banks_48{}))
                  .wavefronts);

// A narrow index_type that holds the padded or swizzled span: 15 x 8 floats, pitch 9, span 134
// (a signed char's 127 would not hold it, and that is a static_assert: compile_fail/rules.cpp).
using unsigned_char_15x8 = basic_extents<15, 8, unsigned char, unsigned char>;
using narrow_padded = bc::layout_right_conflict_free<float>::mapping<unsigned_char_15x8>;
static_assert(narrow_padded::pitch == 9 && narrow_padded{}.required_span_size() == 134 && narrow_padded{}(14, 7) == 133);
static_assert(bc::detail::largest_index<unsigned char>() == 255 && bc::detail::largest_index<signed char>() == 127);
static_assert(bc::detail::largest_index<long long>() == 0x7fffffffffffffffULL &&
              bc::detail::largest_index<unsigned long long>() == ~0ULL && bc::detail::largest_index<int>() == 0x7fffffffULL);

// analyze over a mapping that is no bankcheck layout: a user's, here column-major with a pitch.
struct column_major_pitch_40 {
  using extents_type = plain_extents<32, 32>;
  using index_type = int;
  static constexpr bool is_always_strided() noexcept { return true; }
  constexpr extents_type extents() const noexcept { return {}; }
  constexpr int stride(std::size_t r) const noexcept { return r == 0 ? 1 : 40; }
  constexpr int operator()(int r, int c) const noexcept { return c * 40 + r; }
};
static_assert(bc::analyze<float>(column_major_pitch_40{}, bc::column_segments<>{}).conflict_free(), "columns contiguous");
static_assert(bc::analyze<float>(column_major_pitch_40{}, bc::row_segments<>{}).degree() == 8, "rows: gcd(40, 32) = 8");
static_assert(bc::analyze<float>(column_major_pitch_40{}, bc::row_segments<>{}).degree() ==
              bc::analyze_tile<bc::row_segments<>, float>(bc::column_major<32, 32, 40>{}).degree());

static_assert(bc::analyze<float>(column_major_pitch_40{}, bc::dynamic_thread_block{16, 16}).wavefronts ==
              bc::analyze<float>(column_major_pitch_40{}, bc::thread_block<16, 16>{}).wavefronts);

// A strided mapping whose rows overlap (not unique, which a strided mapping may be): 32 x 4 chars
// two apart, (r, c) -> 2r + c. On 16 banks, columns 2 and 3 reach word 16 and are 2-way; a row's
// facts (row_major's) would price every column as the first (4 wavefronts, not 6).
struct overlapping_rows {
  using extents_type = plain_extents<32, 4>;
  using index_type = int;
  static constexpr bool is_always_strided() noexcept { return true; }
  constexpr extents_type extents() const noexcept { return {}; }
  constexpr int stride(std::size_t r) const noexcept { return r == 0 ? 2 : 1; }
  constexpr int operator()(int r, int c) const noexcept { return 2 * r + c; }
};
constexpr bc::architecture sixteen_banks() {
  bc::architecture a = bc::arch::rdna3;
  a.banks = 16;
  return a;
}
static_assert(bc::analyze<char>(overlapping_rows{}, bc::column_segments<>{}, sixteen_banks()).wavefronts == 6);
static_assert(bc::analyze<char>(overlapping_rows{}, bc::column_segments<>{}, sixteen_banks()).wavefronts ==
              bc::analyze_pattern<bc::column_segments<>>(bc::tile_shape{1, 32, 4}, [](int r, int c) { return 2LL * r + c; },
                                                        sixteen_banks())
                  .wavefronts);

// Users' mappings of 2 x Cols floats, row-major, size_t indexes, whose rows lie 2^32 + 32 floats
// apart. With Cols that wide the extents do not fit in int: cut to int, the columns were 32, and
// it was priced as a 2 x 32 tile. With 32 columns the extents fit and the stride does not, so the
// walk takes no row's facts (a pitch cut to int), and its report is the plain walk's.
constexpr std::size_t wide = (std::size_t{1} << 32) + 32;
template <std::size_t Cols>
struct two_rows {
  using index_type = std::size_t;
  using rank_type = std::size_t;
  static constexpr rank_type rank() noexcept { return 2; }
  constexpr index_type extent(rank_type r) const noexcept { return r == 0 ? 2 : Cols; }
};
template <std::size_t Cols, bool Strided>
struct rows_wide_apart {
  using extents_type = two_rows<Cols>;
  using index_type = std::size_t;
  static constexpr bool is_always_strided() noexcept { return Strided; }
  constexpr extents_type extents() const noexcept { return {}; }
  constexpr std::size_t stride(std::size_t r) const noexcept { return r == 0 ? wide : 1; }
  constexpr std::size_t operator()(std::size_t r, std::size_t c) const noexcept { return r * wide + c; }
};
static_assert(bc::detail::fits_int(0x7fffffff) && !bc::detail::fits_int(0x80000000u) && !bc::detail::fits_int(-1) &&
              !bc::detail::fits_int(wide));
using wide_stride = rows_wide_apart<32, true>;
static_assert(bc::analyze<float>(wide_stride{}, bc::column_segments<>{}).wavefronts ==
              bc::analyze_pattern<bc::column_segments<>>(bc::tile_shape{4, 2, 32}, [](int r, int c) {
                return 4LL * static_cast<long long>(wide_stride{}(static_cast<std::size_t>(r), static_cast<std::size_t>(c)));
              }).wavefronts);
static_assert(bc::analyze<float>(wide_stride{}, bc::column_segments<>{}).wavefronts == 32 * 2, "2 distinct words a bank");

TEST_CASE("analyze refuses a mapping whose extents do not fit in int") {
  CHECK(bc::analyze<float>(rows_wide_apart<wide, true>{}, bc::row_segments<>{}).error == bc::errc::tile_shape_is_invalid);
  CHECK(bc::analyze<float>(rows_wide_apart<wide, false>{}, bc::row_segments<>{}).error == bc::errc::tile_shape_is_invalid);
}

TEST_CASE("float4 rows over a column-major mapping: no lane's four floats are contiguous") {
  const bc::tile_report rows = bc::analyze<float>(column_major_pitch_40{}, bc::row_segments<bc::op_kind::load, 4>{});
  CHECK(rows.error == bc::errc::vector_elements_must_be_contiguous);
  CHECK(rows.wavefronts == 0);
}

#if defined(BANKCHECK_TEST_CUDA_STD_MDSPAN)
template <int R, int C>
using cuda_extents = cuda::std::extents<int, std::size_t{R}, std::size_t{C}>;
static_assert(policies_work<cuda_extents>());

// A float column of the unpadded tile: 32 wavefronts a read; layout_left reads it contiguously.
using cuda_32x32 = cuda::std::extents<int, 32, 32>;
static_assert(bc::analyze<float>(cuda::std::layout_right::mapping<cuda_32x32>{}, bc::column_segments<>{}).wavefronts == 32 * 32);
static_assert(bc::analyze<float>(cuda::std::layout_right::mapping<cuda_32x32>{}, bc::column_segments<>{}).degree() == 32);
static_assert(bc::analyze<float>(cuda::std::layout_left::mapping<cuda_32x32>{}, bc::column_segments<>{}).wavefronts == 32);
static_assert(bc::analyze<double>(cuda::std::layout_right::mapping<cuda_32x32>{}, bc::column_segments<>{}).degree() == 16);

TEST_CASE("cuda::std::mdspan over layout_right_conflict_free and layout_swizzled") {
  using padded = bc::layout_right_conflict_free<float>;
  using swizzled = bc::layout_swizzled<float>;
  std::vector<float> a(padded::mapping<cuda_32x32>{}.required_span_size(), -1.0f);
  std::vector<float> b(swizzled::mapping<cuda_32x32>{}.required_span_size(), -1.0f);
  cuda::std::mdspan<float, cuda_32x32, padded> pa(a.data());
  cuda::std::mdspan<float, cuda_32x32, swizzled> sb(b.data());
  CHECK(pa.size() == 32 * 32);
  CHECK(pa.stride(0) == 33);
  CHECK(pa.is_strided());
  CHECK_FALSE(sb.is_strided());
  CHECK(sb.is_exhaustive());
  std::set<int> seen;
  for (int r = 0; r < 32; ++r)
    for (int c = 0; c < 32; ++c) pa(r, c) = sb(r, c) = static_cast<float>(r * 32 + c);
  for (int r = 0; r < 32; ++r)
    for (int c = 0; c < 32; ++c) {
      CHECK(a[static_cast<std::size_t>(r * 33 + c)] == static_cast<float>(r * 32 + c));
      const int s = ((r * 32 + c) * 4 ^ (((r * 32 + c) * 4 >> 5) & 0x7c)) / 4;  // Swizzle<5, 2, 5> on bytes
      CHECK(b[static_cast<std::size_t>(s)] == static_cast<float>(r * 32 + c));
      seen.insert(sb.mapping()(r, c));
    }
  CHECK(seen.size() == 32 * 32);
  for (int r = 0; r < 31; ++r) CHECK(a[static_cast<std::size_t>(r * 33 + 32)] == -1.0f);  // the padding, after rows 0..30
}

TEST_CASE("analyze takes cuda::std mappings with dynamic extents, at run time") {
  const cuda::std::layout_right::mapping<cuda::std::dextents<int, 2>> plain(cuda::std::dextents<int, 2>(64, 32));
  const bc::tile_report columns = bc::analyze<float>(plain, bc::column_segments<>{});
  CHECK(columns.accesses == 32 * 2);
  CHECK(columns.degree() == 32);
  const cuda::std::layout_stride::mapping<cuda::std::dextents<int, 2>> padded(
      cuda::std::dextents<int, 2>(64, 32), cuda::std::array<int, 2>{33, 1});
  CHECK(bc::analyze<float>(padded, bc::column_segments<>{}).conflict_free());
  CHECK(bc::analyze<float>(padded, bc::row_segments<>{}).conflict_free());
  // layout_stride's mapping is strided: analyzed with row_major's facts, the same report as walking.
  CHECK(bc::analyze<float>(padded, bc::column_segments<>{}).wavefronts ==
        bc::analyze_tile<bc::column_segments<>, float>(bc::row_major<64, 32, 33>{}).wavefronts);
}
namespace {
// analyze over a layout_stride mapping (row-major: analyzed with row_major's facts) against every
// access walked through the same offsets.
template <class T, class Pattern>
void check_strided(int rows, int cols, int pitch) {
  using E = cuda::std::dextents<int, 2>;
  const cuda::std::layout_stride::mapping<E> m(E(rows, cols), cuda::std::array<int, 2>{pitch, 1});
  const bc::tile_report fast = bc::analyze<T>(m, Pattern{});
  const bc::tile_report walked = bc::analyze_pattern<Pattern>(
      bc::tile_shape{static_cast<int>(sizeof(T)), rows, cols},
      [&m](int r, int c) { return static_cast<long long>(m(r, c)) * static_cast<long long>(sizeof(T)); });
  CAPTURE(sizeof(T));
  CAPTURE(pitch);
  CHECK(fast.wavefronts == walked.wavefronts);
  CHECK(fast.ideal == walked.ideal);
  CHECK(fast.worst_access == walked.worst_access);
}
}  // namespace

TEST_CASE("analyze over layout_stride mappings equals walking every access") {
  for (int pitch = 32; pitch <= 160; ++pitch) {
    check_strided<char, bc::thread_block<8, 32>>(96, 32, pitch);
    check_strided<char, bc::column_segments<>>(96, 32, pitch);
    check_strided<short, bc::thread_block<16, 16>>(64, 32, pitch);
    check_strided<float, bc::column_segments<>>(64, 32, pitch);
  }
}
#else
TEST_CASE("cuda::std::mdspan NOT TESTED: <cuda/std/mdspan> not found (configure with CUDA 13's include/cccl)") {
  MESSAGE("cuda::std::mdspan not found: only the minimal extents type was tested");
}
#endif

#if defined(__cpp_lib_mdspan)
template <int R, int C>
using std_extents = std::extents<int, std::size_t{R}, std::size_t{C}>;
static_assert(policies_work<std_extents>());
static_assert(bc::analyze<float>(std::layout_right::mapping<std::extents<int, 32, 32>>{}, bc::column_segments<>{}).degree() == 32);

TEST_CASE("std::mdspan over layout_right_conflict_free") {
  using E = std::extents<int, 32, 32>;
  std::vector<float> a(bc::layout_right_conflict_free<float>::mapping<E>{}.required_span_size());
  std::mdspan<float, E, bc::layout_right_conflict_free<float>> pa(a.data());
  pa(3, 4) = 7.0f;
  CHECK(a[3 * 33 + 4] == 7.0f);
}
#else
TEST_CASE("std::mdspan NOT TESTED: this standard library has no std::mdspan (__cpp_lib_mdspan is not defined)") {
  MESSAGE("std::mdspan is not available (__cpp_lib_mdspan undefined): the std::mdspan tests are skipped");
}
#endif
