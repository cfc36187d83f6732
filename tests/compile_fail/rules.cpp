// SPDX-License-Identifier: BSL-1.0
// Misuse that must not compile: each case breaks one rule in a constant expression, and the
// test (tests/CMakeLists.txt) checks that the compiler fails and names the rule.
#include <bankcheck/bankcheck.hpp>
#include <bankcheck/check.hpp>

namespace bc = bankcheck;

#if defined(FAIL_access_width_must_be_1_2_4_8_or_16)
constexpr bc::access op = bc::load(12);
#elif defined(FAIL_matrix_count_must_be_1_2_or_4)
constexpr bc::access op = bc::ldmatrix(3);
#elif defined(FAIL_access_is_invalid)
// ldmatrix rows of 4 bytes, built as an aggregate (ldmatrix() always gives 16).
constexpr bc::report r = bc::analyze([](int lane) { return 8 * lane; }, bc::access{bc::op_kind::ldmatrix, 4, 1});
#elif defined(FAIL_address_must_be_a_multiple_of_the_access_width)
constexpr bc::report r = bc::analyze([](int lane) { return 8 * lane + 4; }, bc::load(8));
#elif defined(FAIL_address_must_not_be_negative)
constexpr bc::report r = bc::analyze([](int lane) { return 4 * lane - 64; }, bc::load(4));
#elif defined(FAIL_address_is_out_of_range)
constexpr int d = bc::conflict_degree([](int lane) { return (~0ull >> 1) + static_cast<unsigned long long>(lane); });
#elif defined(FAIL_lane_mask_must_not_be_empty)
constexpr bc::report r = bc::analyze([](int lane) { return 4 * lane; }, bc::load(4), 0);
#elif defined(FAIL_lane_mask_must_fit_the_warp)
constexpr bc::report r = bc::analyze([](int lane) { return 4 * lane; }, bc::load(4), 0x1ffffffffull);
#elif defined(FAIL_matrix_ops_need_every_lane_of_the_warp)
constexpr bc::report r = bc::analyze([](int lane) { return 16 * lane; }, bc::ldmatrix(1), 0xff);
#elif defined(FAIL_architecture_has_no_matrix_ops)
constexpr bc::report r = bc::analyze([](int lane) { return 16 * lane; }, bc::ldmatrix(1), bc::whole_warp, bc::arch::rdna3);
#elif defined(FAIL_architecture_is_invalid)
constexpr bc::architecture no_banks() {
  bc::architecture a = bc::arch::nvidia;
  a.banks = 0;
  return a;
}
constexpr bc::report r = bc::analyze([](int lane) { return 4 * lane; }, bc::load(4), bc::whole_warp, no_banks());
#elif defined(FAIL_must_return_an_integer_type)
constexpr int d = bc::conflict_degree([](int lane) { return lane * 1.5; });
#elif defined(FAIL_not_bool)
constexpr bc::report r = bc::analyze([](int lane) { return lane > 3; }, bc::load(1));
#elif defined(FAIL_of_64_bits_or_fewer)
constexpr int d = bc::conflict_degree([](int lane) { return static_cast<__int128>(lane) << 70; });
#elif defined(FAIL_S_must_be_at_least_B_in_magnitude)
constexpr int x = bc::xor_swizzle<3, 4, 2>{}(5);
#elif defined(FAIL_M_must_not_be_negative)
constexpr int x = bc::xor_swizzle<3, -1, 3>{}(5);
#elif defined(FAIL_pitch_must_be_at_least_the_number_of_columns)
constexpr int x = bc::row_major<4, 32, 31>{}(1, 1);
#elif defined(FAIL_extents_must_be_positive)
constexpr int x = bc::column_major<0, 32>{}(1, 1);
#elif defined(FAIL_the_extents_must_be_positive)
constexpr int x = bc::padded_tile<float, 0, 32>::pitch;
#elif defined(FAIL_the_element_size_must_be_1)
struct twelve_bytes {
  float v[3];
};
constexpr int x = bc::padded_tile<twelve_bytes, 32, 32>::pitch;
#elif defined(FAIL_the_layout_must_have_static_rows_and_cols)
// A layout of one's own with offsets and a span, but no extents for the walk.
struct no_extents {
  constexpr int operator()(int r, int c) const { return 33 * r + c; }
  static constexpr int required_span_size() { return 33 * 32; }
};
constexpr bc::tile_report r = bc::analyze_tile<float>(bc::column_segments<>{}, no_extents{});
#elif defined(FAIL_the_layout_was_built_for_elements_of_another_size)
// A 128-byte swizzle of 4-byte elements' bytes, walked as a tile of doubles.
constexpr bc::tile_report r =
    bc::analyze_tile<double>(bc::column_segments<>{}, bc::swizzled_bytes<bc::row_major<32, 32>, bc::tma::swizzle_128b, 4>{});
