// SPDX-License-Identifier: BSL-1.0
// Tests for padded_tile, swizzled_tile and the checks on an architecture given as a type: the
// tiles make choose_padding's and choose_swizzle's choices on it (whose tests compare them with
// searches that walk every candidate whole there), their bounded searches agree with choose
// walking every candidate whole, their counts are analyze_tile's on that architecture, and the
// tiles (and typed_layout, and the mdspan policies' mappings) carry it to the checks.
#include <bankcheck/arch.hpp>
#include <bankcheck/check.hpp>
#include <bankcheck/layout.hpp>
#include <bankcheck/padded_tile.hpp>
#include <bankcheck/pattern.hpp>
#include <bankcheck/swizzled_tile.hpp>
#include <bankcheck/tile.hpp>
#include <doctest/doctest.h>

#include "support/whole_search.hpp"

#include <boost/mp11/algorithm.hpp>
#include <boost/mp11/list.hpp>

#include <initializer_list>
#include <type_traits>

using namespace bankcheck;
using boost::mp11::mp_list;

namespace {

// Architectures of one's own, as types. NVIDIA's description with 48 banks (a bank row of 192
// bytes, no bit fields for banks), as a type that converts to architecture:
struct banks_48_t {
  constexpr operator architecture() const noexcept {
    architecture a = arch::nvidia;
    a.name = "banks_48";
    a.banks = 48;
    return a;
  }
};
// and NVIDIA's phases over 32 banks of 8 bytes (a description, not a machine), as a class
// derived from architecture.
struct wide_banks_t : architecture {
  constexpr wide_banks_t() noexcept : architecture(arch::nvidia) {
    name = "wide_banks";
    bank_bytes = 8;
  }
};

struct bytes16 {
  alignas(16) unsigned char b[16];
};

using rows_cols = mp_list<row_segments<>, column_segments<>>;
using columns_by_blocks = mp_list<thread_block<32, 8, op_kind::load, true>>;
using gemm = mp_list<thread_block<4, 32, op_kind::store, false, 8>, matrix_tiles<4>>;

// padded_tile on Arch makes choose_padding's choice on Arch, with its counts.
template <class T, int R, int C, class Arch, class... Patterns>
constexpr bool same_as_choose_padding(mp_list<Patterns...>) {
  using tile = padded_tile<T, R, C, mp_list<Patterns...>, Arch>;
  const padding_choice c = choose_padding(Arch{}, static_cast<int>(sizeof(T)), R, C, Patterns{}...);
  return std::is_same_v<typename tile::arch_type, Arch> && c.ok() && c.padding == tile::padding &&
         c.pitch == tile::pitch && c.wavefronts == tile::wavefronts && c.ideal == tile::ideal &&
         c.degree == tile::degree && c.conflict_free() == tile::conflict_free;
}
// swizzled_tile on Arch makes choose_swizzle's choice on Arch, with its counts.
template <class T, int R, int C, class Arch, class... Patterns>
constexpr bool same_as_choose_swizzle(mp_list<Patterns...>) {
  using tile = swizzled_tile<T, R, C, mp_list<Patterns...>, Arch>;
  const swizzle_choice c = choose_swizzle(Arch{}, static_cast<int>(sizeof(T)), R, C, Patterns{}...);
  return std::is_same_v<typename tile::arch_type, Arch> && c.ok() && c.b == tile::swizzle::bits &&
         c.m == tile::swizzle::base && c.s == tile::swizzle::shift && c.period == tile::period &&
         c.wavefronts == tile::wavefronts && c.ideal == tile::ideal && c.degree == tile::degree &&
         c.conflict_free() == tile::conflict_free;
}
// A tile's counts are its patterns' tile reports on its architecture, added up.
template <class Tile, class... Patterns>
constexpr bool counts_are_its_walks(mp_list<Patterns...>) {
  const typename detail::arch_value<typename Tile::arch_type>::type a = typename Tile::arch_type{};
  long long wavefronts = 0, ideal = 0;
  int degree = 0;
  for (const tile_report& t : {analyze_tile<Patterns, typename Tile::value_type>(typename Tile::layout{}, a)...}) {
    if (!t.ok()) return false;
    wavefronts += t.wavefronts;
    ideal += t.ideal;
    degree = t.degree() > degree ? t.degree() : degree;
  }
  return wavefronts == Tile::wavefronts && ideal == Tile::ideal && degree == Tile::degree;
}

}  // namespace

