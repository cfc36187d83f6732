// SPDX-License-Identifier: BSL-1.0
// The single header compiles alone, with only Boost.Mp11 besides it (ctest checks that the compiler
// read nothing from include/bankcheck/), twice (its include guard), and gives the library's answers.
#include "bankcheck.hpp"
#include "bankcheck.hpp"

#ifndef BANKCHECK_VERSION
#error "bankcheck.hpp defines no BANKCHECK_VERSION"
#endif

namespace bc = bankcheck;

// A warp reads a column of float s[32][32]: lane l reads word 32 * l, all in bank 0.
static_assert(bc::conflict_degree([](int lane) { return 32 * lane; }) == 32);
// Every lane loads the same float4: the load merge rule serves it in 2 wavefronts.
static_assert(bc::analyze([](int) { return 0; }, bc::load(16)).wavefronts == 2);
// The tiles choose: one float of padding; the word column XOR the row.
static_assert(bc::padded_tile<float, 32, 32>::padding == 1);
static_assert(bc::assert_conflict_free<bc::padded_tile<float, 32, 32>, bc::row_segments<>, bc::column_segments<>>());
static_assert(bc::swizzled_tile<float, 32, 32>::swizzle::shift == 5 && bc::swizzled_tile<float, 32, 32>::degree == 1);
static_assert(bc::is_conflict_free_v<bc::typed_layout<bc::row_major<32, 32, 33>, float>, bc::column_segments<>>);
static_assert(!bc::is_conflict_free_v<bc::typed_layout<bc::row_major<32, 32>, float>, bc::column_segments<>>);

// mdspan.hpp and exchange.hpp, which bankcheck.hpp leaves out, are in the single header too.
struct extents_32x32 {  // the least an extents type offers: the layouts need no mdspan header
  using index_type = int;
  using size_type = unsigned;
  using rank_type = unsigned;
  static constexpr rank_type rank() noexcept { return 2; }
  static constexpr rank_type rank_dynamic() noexcept { return 0; }
  static constexpr unsigned static_extent(rank_type) noexcept { return 32; }
  constexpr index_type extent(rank_type) const noexcept { return 32; }
};
static_assert(bc::layout_right_conflict_free<float>::mapping<extents_32x32>::pitch == 33);
static_assert(bc::analyze<float>(bc::layout_swizzled<float>::mapping<extents_32x32>{}, bc::column_segments<>{}).conflict_free());
static_assert(bc::exchange_padding<double, 8, 128>::group == 16 && bc::exchange_padding<double, 8, 128>::bytes == 8);
static_assert(bc::analyze_exchange<double, 8, 128>(bc::cub_exchange_layout(8, 8)).degree() == 2);

int main() {
  // At run time too: a bad width is an error code, not a count.
  const bc::report r = bc::analyze([](int lane) { return 4 * lane; }, bc::access{bc::op_kind::load, 3, 0});
  return r.error == bc::errc::access_width_must_be_1_2_4_8_or_16 && r.wavefronts == 0 ? 0 : 1;
}