#elif defined(FAIL_swizzled_the_layout_was_built_for_elements_of_another_size)
// The same inside an XOR swizzle of element offsets, which passes the element size on.
constexpr bc::tile_report r = bc::analyze_tile<double>(
    bc::column_segments<>{},
    bc::swizzled<bc::swizzled_bytes<bc::row_major<32, 32>, bc::tma::swizzle_128b, 4>, bc::xor_swizzle<1, 0, 1>>{});
#elif defined(FAIL_the_layout_it_swizzles_was_built_for_elements_of_another_size)
// A swizzle of 8-byte elements' bytes over a swizzle of 4-byte elements' bytes.
constexpr int x =
    bc::swizzled_bytes<bc::swizzled_bytes<bc::row_major<32, 32>, bc::tma::swizzle_128b, 4>, bc::tma::swizzle_64b, 8>{}(1, 1);
#elif defined(FAIL_offset_must_be_of_an_integer_type)
constexpr double x = bc::tma::swizzle_128b{}(1.5);
#elif defined(FAIL_bank_conflict)
// A column read of float[32][32]: warp-access 0, phase 0, bank 0, lanes 0 and 1, words 0 and 32.
static_assert(bc::assert_conflict_free<bc::typed_layout<bc::row_major<32, 32>, float>, bc::row_segments<>,
                                       bc::column_segments<>>());
#elif defined(FAIL_own_bank_conflict)
// A padded_tile checked against its own patterns, float4 rows and columns, for which no padding is
// free: at pitch 132, columns are 4-way (words 0 and 1056 = 8 * 132 in bank 0, lanes 0 and 8).
static_assert(bc::assert_conflict_free<
              bc::padded_tile<float, 32, 128, boost::mp11::mp_list<bc::row_segments<bc::op_kind::load, 4>, bc::column_segments<>>>>());
#elif defined(FAIL_two_phase_bank_conflict)
// A column of double[32][32]: two phases of 16 lanes, each 16-way in banks 0 and 1 (words 0 and
// 64, lanes 0 and 1). The message names the worst phase's degree, 16, not the access's 32 wavefronts.
static_assert(bc::assert_conflict_free<bc::typed_layout<bc::row_major<32, 32>, double>, bc::column_segments<>>());
#elif defined(FAIL_later_access_reported_conflict)
// A walk whose worst access is not its first: row 2 of 4 is stored 32 floats apart (bank 0, words
// 64 and 96), the other rows one after another.
constexpr bc::tile_report rows = bc::analyze_pattern<bc::row_segments<>>(
    bc::tile_shape{4, 4, 32}, [](int r, int c) { return 4 * (32 * r + (r == 2 ? 32 * c : c)); });