// A 32 x 8 block reading a float tile transposed: an NVIDIA warp reads 32 rows of one column,
// free at padding 1 (bank stride 1); a gfx950 warp reads 32 rows of two columns over 64 banks,
// which padding 1 puts in banks l + c and l + c + 1 (2-way), and padding 2 in 2l + c and 2l + c + 1.
using nvidia_columns = padded_tile<float, 64, 64, columns_by_blocks>;
using gfx950_columns = padded_tile<float, 64, 64, columns_by_blocks, arch::gfx950_t>;
static_assert(nvidia_columns::padding == 1 && nvidia_columns::conflict_free);
static_assert(gfx950_columns::padding == 2 && gfx950_columns::conflict_free);
static_assert(std::is_same_v<nvidia_columns::arch_type, arch::nvidia_t>);
static_assert(std::is_same_v<gfx950_columns::arch_type, arch::gfx950_t>);
static_assert(counts_are_its_walks<gfx950_columns>(columns_by_blocks{}));
static_assert(counts_are_its_walks<nvidia_columns>(columns_by_blocks{}));
static_assert(nvidia_columns::ideal == 2 * gfx950_columns::ideal, "64-lane warps: half as many accesses");
// gfx950's 256-byte bank rows: the word column XOR the row over 6 bits, where NVIDIA takes 5.
using gfx950_swizzled = swizzled_tile<float, 64, 64, rows_and_columns, arch::gfx950_t>;
static_assert(std::is_same_v<gfx950_swizzled::swizzle, xor_swizzle<6, 2, 6>> && gfx950_swizzled::conflict_free);
static_assert(std::is_same_v<swizzled_tile<float, 64, 64>::swizzle, xor_swizzle<5, 2, 6>>);
static_assert(counts_are_its_walks<gfx950_swizzled>(rows_cols{}));
static_assert(gfx950_swizzled::ideal == 64 + 64, "64-lane warps: one access a row and a column");

// The checks walk a tile's architecture (NVIDIA for a typed_layout that names none): NVIDIA's
// padding is 2-way on gfx950.
using by_blocks = thread_block<32, 8, op_kind::load, true>;
static_assert(is_conflict_free_v<nvidia_columns, by_blocks> && is_conflict_free_v<gfx950_columns, by_blocks>);
static_assert(is_conflict_free_v<typed_layout<nvidia_columns::layout, float>, by_blocks>);
static_assert(!is_conflict_free_v<typed_layout<nvidia_columns::layout, float, arch::gfx950_t>, by_blocks>);
static_assert(assert_conflict_free<gfx950_columns, by_blocks>());
static_assert(assert_conflict_free<gfx950_swizzled, row_segments<>, column_segments<>>());
// Without the swizzle's sixth bit, gfx950's 64-lane columns conflict: NVIDIA's choice is not gfx950's.
static_assert(!is_conflict_free_v<typed_layout<swizzled_tile<float, 64, 64>::layout, float, arch::gfx950_t>,
                                  column_segments<>>);

// Architectures of one's own, as types.
static_assert(same_as_choose_padding<float, 48, 48, banks_48_t>(rows_cols{}));
static_assert(same_as_choose_padding<double, 32, 32, wide_banks_t>(rows_cols{}));
static_assert(same_as_choose_swizzle<float, 32, 32, wide_banks_t>(rows_cols{}));
static_assert(std::is_same_v<padded_tile<float, 32, 32, rows_cols, wide_banks_t>::arch_type, wide_banks_t>);