static_assert(bc::assert_conflict_free<rows>());
#elif defined(FAIL_own_pattern_accesses_must_be_a_list_of_patterns) || defined(FAIL_own_int_accesses_must_be_a_list_of_patterns)
// A tile of one's own whose ::accesses is one pattern, not a list of them: as a class template of
// types it was taken apart into its arguments, and row_segments<> walked in its place (true); or
// is no pattern at all.
template <class P>
struct transposed : P {
  static constexpr bc::element at(const bc::tile_shape& s, int k, int lane) noexcept {
    const bc::element e = P::at(s, k, lane);
    return bc::element{e.col, e.row};
  }
};
struct own_tile {
  using layout = bc::row_major<32, 32>;
  using value_type = float;
#if defined(FAIL_own_pattern_accesses_must_be_a_list_of_patterns)
  using accesses = transposed<bc::row_segments<>>;
#else
  using accesses = int;
#endif
};
static_assert(bc::assert_conflict_free<own_tile>());
#elif defined(FAIL_T_must_be_aligned_to_16_bytes_or_fewer)
// Items aligned to 32 bytes, which the exchange pads in pieces of 16: item 8 would sit 16 bytes
// past a multiple of 32.
#include <bankcheck/exchange.hpp>
struct alignas(32) eight_floats {
  float v[8];
};
constexpr int alignment = bc::exchange_storage<eight_floats, 8, 128>::alignment;
#elif defined(FAIL_reported_conflict)
// The same column read as analyze's report: warp-access 0, phase 0, bank 0, lanes 0 and 1, words 0 and 32.
constexpr bc::report column = bc::analyze([](int lane) { return 128 * lane; }, bc::load(4));
static_assert(bc::assert_conflict_free<column>());
#elif defined(FAIL_walk_reported_conflict)
// A 16 x 16 thread block over float[64][65]: the worst access's conflict, as assert_conflict_free names it.
constexpr bc::tile_report blocks = bc::analyze_tile<bc::thread_block<16, 16>, float>(bc::row_major<64, 64, 65>{});
static_assert(bc::assert_conflict_free<blocks>());
#elif defined(FAIL_T_must_be_an_element_type)
// void elements, which g++ would walk as 1-byte ones (sizeof(void) is 1 to it).
static_assert(!bc::is_conflict_free_v<bc::typed_layout<bc::row_major<32, 32>, void>, bc::column_segments<>>);
#elif defined(FAIL_walk_T_must_be_an_element_type)
// The same through analyze_tile, and a function type.
constexpr bc::tile_report t = bc::analyze_tile<bc::column_segments<>, void()>(bc::row_major<32, 32>{});
#elif defined(FAIL_chunked_T_must_be_an_element_type)
// analyze_pattern_v over void elements, and padded_tile of them.
inline constexpr auto pitch_33_bytes = [](int r, int c) { return 4 * (33 * r + c); };
constexpr bc::tile_report t = bc::analyze_pattern_v<bc::column_segments<>, void, 32, 32, pitch_33_bytes>;
#elif defined(FAIL_padded_T_must_be_an_element_type)
constexpr int pitch = bc::padded_tile<void, 32, 32>::pitch;
#elif defined(FAIL_exchange_T_must_be_an_element_type)
// A reference as an exchange's item: its size was its referent's.
#include <bankcheck/exchange.hpp>
constexpr bc::exchange_report r = bc::analyze_exchange<float&, 8, 128>(bc::exchange_layout{32, 4});
#elif defined(FAIL_exchange_choice_T_must_be_an_element_type)
#include <bankcheck/exchange.hpp>
constexpr int group = bc::exchange_padding_choice<void, 8, 128>::group;
#elif defined(FAIL_mdspan_T_must_be_an_element_type)
// void over an mdspan mapping: g++ took sizeof(void) for 1.
#include <bankcheck/mdspan.hpp>
struct small_extents {
  using index_type = int;
  using size_type = unsigned;
  using rank_type = unsigned long;
  static constexpr rank_type rank() noexcept { return 2; }
  static constexpr rank_type rank_dynamic() noexcept { return 0; }
  static constexpr unsigned long static_extent(rank_type) noexcept { return 32; }
  constexpr index_type extent(rank_type) const noexcept { return 32; }
};
constexpr bc::tile_report t =
    bc::analyze<void>(bc::layout_right_conflict_free<float>::mapping<small_extents>{}, bc::column_segments<>{});
#elif defined(FAIL_chunked_Pattern_must_be_an_access_pattern)
// A list of patterns given to analyze_pattern_v.
inline constexpr auto pitch_33 = [](int r, int c) { return 4 * (33 * r + c); };
constexpr bc::tile_report t = bc::analyze_pattern_v<bc::rows_and_columns, float, 32, 32, pitch_33>;
#elif defined(FAIL_template_Accesses_must_be_a_list_of_patterns)
// One pattern that is a class template of types, where padded_tile takes a list: not a list of T.
template <class T>
struct typed_columns : bc::column_segments<> {};
constexpr int padding = bc::padded_tile<float, 32, 32, typed_columns<float>>::padding;
#elif defined(FAIL_wide_padded_access_width_must_be_1_2_4_8_or_16)
// An op of a million bytes a lane: its rule, where the padding search had made a million candidates.
struct million_byte_rows : bc::row_segments<> {
  static constexpr bc::access op(const bc::tile_shape&) noexcept { return bc::access{bc::op_kind::load, 1000001, 0}; }
};
constexpr int padding = bc::padded_tile<float, 32, 32, boost::mp11::mp_list<million_byte_rows>>::padding;
#elif defined(FAIL_arch_must_be_an_architecture)
// A number where the architecture goes (a warp size, say).
constexpr bc::report r = bc::analyze([](int lane) { return 4 * lane; }, bc::load(4), bc::whole_warp, 64);
#elif defined(FAIL_explicit_arch_must_be_an_architecture)
// A type that converts to architecture only explicitly: the choosers cannot take it, nor analyze.
struct explicit_banks_48 {
  explicit constexpr operator bc::architecture() const noexcept { return bc::arch::nvidia; }
};
constexpr bc::report r = bc::analyze([](int lane) { return 4 * lane; }, bc::load(4), bc::whole_warp, explicit_banks_48{});
#elif defined(FAIL_choose_explicit_arch_must_be_an_architecture) || defined(FAIL_tile_explicit_arch_must_be_an_architecture) || \
    defined(FAIL_exchange_explicit_arch_must_be_an_architecture)
// The same type given to the choosers and the tiles (their first error was the conversion's, which
// named no rule).
struct explicit_banks_48 {
  explicit constexpr operator bc::architecture() const noexcept { return bc::arch::nvidia; }
};
#if defined(FAIL_choose_explicit_arch_must_be_an_architecture)
constexpr int padding = bc::choose_padding(explicit_banks_48{}, 4, 32, 32, bc::column_segments<>{}).padding;
#elif defined(FAIL_tile_explicit_arch_must_be_an_architecture)
constexpr int padding = bc::padded_tile<float, 32, 32, bc::rows_and_columns, explicit_banks_48>::padding;
#else
#include <bankcheck/exchange.hpp>
constexpr int padding = bc::choose_exchange_padding(explicit_banks_48{}, 8, 8, 8, 128).layout.padding;
#endif
#elif defined(FAIL_tile_nonconst_arch_must_be_an_architecture)
// A type whose operator architecture() is not const: the tiles convert a const value, so the
// message says the operator must be const (it said only "converts", which this type does).
struct nonconst_banks {
  constexpr operator bc::architecture() noexcept { return bc::arch::nvidia; }
};
constexpr int padding = bc::padded_tile<float, 32, 32, bc::rows_and_columns, nonconst_banks>::padding;
#elif defined(FAIL_walk_arch_must_be_an_architecture)
constexpr bc::tile_report t = bc::analyze_tile<bc::column_segments<>, float>(bc::row_major<32, 32>{}, 64);
#elif defined(FAIL_give_at_least_one_pattern)
// No pattern: it would be true of any tile.
static_assert(bc::is_conflict_free_v<bc::typed_layout<bc::row_major<32, 32>, float>>);
#elif defined(FAIL_assert_give_at_least_one_pattern)
static_assert(bc::assert_conflict_free<bc::typed_layout<bc::row_major<32, 32>, float>>());
#elif defined(FAIL_Pattern_must_be_an_access_pattern)
// padded_tile's list of patterns given to a check, which takes them one by one.
static_assert(bc::assert_conflict_free<bc::padded_tile<float, 32, 32>, bc::rows_and_columns>());
#elif defined(FAIL_lanes_Pattern_must_be_an_access_pattern) || defined(FAIL_at_Pattern_must_be_an_access_pattern) || \
    defined(FAIL_count_Pattern_must_be_an_access_pattern) || defined(FAIL_pattern_counts_must_not_be_negative)