// The bounded searches choose what choose finds walking every candidate whole, on each architecture.
namespace {
template <class T, int R, int C, class Accesses, class Arch>
constexpr bool same_bounded_padding() {
  return bankcheck_test::same_choice<detail::paddings, padded_tile<T, R, C, Accesses, Arch>, Accesses>();
}
template <class T, int R, int C, class Accesses, class Arch>
constexpr bool same_bounded_swizzle() {
  return bankcheck_test::same_choice<detail::swizzles, swizzled_tile<T, R, C, Accesses, Arch>, Accesses>();
}
}  // namespace
using vector_rows_cols = mp_list<row_segments<op_kind::load, 2>, column_segments<>>;
static_assert(same_bounded_padding<float, 64, 64, columns_by_blocks, arch::gfx950_t>(), "free at padding 2");
static_assert(same_bounded_padding<double, 32, 20, vector_rows_cols, arch::rdna3_t>(), "none free: 2-way");
static_assert(same_bounded_padding<char, 32, 17, rows_cols, banks_48_t>());
static_assert(same_bounded_swizzle<double, 16, 20, vector_rows_cols, arch::gfx942_t>(), "none free: 2-way");
static_assert(same_bounded_swizzle<double, 16, 20, vector_rows_cols, arch::gfx950_t>());
static_assert(same_bounded_swizzle<float, 16, 24, mp_list<column_segments<op_kind::store>>, arch::rdna4_t>());
static_assert(same_bounded_swizzle<double, 32, 20, rows_cols, wide_banks_t>());
static_assert(!padded_tile<double, 32, 20, vector_rows_cols, arch::rdna3_t>::conflict_free);
static_assert(!swizzled_tile<double, 16, 20, vector_rows_cols, arch::gfx942_t>::conflict_free);

// The walks take such a type as a value too, converting it as the choosers do (analyze_tile and
// analyze_pattern did not compile with one): the same report as from its architecture.
static_assert(analyze_tile<column_segments<>, float>(row_major<32, 32, 48>{}, banks_48_t{}).degree() == 32);
static_assert(analyze_tile<column_segments<>, float>(row_major<32, 32, 49>{}, banks_48_t{}).conflict_free());
static_assert(analyze_pattern<column_segments<>>(tile_shape{4, 32, 32}, [](int r, int c) { return 4 * (48 * r + c); },
                                                 banks_48_t{})
                  .degree() == 32);

TEST_CASE("the walks take an architecture type of one's own as its architecture") {
  for (const int pitch : {32, 33, 40, 48, 49, 56, 64}) {
    INFO("pitch " << pitch);
    const auto offset = [pitch](int r, int c) { return 4LL * (pitch * r + c); };
    const tile_report by_type = analyze_pattern(dynamic_thread_block{16, 16}, tile_shape{4, 32, 32}, offset, banks_48_t{});
    const tile_report by_value =
        analyze_pattern(dynamic_thread_block{16, 16}, tile_shape{4, 32, 32}, offset, architecture(banks_48_t{}));
    CHECK(by_type.wavefronts == by_value.wavefronts);
    CHECK(by_type.worst_access == by_value.worst_access);
    CHECK(by_type.worst.worst.lane_b == by_value.worst.worst.lane_b);
  }
}

TEST_CASE("padded_tile and swizzled_tile on other architectures make the run-time choosers' choices") {
  boost::mp11::mp_for_each<mp_list<arch::gfx942_t, arch::gfx950_t, arch::rdna3_t, arch::rdna4_t, banks_48_t,
                                   wide_banks_t>>([](auto a) {
    using A = decltype(a);
    INFO(architecture(a).name);
    boost::mp11::mp_for_each<mp_list<char, short, float, double, bytes16>>([](auto t) {
      using T = decltype(t);
      INFO(sizeof(T) << "-byte elements");
      CHECK(same_as_choose_padding<T, 32, 48, A>(rows_cols{}));
    });
    CHECK(same_as_choose_swizzle<short, 32, 48, A>(rows_cols{}));
    CHECK(same_as_choose_swizzle<double, 32, 48, A>(rows_cols{}));
  });
  // ldmatrix is NVIDIA's: the GEMM tile on NVIDIA, given as a type.
  CHECK(same_as_choose_padding<short, 128, 32, arch::nvidia_t>(gemm{}));
  CHECK(same_as_choose_swizzle<short, 128, 32, arch::nvidia_t>(gemm{}));
}