// Patterns of one's own: lanes as a double (it was cut to lane 0), elements of a type of its own,
// a count of accesses as a long (narrowed to int), and a negative count (which walked nothing:
// conflict-free).
struct my_element {
  int r, c;
};
struct my_columns {
#if defined(FAIL_lanes_Pattern_must_be_an_access_pattern)
  static constexpr double lanes(const bc::tile_shape&, int) { return 1.5; }
#else
  static constexpr unsigned long long lanes(const bc::tile_shape&, int) { return 0xffffffff; }
#endif
#if defined(FAIL_at_Pattern_must_be_an_access_pattern)
  static constexpr my_element at(const bc::tile_shape&, int k, int lane) { return {lane, k}; }
#else
  static constexpr bc::element at(const bc::tile_shape&, int k, int lane) { return {lane, k}; }
#endif
#if defined(FAIL_pattern_counts_must_not_be_negative)
  static constexpr int accesses(const bc::tile_shape&) { return -1; }
#elif defined(FAIL_count_Pattern_must_be_an_access_pattern)
  static constexpr long accesses(const bc::tile_shape& s) { return s.cols; }
#else
  static constexpr int accesses(const bc::tile_shape& s) { return s.cols; }
#endif
  static constexpr bc::access op(const bc::tile_shape&) { return bc::load(4); }
};
static_assert(bc::is_conflict_free_v<bc::padded_tile<float, 32, 32>, my_columns>);
#elif defined(FAIL_Accesses_must_be_a_list_of_patterns)
// One pattern where padded_tile takes a list.
constexpr int padding = bc::padded_tile<float, 32, 32, bc::column_segments<>>::padding;
#elif defined(FAIL_list_Accesses_must_be_a_list_of_patterns)
// A list whose member is no pattern, and a list of lists.
constexpr int padding = bc::padded_tile<float, 32, 32, boost::mp11::mp_list<int>>::padding;
#elif defined(FAIL_nested_Accesses_must_be_a_list_of_patterns)
constexpr int degree = bc::swizzled_tile<float, 32, 32, boost::mp11::mp_list<bc::rows_and_columns>>::degree;
#elif defined(FAIL_choose_give_at_least_one_pattern)
// A list given to choose_padding, which takes the patterns one by one.
constexpr bc::padding_choice c = bc::choose_padding(4, 32, 32, bc::rows_and_columns{});
#elif defined(FAIL_swizzled_Accesses_must_be_a_list_of_patterns)
constexpr int degree = bc::swizzled_tile<float, 32, 32, bc::column_segments<>>::degree;
#elif defined(FAIL_pattern_indexes_outside_the_tile)
// float4 rows over 30 columns: lane 7 would touch columns 28..31.
constexpr bc::tile_report t = bc::analyze_tile<bc::row_segments<bc::op_kind::load, 4>, float>(bc::row_major<4, 30>{});
#elif defined(FAIL_the_vector_length_must_be_1)
constexpr int n = bc::row_segments<bc::op_kind::load, 3>::accesses(bc::tile_shape{4, 32, 96});
#elif defined(FAIL_vector_access_width_must_be_1_2_4_8_or_16)
// Eight floats a lane: a 32-byte access.
constexpr bc::tile_report t = bc::analyze_tile<bc::row_segments<bc::op_kind::load, 8>, float>(bc::row_major<4, 256>{});
#elif defined(FAIL_offsets_must_return_an_integer_type)
// Byte offsets as doubles (a half-byte off): converted to long long, they were priced with no error.
constexpr bc::tile_report t =
    bc::analyze_pattern<bc::column_segments<>>(bc::tile_shape{4, 32, 32}, [](int r, int c) { return 4.0 * (32 * r + c) + 0.5; });
#elif defined(FAIL_layout_must_return_an_integer_type)
// A layout object whose offsets are doubles.
struct double_offsets {
  static constexpr int rows = 32, cols = 32;
  constexpr double operator()(int r, int c) const { return 33.0 * r + c; }
};
constexpr bc::tile_report t = bc::analyze_tile<bc::column_segments<>, float>(double_offsets{});
#elif defined(FAIL_padded_access_width_must_be_1_2_4_8_or_16)
// Rows of 1024 bytes a lane: no padding keeps them aligned, so padded_tile walks none, and the
// walk of the unpadded tile names the op's rule.
struct kilobyte_rows : bc::row_segments<> {
  static constexpr bc::access op(const bc::tile_shape&) noexcept { return bc::access{bc::op_kind::load, 1024, 0}; }
};
constexpr int x = bc::padded_tile<float, 32, 32, boost::mp11::mp_list<kilobyte_rows>>::pitch;
#elif defined(FAIL_idle_access_width_must_be_1_2_4_8_or_16)
// A pattern of one's own whose accesses have no active lane, with a 3-byte op: nothing is
// analyzed, and the walk names the op's rule itself.
struct idle_pattern {
  static constexpr int accesses(const bc::tile_shape&) noexcept { return 4; }
  static constexpr bc::access op(const bc::tile_shape&) noexcept { return bc::access{bc::op_kind::load, 3, 0}; }
  static constexpr unsigned long long lanes(const bc::tile_shape&, int) noexcept { return 0; }
  static constexpr bc::element at(const bc::tile_shape&, int k, int lane) noexcept { return bc::element{lane % 8, k}; }
};
constexpr bc::tile_report t = bc::analyze_tile<idle_pattern, float>(bc::row_major<8, 8>{});
#elif defined(FAIL_vector_elements_must_be_contiguous)
// float4 rows of a tile whose floats lie 16 bytes apart: no lane's four floats are contiguous.
constexpr bc::tile_report t =
    bc::analyze_pattern<bc::row_segments<bc::op_kind::load, 4>>(bc::tile_shape{4, 4, 128}, [](int r, int c) { return 16 * (128 * r + c); });
#elif defined(FAIL_thread_block_is_invalid)
// A thread block of 64 x 32 = 2048 threads, given as a value.
constexpr bc::tile_report t = bc::analyze_pattern(bc::dynamic_thread_block{64, 32}, bc::tile_shape{4, 64, 64},
                                                  [](int r, int c) { return 4 * (65 * r + c); });
#elif defined(FAIL_at_most_1024_threads)
constexpr int n = bc::thread_block<64, 32>::accesses(bc::tile_shape{4, 64, 64});
#elif defined(FAIL_matrix_tiles_need_2_byte_elements_and_whole_8x8_sub_tiles)
constexpr bc::tile_report t = bc::analyze_tile<bc::matrix_tiles<4>, float>(bc::row_major<16, 64>{});
#elif defined(FAIL_tile_shape_is_invalid)
constexpr bc::tile_report t =
    bc::analyze_pattern<bc::column_segments<>>(bc::tile_shape{4, 65536, 65536}, [](int r, int c) { return 4LL * r + c; });
#elif defined(FAIL_the_offsets_must_fit_in_int)
constexpr int x = bc::row_major<65536, 65536>{}(1, 1);
#elif defined(FAIL_the_swizzled_offsets_must_fit_in_int)
constexpr int x = bc::swizzled<bc::row_major<4, 4>, bc::xor_swizzle<3, 30, 3>>{}(1, 1);
#elif defined(FAIL_the_swizzled_byte_offsets_must_fit_in_int)
constexpr int x = bc::swizzled_bytes<bc::row_major<32768, 32768>, bc::tma::swizzle_128b, 4>{}(1, 1);
#elif defined(FAIL_the_extents_must_be_static)
#include <bankcheck/mdspan.hpp>
// Extents with a run-time extent (as std::dextents<int, 2>): the padding must be chosen at compile time.
struct dynamic_extents {
  using index_type = int;
  using size_type = unsigned;
  using rank_type = unsigned long;
  static constexpr rank_type rank() noexcept { return 2; }
  static constexpr rank_type rank_dynamic() noexcept { return 1; }
  static constexpr unsigned long static_extent(rank_type r) noexcept { return r == 0 ? ~0ul : 32; }
  constexpr index_type extent(rank_type) const noexcept { return 32; }
};
constexpr int x = bc::layout_right_conflict_free<float>::mapping<dynamic_extents>{}(1, 1);
#elif defined(FAIL_the_extents_must_fit_in_int)
#include <bankcheck/mdspan.hpp>
// (2^32 + 32) x 32 floats, static, with size_t indexes: cut to int, a 32 x 32 tile was chosen for it.
struct huge_extents {
  using index_type = unsigned long long;
  using size_type = unsigned long long;
  using rank_type = unsigned long;
  static constexpr rank_type rank() noexcept { return 2; }
  static constexpr rank_type rank_dynamic() noexcept { return 0; }
  static constexpr unsigned long long static_extent(rank_type r) noexcept { return r == 0 ? (1ull << 32) + 32 : 32; }
  constexpr index_type extent(rank_type r) const noexcept { return static_extent(r); }
};
constexpr unsigned long long x = bc::layout_right_conflict_free<float>::mapping<huge_extents>{}(1, 1);
#elif defined(FAIL_the_span_must_fit_the_index_type)
#include <bankcheck/mdspan.hpp>
// 15 x 8 floats fit a signed char's 127; padded to pitch 9 they span 134 (the offsets wrapped).
struct narrow_extents {
  using index_type = signed char;
  using size_type = unsigned char;
  using rank_type = unsigned long;
  static constexpr rank_type rank() noexcept { return 2; }
  static constexpr rank_type rank_dynamic() noexcept { return 0; }
  static constexpr unsigned long static_extent(rank_type r) noexcept { return r == 0 ? 15 : 8; }
  constexpr index_type extent(rank_type r) const noexcept { return r == 0 ? 15 : 8; }
};
constexpr int x = bc::layout_right_conflict_free<float>::mapping<narrow_extents>{}(1, 1);
#elif defined(FAIL_the_lane_accesses_must_fit_in_int)
// 2^22 chars a thread, 1024 threads: 2^32 lane accesses a half, past int.
#include <bankcheck/exchange.hpp>
constexpr bc::exchange_report r = bc::analyze_exchange<char, 1 << 22, 1024>(bc::exchange_layout{32, 0});
#elif defined(FAIL_exchange_shape_is_invalid)
// A 6-byte item aligned to 3 bytes: no type is.
#include <bankcheck/exchange.hpp>
constexpr bc::exchange_choice c = bc::choose_exchange_padding(6, 3, 8, 128);
#elif defined(FAIL_exchange_layout_is_invalid)
// No group of items between paddings: offset would divide by it.
#include <bankcheck/exchange.hpp>
constexpr bc::exchange_report r = bc::analyze_exchange<float, 8, 128>(bc::exchange_layout{0, 4});
#elif defined(FAIL_analyze_exchange_at_most_1024_threads)
// An exchange of 2048 threads: no block has that many (thread_block's rule).
#include <bankcheck/exchange.hpp>
constexpr bc::exchange_report r = bc::analyze_exchange<float, 8, 2048>(bc::exchange_layout{32, 4});
#elif defined(FAIL_exchange_padding_choice_at_most_1024_threads)
#include <bankcheck/exchange.hpp>
constexpr int x = bc::exchange_padding_choice<float, 8, 2048>::group;
#elif defined(FAIL_no_padding_makes_the_exchange_free_of_conflicts)
#include <bankcheck/exchange.hpp>
// 6 floats per thread: blocked stores at stride 6 words; no padding after whole groups helps.
constexpr int x = bc::exchange_padding<float, 6, 128>::bytes;
#elif defined(FAIL_chunked_pattern_indexes_outside_the_tile)
// analyze_pattern_v over columns of float[32][400] whose warp-access 300 (in the third chunk)
// reads column 400: that chunk's constant evaluation fails.
struct columns_but_300 : bc::column_segments<> {
  BANKCHECK_HOST_DEVICE static constexpr bc::element at(const bc::tile_shape&, int k, int lane) {
    return bc::element{lane, k == 300 ? 400 : k};
  }
};
inline constexpr auto offsets = [](int r, int c) { return 4 * (r * 401 + c); };
constexpr bc::tile_report t = bc::analyze_pattern_v<columns_but_300, float, 32, 400, offsets>;
#elif defined(FAIL_chunked_tile_shape_is_invalid)
inline constexpr auto offsets = [](int r, int c) { return 4LL * r + c; };
constexpr bc::tile_report t = bc::analyze_pattern_v<bc::column_segments<>, float, 65536, 65536, offsets>;
#elif defined(FAIL_captured_address_is_out_of_range)
// conflict_degree takes a callable with captures through an array of its words, not through a
// function pointer; the rules are named the same way.
constexpr int d = bc::conflict_degree([k = 1ull](int lane) { return (~0ull >> 1) + k * static_cast<unsigned>(lane); });
#elif defined(FAIL_captured_must_return_an_integer_type)
constexpr int d = bc::conflict_degree([k = 1.5](int lane) { return lane * k; });
#elif defined(FAIL_pointer_must_return_an_integer_type) || defined(FAIL_seed_pointer_must_return_an_integer_type) || \
    defined(FAIL_captured_pointer_must_return_an_integer_type) ||                                              \
    defined(FAIL_offsets_pointer_must_return_an_integer_type) || defined(FAIL_layout_pointer_must_return_an_integer_type)
// Pointers for addresses, from analyze's callable, conflict_degree's (through a function pointer,
// and with captures), a walk's byte offsets and a layout's offsets.
int words[64 * 64];
#if defined(FAIL_pointer_must_return_an_integer_type)
constexpr bc::report r = bc::analyze([](int lane) { return words + lane; }, bc::load(4));
#elif defined(FAIL_seed_pointer_must_return_an_integer_type)
constexpr int d = bc::conflict_degree([](int lane) { return words + lane; });
#elif defined(FAIL_captured_pointer_must_return_an_integer_type)
constexpr int d = bc::conflict_degree([k = 33](int lane) { return words + k * lane; });
#elif defined(FAIL_offsets_pointer_must_return_an_integer_type)
constexpr bc::tile_report t =
    bc::analyze_pattern<bc::column_segments<>>(bc::tile_shape{4, 32, 32}, [](int r, int c) { return words + 32 * r + c; });
#else
struct pointer_offsets {
  static constexpr int rows = 32, cols = 32;
  constexpr int* operator()(int r, int c) const { return words + 33 * r + c; }
};
constexpr bc::tile_report t = bc::analyze_tile<bc::column_segments<>, float>(pointer_offsets{});
#endif
#elif defined(FAIL_void_must_return_an_integer_type)
// A forgotten return: through analyze's function pointer, conflict_degree's, and conflict_degree's
// array (captures).
constexpr bc::report r = bc::analyze([](int) {}, bc::load(4));
#elif defined(FAIL_seed_void_must_return_an_integer_type)
constexpr int d = bc::conflict_degree([](int) {});
#elif defined(FAIL_captured_void_must_return_an_integer_type)
int degree_of(int k) { return bc::conflict_degree([k](int) { static_cast<void>(k); }); }
#elif defined(FAIL_captured_of_64_bits_or_fewer)
constexpr int d = bc::conflict_degree([k = 70](int lane) { return static_cast<__int128>(lane) << k; });
#elif defined(FAIL_Arch_must_be_an_architecture)
// padded_tile's Arch is a type that describes an architecture; int does not.
constexpr int x = bc::padded_tile<float, 32, 32, bc::rows_and_columns, int>::pitch;
#elif defined(FAIL_swizzled_Arch_must_be_an_architecture)
constexpr int x = bc::swizzled_tile<float, 32, 32, bc::rows_and_columns, int>::bytes;
#elif defined(FAIL_exchange_Arch_must_be_an_architecture)
// exchange_padding_choice's Arch, as padded_tile's.
#include <bankcheck/exchange.hpp>
constexpr int x = bc::exchange_padding_choice<float, 8, 128, int>::group;
#elif defined(FAIL_choose_exchange_Arch_must_be_an_architecture)
// choose_exchange_padding's Arch, named as a type, as exchange_padding_choice's.
#include <bankcheck/exchange.hpp>
constexpr bc::exchange_choice c = bc::choose_exchange_padding<int>(4, 4, 8, 128);
#elif defined(FAIL_tile_architecture_is_invalid) || defined(FAIL_exchange_architecture_is_invalid)
// An architecture of one's own, as a type, with no banks: the tile's first walk names the rule,
// and the exchange's search, which finds no bank row to try paddings below.
#include <bankcheck/exchange.hpp>
struct no_banks {
  constexpr operator bc::architecture() const noexcept {
    bc::architecture a = bc::arch::nvidia;
    a.banks = 0;
    return a;
  }
};
#if defined(FAIL_tile_architecture_is_invalid)
constexpr int x = bc::swizzled_tile<float, 32, 32, bc::rows_and_columns, no_banks>::rows;
#else
constexpr int x = bc::exchange_padding_choice<float, 8, 128, no_banks>::group;
#endif
#elif defined(FAIL_needs_cxx17)
// Compiled as C++14 (tests/CMakeLists.txt): the first header stops at config.hpp's #error.
#else
#error "define one case"
#endif
