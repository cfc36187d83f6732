// SPDX-License-Identifier: BSL-1.0
// bankcheck: what a pattern costs over a whole tile, warp-access by warp-access.
#ifndef BANKCHECK_TILE_HPP
#define BANKCHECK_TILE_HPP

#include <cstdint>

#include <bankcheck/analyze.hpp>
#include <bankcheck/arch.hpp>
#include <bankcheck/config.hpp>
#include <bankcheck/error.hpp>
#include <bankcheck/layout.hpp>
#include <bankcheck/pattern.hpp>
#include <bankcheck/report.hpp>

BANKCHECK_DETAIL_COMMAS_BEGIN

namespace bankcheck {

// Totals over every warp-access a pattern makes across a tile, and the costliest one.
struct tile_report {
  errc error = errc::none;
  int accesses = 0;           // warp-accesses with an active lane
  long long wavefronts = 0;   // sum of their wavefronts
  long long ideal = 0;        // sum of their ideal wavefronts
  int worst_access = -1;      // the access with the most conflicts (the first, on a tie); -1 if none
  report worst{};             // its report

  BANKCHECK_HOST_DEVICE constexpr bool ok() const noexcept { return error == errc::none; }
  BANKCHECK_HOST_DEVICE constexpr bool conflict_free() const noexcept { return ok() && wavefronts == ideal; }
  BANKCHECK_HOST_DEVICE constexpr long long conflicts() const noexcept { return wavefronts - ideal; }
  // The degree of `worst`, the warp-access with the most conflicts: its worst phase's wavefronts
  // (1 when conflict-free). Another access, of fewer conflicts, can have a phase of more: the
  // degree follows the witness.
  BANKCHECK_HOST_DEVICE constexpr int degree() const noexcept { return worst.degree; }
};

namespace detail {

template <class P, class = void> struct has_grid { static constexpr bool value = false; };
template <class P>
struct has_grid<P, typename voider<decltype(declared<const P&>().grid(declared<const tile_shape&>()))>::type> {
  static constexpr bool value = true;
};
template <class P, class = void> struct has_check { static constexpr bool value = false; };
template <class P>
struct has_check<P, typename voider<decltype(declared<const P&>().check(declared<const tile_shape&>()))>::type> {
  static constexpr bool value = true;
};

// A pattern: what walk_tile asks of one, on the const shape it passes (a grid and a check are
// optional): an op that is an access, a count that is an int (as the grid's counts are: a long
// was narrowed), a lane mask of an integer type (not bool), and elements. (A double mask was cut
// to lane 0, and an op of another type gave errors in the walk.)
void takes_access(const access&) noexcept;    // declared only, for decltype
void takes_element(const element&) noexcept;  // likewise
template <class T, bool = (integer<T>::kind != 0)> struct integer_only {};
template <class T> struct integer_only<T, true> { using type = void; };
template <class T> struct int_only {};
template <> struct int_only<int> { using type = void; };
template <> struct int_only<int&> { using type = void; };
template <> struct int_only<const int&> { using type = void; };
template <> struct int_only<int&&> { using type = void; };
template <class P, class = void> struct is_pattern { static constexpr bool value = false; };
template <class P>
struct is_pattern<
    P, typename voider<decltype(takes_access(declared<const P&>().op(declared<const tile_shape&>()))),
                       typename int_only<decltype(declared<const P&>().accesses(declared<const tile_shape&>()))>::type,
                       typename integer_only<decltype(declared<const P&>().lanes(declared<const tile_shape&>(), 0))>::type,
                       decltype(takes_element(declared<const P&>().at(declared<const tile_shape&>(), 0, 0)))>::type> {
  static constexpr bool value = true;
};
// What a pattern's accesses(s) returns, on the const shape the walks pass (mdspan's analyze tells
// a pattern from an architecture by it).
template <class P> using accesses_of = decltype(declared<const P&>().accesses(declared<const tile_shape&>()));
// Accesses as a list of patterns (padded_tile's and swizzled_tile's Accesses, a tile's ::accesses
// for the checks): a list as it is; one pattern given where a list belongs (a class template of
// types too, if a pattern) as a list of it, so that `given`'s static_assert is the one error.
// List where Ok, else Otherwise: the list read, or the stand-in its reader takes for one that is
// not a list of patterns (the choosers walk column_segments<>, the checks walk nothing).
template <bool Ok, class List, class Otherwise> struct list_or { using type = List; };
template <class List, class Otherwise> struct list_or<false, List, Otherwise> { using type = Otherwise; };
template <class Accesses, bool = is_pattern<Accesses>::value>
struct accesses_list {
  static constexpr bool given = false;
  static constexpr bool patterns = true;  // (given's message says what to give)
  using type = pattern_list<Accesses>;
};
template <template <class...> class List, class... Patterns>
struct accesses_list<List<Patterns...>, false> {
  static constexpr bool given = true;
  // Each of them a pattern (mp_list<int> is none, nor mp_list<rows_and_columns>): else a stand-in,
  // so that `patterns`' static_assert is the one error.
  static constexpr bool patterns = (is_pattern<Patterns>::value && ...);
  using type = typename list_or<patterns, List<Patterns...>, pattern_list<column_segments<>>>::type;
};
// An element type: one that an array can hold (not void, a function or a reference), whose
// sizeof is its bytes (g++ takes sizeof(void) and a function's for 1).
template <class T> char element_test(T (*)[1]);
template <class T> long element_test(...);
template <bool Element, class T> struct element_or_char { using type = T; };
template <class T> struct element_or_char<false, T> { using type = char; };
template <class T>
struct element_required {
  static constexpr bool value = sizeof(element_test<T>(nullptr)) == 1;
  static_assert(value, "bankcheck: T must be an element type (not void, a function or a reference), whose size the "
                       "offsets count in.");
  using type = int;
  // T, or where it is none, char: what sizeof and alignof may take after the static_assert.
  using stand_in = typename element_or_char<value, T>::type;
};
// walk_tile's three overloads: 0, a pattern on an architecture the engine takes (engine_arch); 1,
// a pattern on a type of one's own that converts to one; 2, anything else than a pattern. if_walk
// is int for its Kind, so that the choice costs no step of a constant evaluation's budget.
template <class P, class A> inline constexpr int walk_kind = is_pattern<P>::value ? (engine_arch<A> ? 0 : 1) : 2;
template <class P, class A, int Kind, int = walk_kind<P, A>> struct if_walk {};
template <class P, class A, int Kind> struct if_walk<P, A, Kind, Kind> { using type = int; };
// Instantiated where a walk is given something else, as the one error: its message.
template <class P>
struct pattern_required {
  static_assert(is_pattern<P>::value,
                "bankcheck: Pattern must be an access pattern, a type with op(s) (an access), accesses(s) (an "
                "int), lanes(s, k) (a lane mask of an integer type, not bool) and at(s, k, lane) (an element), as "
                "row_segments<> has. A list of patterns (rows_and_columns) is padded_tile's and swizzled_tile's "
                "Accesses; the checks and the walks take each pattern on its own.");
  static constexpr bool value = is_pattern<P>::value;
};

template <class L, class = void> struct has_extents { static constexpr bool value = false; };
template <class L>
struct has_extents<L, typename voider<decltype(L::rows + L::cols)>::type> {
  static constexpr bool value = true;
};

// An architecture given as a type (padded_tile, swizzled_tile, typed_layout, analyze_pattern_v):
// a built-in description (arch::nvidia_t ...) as it is, its tables static; any other type that
// converts to `architecture` (a user's description, or a class derived from architecture), as the
// architecture its value-initialized object converts to. `ok`: the type converts; value() of one
// that does not is the compile error that says what Arch must be.
template <class Arch>
using architecture_of = decltype(static_cast<architecture>(declared<const Arch&>()));
// The type an Arch value is taken as (the choosers', the tiles'): a built-in tag as it is, anything
// else as an architecture, converted by static_cast. A type that converts only explicitly (an
// explicit operator architecture) is arch_required's error, which names the rule, and then
// converts, so that no other error follows it (the implicit conversion of `arch = given` was the
// first error, and named no rule).
template <class Arch, bool = builtin_arch<Arch>>
struct arch_value {
  using type = Arch;
};
template <class Arch>
struct arch_value<Arch, false> {
  // Instantiates arch_required, whose static_assert is the message; this one always holds, so that
  // the type stays valid after it (naming arch_required's value in the type instead made Clang
  // drop the members that use it, four errors more).
  static_assert(arch_required<Arch>::value || true,  // NOLINT(readability-simplify-boolean-expr)
                "(arch_required's message)");
  using type = architecture;
};
template <class Arch, class = void>
struct arch_of_type {
  static constexpr bool ok = false;
  BANKCHECK_HOST_DEVICE static constexpr architecture value() noexcept {
    static_assert(arch_of_type<Arch>::ok,
                  "bankcheck: Arch must be an architecture: arch::nvidia_t, arch::gfx942_t, arch::gfx950_t, "
                  "arch::rdna3_t, arch::rdna4_t, or a type whose const value converts to bankcheck::architecture "
                  "(a const, non-explicit operator architecture()).");
    return arch::nvidia;  // (a valid one: the walks after the static_assert fail no further)
  }
};
template <class Arch>
struct arch_of_type<Arch, typename voider<architecture_of<Arch>>::type> {
  static constexpr bool ok = true;
  BANKCHECK_CALLS_USER_CODE  // (a user's conversion, plain constexpr)
  BANKCHECK_HOST_DEVICE static constexpr typename arch_value<Arch>::type value() {
    return static_cast<typename arch_value<Arch>::type>(Arch{});
  }
};

// What walk_tile may know of the offsets besides their values: after how many steps of
// (dr, dc) every byte address moves by one multiple of align (0: unknown), and whether they are
// bit fields (bitwise_form). A layout says nothing, or what it says through repeat_after and bitwise.
// vectors_alike: whether every lane's vector (or ldmatrix row) is contiguous when the first
// active lane's is (add_access), as in a layout that describes itself (repeat_after and bitwise),
// for accesses whose bytes the swizzle keeps (walk_tile tests bitwise().keep_bits): a pitch
// moves every vector alike, and an XOR swizzle of the bits above an access's moves an aligned
// vector as a block and leaves a misaligned one misaligned (the address rule, tested at every
// lane).
struct no_facts {
  static constexpr bool vectors_alike = false;
  BANKCHECK_HOST_DEVICE static constexpr long long repeat(int, int, long long) noexcept { return 0; }
  BANKCHECK_HOST_DEVICE static constexpr bitwise_form bitwise() noexcept { return bitwise_form{}; }
};
template <class Layout>
struct layout_facts {
  static constexpr bool vectors_alike = has_repeat<Layout>::value && has_bitwise<Layout>::value;
  const Layout* layout;
  int element_bytes;
  BANKCHECK_CALLS_USER_CODE
  BANKCHECK_HOST_DEVICE constexpr long long repeat(int dr, int dc, long long align) const noexcept {
    if constexpr (has_repeat<Layout>::value) {
      return static_cast<long long>(layout->repeat_after(dr, dc, element_bytes, align));
    } else {
      return 0;
    }
  }
  BANKCHECK_CALLS_USER_CODE
  BANKCHECK_HOST_DEVICE constexpr bitwise_form bitwise() const noexcept {
    if constexpr (has_bitwise<Layout>::value) {
      return layout->bitwise(element_bytes);
    } else {
      return bitwise_form{};
    }
  }
};

// The period, in steps, of one grid index moving (rows, cols) per step, whose accesses stay
// within one step of their origin along that coordinate (the access_grid contract). 1 when the
// offsets are bit fields, the step is a power of two along one coordinate that the other index
// does not move, and the XOR a move makes is a multiple of the access width, on power-of-two
// banks: the words are XORed by one constant, the banks permuted alike, and nothing else
// changes. Otherwise the layout's translation period (0: none known).
template <class Facts>
BANKCHECK_HOST_DEVICE constexpr long long index_period(const Facts& facts, const bitwise_form& form, int rows, int cols,
                                                       int other_rows, int other_cols, int width, int banks,
                                                       long long align) noexcept {
  const bool one_coordinate = (rows == 0) != (cols == 0) && (rows == 0 || other_rows == 0) && (cols == 0 || other_cols == 0);
  if (form.ok && one_coordinate && exact_log2(banks) >= 0) {
    const int step = exact_log2(rows != 0 ? rows : cols);
    const int low = step + (rows != 0 ? form.row_shift : form.col_shift);
    if (step >= 0 && (low < form.keep_bits ? low : form.keep_bits) >= exact_log2(width)) return 1;
  }
  return facts.repeat(rows, cols, align);
}

// The classes of one grid index: j in [0, period) stands for the count(j) indices below `full`
// congruent to it; each of [full, n) (the ragged edge) stands for itself. A period of 0, or one
// not below `full`, makes every index its own class.
struct index_classes {
  int n, full, period;
  BANKCHECK_HOST_DEVICE constexpr index_classes(int n_, int full_, long long p) noexcept
      : n(n_), full(full_ < n_ ? full_ : n_), period(p > 0 && p < full ? static_cast<int>(p) : full) {}
  BANKCHECK_HOST_DEVICE constexpr int next(int j) const noexcept { return j + 1 == period ? full : j + 1; }
  BANKCHECK_HOST_DEVICE constexpr int count(int j) const noexcept { return j < full ? (full - 1 - j) / period + 1 : 1; }
};

// byte_offset(r, c), called (by split_vector; lane_offset calls it likewise) from a
// __host__ __device__ function that nvcc does not check: the user's may be __device__ only
// (written inside a kernel) or __host__ only (at namespace scope).
BANKCHECK_CALLS_USER_CODE
template <class ByteOffset>
BANKCHECK_HOST_DEVICE constexpr long long offset_at(ByteOffset& byte_offset, int r, int c) {
  return static_cast<result_as<decltype(byte_offset(r, c)), long long>>(byte_offset(r, c));
}

// The byte offset of lane `lane` in access k (0, and `outside` set, where its element or the
// `reach` elements of its vector leave the tile): add_access's lambda calls it, so that a
// pattern's `at` and the offsets are called, as offset_at calls them, from a function nvcc does
// not check. A pattern of one's own may have plain constexpr members, __host__ only to nvcc,
// which warned (#20013-D) at every walk in device code without --expt-relaxed-constexpr. (One
// call a lane, as offset_at was: a call of its own for `at` cost a 32 x 32 tile's column walk 128
// clang steps.)
BANKCHECK_CALLS_USER_CODE
template <class Pattern, class ByteOffset>
BANKCHECK_HOST_DEVICE constexpr long long lane_offset(const Pattern& pattern, const tile_shape& shape, int k, int lane,
                                                      int reach, ByteOffset& byte_offset, bool& outside) {
  // (split_vector's offset_at calls come after this, in add_access, with the same byte_offset.)
  static_assert(integer<decltype(byte_offset(0, 0))>::kind != 0, "bankcheck: the byte offset callable (r, c) must "
                "return an integer type of 64 bits or fewer, not bool (a byte offset), as analyze's callable must");
  const element e = pattern.at(shape, k, lane);
  outside = outside || e.row < 0 || e.row >= shape.rows || e.col < 0 || e.col > shape.cols - reach;
  return outside ? 0
                 : static_cast<long long>(static_cast<result_as<decltype(byte_offset(0, 0)), long long>>(
                       byte_offset(e.row, e.col)));
}

// The index type a layout's operator() takes: an mdspan mapping's index_type, else int.
template <class L, class = void> struct index_type_of { using type = int; };
template <class L> struct index_type_of<L, typename voider<typename L::index_type>::type> {
  using type = typename L::index_type;
};
// A layout's (or an mdspan mapping's) byte offsets, for analyze_tile and mdspan's analyze, as a
// class whose call nvcc does not check, where a lambda's would warn for a layout of one's own
// with a plain constexpr operator().
template <class Layout>
struct layout_bytes {
  using index = typename index_type_of<Layout>::type;  // (here, not in the call: a statement is a step)
  const Layout* layout;
  long long bytes;
  BANKCHECK_CALLS_USER_CODE
  BANKCHECK_HOST_DEVICE constexpr long long operator()(int r, int c) const {
    static_assert(integer<decltype((*layout)(static_cast<index>(r), static_cast<index>(c)))>::kind != 0,
                  "bankcheck analyze_tile (or analyze over an mdspan mapping): the layout's operator()(r, c) must "
                  "return an integer type of 64 bits or fewer, not bool (an element offset)");
    return static_cast<result_as<decltype((*layout)(static_cast<index>(r), static_cast<index>(c))), long long>>(
               (*layout)(static_cast<index>(r), static_cast<index>(c))) *
           bytes;
  }
};

// Whether the `reach` elements from e along its row (a lane's vector, or its ldmatrix row) are
// not contiguous: some element i does not lie i elements after the first, so no instruction
// touches them together. Every element is tested: a layout of one's own may keep the last in
// place and move one between (the last alone was tested before, and such a layout passed).
BANKCHECK_CALLS_USER_CODE
template <class ByteOffset>
BANKCHECK_HOST_DEVICE constexpr bool split_vector(ByteOffset& byte_offset, const element& e, int reach, int bytes) {
  // (The differences modulo 2^64, as the engine takes addresses: a user's offsets far apart
  // overflowed a signed subtraction.)
  const unsigned long long first = static_cast<unsigned long long>(offset_at(byte_offset, e.row, e.col));
  for (int i = 1; i < reach; ++i)
    if (static_cast<unsigned long long>(offset_at(byte_offset, e.row, e.col + i)) - first !=
        static_cast<unsigned long long>(i) * static_cast<unsigned>(bytes))
      return true;
  return false;
}

// Whether some lane of `lanes` in access k has a split vector (split_vector), testing the first
// lane only where the others' vectors lie alike (`alike`, walk_tile's).
BANKCHECK_CALLS_USER_CODE
template <class Pattern, class ByteOffset>
BANKCHECK_HOST_DEVICE constexpr bool splits_a_vector(const Pattern& pattern, const tile_shape& shape, std::uint64_t lanes,
                                                     int k, int reach, ByteOffset& byte_offset, bool alike) {
  const int first = lowest_lane(lanes), last = alike ? first : highest_lane(lanes);
  for (int lane = first; lane <= last; ++lane)
    if ((lanes >> lane & 1) && split_vector(byte_offset, pattern.at(shape, k, lane), reach, shape.bytes)) return true;
  return false;
}

// The cost of one warp-access k, added `weight` times; false (and t.error) on bad input.
// An access of vectors (or ldmatrix rows) is tested for contiguous vectors at every active lane,
// or at its first where the others lie alike (`alike`). The test of a lane calls byte_offset
// once more for each element of its vector, after analyze, so accesses of one element a lane pay
// nothing for it. Clang steps through a lambda, the last element tested -> every element: float4
// rows over float[32][128] 47,619 -> 61,955, 8 halves a lane over half[128][32] 36,888 -> 54,296,
// ldmatrix.x4 over half[64][64] 22,389 -> 39,797; over row_major<32, 128, 132>, whose vectors lie
// alike, float4 rows 1,058 -> 1,076 (benchmarks/README.md, fortieth session).
BANKCHECK_CALLS_USER_CODE
template <class Pattern, class ByteOffset, class Arch>
BANKCHECK_HOST_DEVICE constexpr bool add_access(tile_report& t, const Pattern& pattern, const tile_shape& shape, access op,
                                                int reach, bool alike, int k, int weight, ByteOffset& byte_offset,
                                                const Arch& arch) {
  const std::uint64_t lanes = pattern.lanes(shape, k);
  if (lanes == 0) return true;
  bool outside = false;
  const report r = bankcheck::analyze(
      [&](int lane) -> long long { return lane_offset(pattern, shape, k, lane, reach, byte_offset, outside); },
      op, lanes, arch);
  if (outside || !r.ok() ||
      (reach > 1 && splits_a_vector(pattern, shape, lanes, k, reach, byte_offset, alike))) {
    t = tile_report{outside ? violated::pattern_indexes_outside_the_tile()
                    : !r.ok() ? r.error
                              : violated::vector_elements_must_be_contiguous()};
    return false;
  }
  t.accesses += weight;
  t.wavefronts += static_cast<long long>(weight) * r.wavefronts;
  t.ideal += static_cast<long long>(weight) * r.ideal;
  if (t.worst_access < 0 || r.conflicts() > t.worst.conflicts()) t.worst_access = k, t.worst = r;
  return true;
}

// Every warp-access of `pattern` over `shape`, or, where the pattern has a grid and the facts
// give periods (index_period), one access of each class that costs the same, counted once per
// member. Classes are visited in the order of their first members, which are the ones
// analyzed, so the worst access is the one a walk over every access finds.
// With stop_at >= 0 the walk stops once the conflicts reach stop_at: the report then counts
// only the accesses walked so far.
BANKCHECK_CALLS_USER_CODE
template <class Pattern, class ByteOffset, class Facts, class Arch, typename if_walk<Pattern, Arch, 0>::type = 0>
BANKCHECK_HOST_DEVICE constexpr tile_report walk_tile(const Pattern& pattern, const tile_shape& given, ByteOffset& byte_offset,
                                                      const Facts& facts, const Arch& arch, long long stop_at = -1) {
  // The whole architecture, whose scalars the patterns and the periods divide by, before any
  // access (analyze checks the scalars again, with its access's table).
  if constexpr (!builtin_arch<Arch>)  // (not even a call for the built-in ones: each walk pays its steps)
    if (!valid_architecture(arch)) return tile_report{violated::architecture_is_invalid()};
  const tile_shape shape{given.bytes, given.rows, given.cols, arch.warp_size};  // the architecture's warps walk it
  if (shape.rows < 1 || shape.cols < 1 || static_cast<long long>(shape.rows) * shape.cols > int_max || shape.bytes < 1 ||
      shape.bytes > 16)
    return tile_report{violated::tile_shape_is_invalid()};
  if constexpr (has_check<Pattern>::value) {
    const errc e = pattern.check(shape);
    if (static_cast<bool>(e)) return tile_report{e};
  }
  // The op and what the architecture says of it, before any access: a pattern whose accesses
  // have no active lane (or that has none) analyzes nothing, and would report nothing wrong.
  const access op = pattern.op(shape);
  if (const errc e = op.check(); static_cast<bool>(e)) return tile_report{violate_access_rule(e)};
  if (op.is_matrix() && !arch.matrix_ops) return tile_report{violated::architecture_has_no_matrix_ops()};
  // (check() says the count is positive; clang-tidy's analyzer, not looking into it, is told again.)
  if (op.is_matrix() && op.matrices > 0 &&
      (shape.bytes != 2 || shape.rows % 8 != 0 || shape.cols % 8 != 0 ||
       shape.rows / 8 * (shape.cols / 8) % op.matrices != 0))
    return tile_report{violated::matrix_tiles_need_2_byte_elements_and_whole_8x8_sub_tiles()};
  tile_report t{};
  // Elements a lane touches along its row: a vector, or a 16-byte matrix row.
  const int reach = op.bytes / shape.bytes > 1 ? op.bytes / shape.bytes : 1;
  access_grid g{1, pattern.accesses(shape), 1, 0, 0, 0, 0, 0, 0};
  if constexpr (has_grid<Pattern>::value) g = pattern.grid(shape);
  // (A pattern of one's own: a negative count walked nothing, and its tile was conflict-free.)
  if ((g.outer | g.inner | g.warps | g.full_outer | g.full_inner) < 0)
    return tile_report{violated::pattern_counts_must_not_be_negative()};
  // Moving every address of an access by one multiple of a bank's bytes and of the access width
  // costs nothing: the banks rotate alike (bank = word % banks), words shared stay shared,
  // distinct words distinct, aligned addresses aligned, and the phases go by lanes, not
  // addresses (MODEL.md). So a pitched layout's columns, whose addresses differ by a few bytes,
  // are one class, where a period of whole bank rows made a 64 x 64 float tile 32 or 64 classes.
  const long long align = arch.bank_bytes / gcd(arch.bank_bytes, op.bytes) * op.bytes;
  const bitwise_form form = facts.bitwise();
  // The vectors lie alike where the facts say so and the swizzle, if any, keeps the bits inside
  // an access: one that takes some moves a vector's elements apart by its row's bits, in some
  // rows and not in others (swizzled_bytes<row_major<4, 2, 5>, xor_swizzle<1, 2, 2>, 4>, a
  // 16 x 2 block of float2 loads: row 1's vector, bytes 20 and 24, becomes 16 and 28).
  const bool alike = Facts::vectors_alike && form.keep_bits >= exact_log2(op.bytes);
  const index_classes outer(g.outer, g.full_outer,
                            index_period(facts, form, g.outer_rows, g.outer_cols, g.inner_rows, g.inner_cols, op.bytes,
                                         arch.banks, align)),
      inner(g.inner, g.full_inner,
            index_period(facts, form, g.inner_rows, g.inner_cols, g.outer_rows, g.outer_cols, op.bytes, arch.banks, align));
  for (int o = 0; o < outer.n; o = outer.next(o))
    for (int i = 0; i < inner.n; i = inner.next(i))
      for (int w = 0; w < g.warps; ++w)
        if (!add_access(t, pattern, shape, op, reach, alike, (o * g.inner + i) * g.warps + w,
                        outer.count(o) * inner.count(i), byte_offset, arch) ||
            (stop_at >= 0 && t.wavefronts - t.ideal >= stop_at))
          return t;
  return t;
}
// On an architecture of a type of one's own (padded_tile's Arch, say): converted, then walked.
BANKCHECK_CALLS_USER_CODE
template <class Pattern, class ByteOffset, class Facts, class Arch, typename if_walk<Pattern, Arch, 1>::type = 0>
BANKCHECK_HOST_DEVICE constexpr tile_report walk_tile(const Pattern& pattern, const tile_shape& given, ByteOffset& byte_offset,
                                                      const Facts& facts, const Arch& arch, long long stop_at = -1) {
  if constexpr (arch_required<Arch>::value)
    return walk_tile(pattern, given, byte_offset, facts, static_cast<architecture>(arch), stop_at);
  else
    return tile_report{};
}
// Anything else than a pattern: pattern_required's message, and no other error. (An overload, not
// an if constexpr in the walk: a statement is a step of every walk's budget.)
template <class Pattern, class ByteOffset, class Facts, class Arch, typename if_walk<Pattern, Arch, 2>::type = 0>
BANKCHECK_HOST_DEVICE constexpr tile_report walk_tile(const Pattern&, const tile_shape&, ByteOffset&, const Facts&,
                                                      const Arch&, long long = -1) {
  return static_cast<void>(pattern_required<Pattern>::value), tile_report{};
}
}  // namespace detail

// The cost of Pattern over a tile of `shape` whose element (r, c) lies at byte offset
// byte_offset(r, c) from a base aligned to the bank row (128 bytes on NVIDIA; 1024 for the
// TMA swizzles). Bad input fails constant evaluation naming the rule, as analyze does.
// Every warp-access is analyzed: byte_offset is opaque (analyze_tile, given a layout type, can
// do better).
// Example: analyze_pattern<column_segments<>>({4, 32, 32}, [](int r, int c) { return 4 * (33 * r + c); })
//          -> 32 accesses, 32 wavefronts, conflict-free
BANKCHECK_CALLS_USER_CODE
template <class Pattern, class ByteOffset, class Arch = arch::nvidia_t>
BANKCHECK_HOST_DEVICE constexpr tile_report analyze_pattern(const tile_shape& shape, ByteOffset byte_offset,
                                                            Arch arch = {}) {
  return detail::walk_tile(Pattern{}, shape, byte_offset, detail::no_facts{}, arch);
}

// The same, for a pattern given as a value, whose parameters may be chosen at run time.
// Example: analyze_pattern(dynamic_thread_block{bx, by}, {4, 64, 64}, [](int r, int c) { return 4 * (65 * r + c); })
BANKCHECK_CALLS_USER_CODE
template <class Pattern, class ByteOffset, class Arch = arch::nvidia_t>
BANKCHECK_HOST_DEVICE constexpr tile_report analyze_pattern(const Pattern& pattern, const tile_shape& shape,
                                                            ByteOffset byte_offset, Arch arch = {}) {
  return detail::walk_tile(pattern, shape, byte_offset, detail::no_facts{}, arch);
}

// The cost of `pattern` (a pattern given as a value) over a tile of T laid out by `layout` (a
// mapping with static rows and cols and operator()(r, c) giving element offsets). When the layout
// says how it repeats (repeat_after and bitwise, as the library's layouts do) and the pattern has
// a grid (as the library's patterns do), one access per class of equal cost is analyzed: an 8192
// x 8192 tile costs about what a 64 x 64 one does. The report is the same as from analyzing every
// access.
// Example: analyze_tile<float>(dynamic_thread_block{16, 16}, row_major<64, 64, 80>{}).conflict_free() -> true
//          analyze_tile<float>(dynamic_thread_block{16, 16}, row_major<64, 64, 65>{}).degree() -> 2
BANKCHECK_CALLS_USER_CODE
template <class T, class Pattern, class Layout, class Arch = arch::nvidia_t,
          typename detail::element_required<T>::type = 0>  // (its message, at no step of the walk's budget)
BANKCHECK_HOST_DEVICE constexpr tile_report analyze_tile(const Pattern& pattern, const Layout& layout, Arch arch = {}) {
  static_assert(detail::has_extents<Layout>::value,
                "bankcheck analyze_tile: the layout must have static rows and cols, its extents (static "
                "constexpr int rows = R, cols = C; as row_major<R, C> has).");
  static_assert(detail::element_bytes_of<Layout>::value == 0 ||
                    detail::element_bytes_of<Layout>::value == static_cast<long long>(sizeof(T)),
                "bankcheck analyze_tile: the layout was built for elements of another size (swizzled_bytes' "
                "ElementBytes must be sizeof(T), or its swizzle moves other bytes than T's).");
  const tile_shape shape{static_cast<int>(sizeof(T)), Layout::rows, Layout::cols};
  detail::layout_bytes<Layout> offset{&layout, static_cast<long long>(sizeof(T))};
  return detail::walk_tile(pattern, shape, offset, detail::layout_facts<Layout>{&layout, static_cast<int>(sizeof(T))},
                           arch);
}

// The same for a pattern type.
// Example: analyze_tile<column_segments<>, float>(row_major<32, 32, 33>{}).conflict_free() -> true
BANKCHECK_CALLS_USER_CODE
template <class Pattern, class T, class Layout, class Arch = arch::nvidia_t>
BANKCHECK_HOST_DEVICE constexpr tile_report analyze_tile(const Layout& layout, Arch arch = {}) {
  return analyze_tile<T>(Pattern{}, layout, arch);
}

namespace detail {
// Accesses First .. Last - 1 of Pattern, renumbered from 0: a pattern of its own, so one
// constant evaluation of walk_tile can take a part of a tile's accesses.
template <class Pattern, int First, int Last>
struct pattern_slice {
  BANKCHECK_CALLS_USER_CODE
  BANKCHECK_HOST_DEVICE static constexpr errc check(const tile_shape& s) {
    if constexpr (has_check<Pattern>::value) {
      return Pattern::check(s);
    } else {
      return errc::none;
    }
  }
  BANKCHECK_HOST_DEVICE static constexpr int accesses(const tile_shape&) noexcept { return Last - First; }
  BANKCHECK_CALLS_USER_CODE
  BANKCHECK_HOST_DEVICE static constexpr access op(const tile_shape& s) { return Pattern::op(s); }
  BANKCHECK_CALLS_USER_CODE
  BANKCHECK_HOST_DEVICE static constexpr std::uint64_t lanes(const tile_shape& s, int k) { return Pattern::lanes(s, First + k); }
  BANKCHECK_CALLS_USER_CODE
  BANKCHECK_HOST_DEVICE static constexpr element at(const tile_shape& s, int k, int lane) {
    return Pattern::at(s, First + k, lane);
  }
};

// Two reports of consecutive runs of accesses as one: the first error; else the sums, and the
// first worst access (b's only when strictly worse, as add_access keeps the first on a tie).
BANKCHECK_HOST_DEVICE constexpr tile_report join(const tile_report& a, const tile_report& b) noexcept {
  if (!a.ok()) return a;
  if (!b.ok()) return b;
  tile_report t = a;
  t.accesses += b.accesses;
  t.wavefronts += b.wavefronts;
  t.ideal += b.ideal;
  if (b.worst_access >= 0 && (t.worst_access < 0 || b.worst.conflicts() > t.worst.conflicts()))
    t.worst_access = b.worst_access, t.worst = b.worst;
  return t;
}

// Warp-accesses per constant evaluation of analyze_pattern_v. Through add_access a warp-access of a
// chunk costs clang about 870 evaluation steps (padded float columns: 111,051 for 128) to 1,450
// (thread_block, whose lanes() visits every lane): a chunk of 128 takes at most 185,693 of clang's
// default 1,048,576, which leaves the user's byte_offset about 210 steps a call
// (benchmarks/README.md, "Scale of the generic path", forty-fifth session). Small chunks cost
// little: 32 instead of 256 cost 3-5% more at 128 x 128. A lane's vector (or ldmatrix row) of n
// elements is tested element by element, a call each, so a query's chunks take chunk_accesses / n
// accesses (pattern_query::chunk). 16 chars a lane take 3,856 steps an access
// (benchmarks/README.md, fortieth session); over char[256][512], chunks of 128 left a byte_offset
// room for 4 loop iterations a call, chunks of 8 leave 230, one char a lane 226 (forty-first
// session).
inline constexpr int chunk_accesses = 128;

// Accesses First .. Last - 1 of Pattern, numbered as in the whole walk.
template <class Pattern, int First, int Last, class ByteOffset, class Arch>
BANKCHECK_HOST_DEVICE constexpr tile_report walk_slice(tile_shape shape, ByteOffset byte_offset, Arch arch) {
  tile_report t = walk_tile(pattern_slice<Pattern, First, Last>{}, shape, byte_offset, no_facts{}, arch);
  if (t.worst_access >= 0) t.worst_access += First;
  return t;
}

// The query analyze_pattern_v answers; `checked` walks no access, so the shape's rules fail
// first, in a constant evaluation of their own, before the accesses are counted.
template <class Pattern, class T, int Rows, int Cols, const auto& ByteOffset, class Arch>
struct pattern_query {
  static constexpr tile_shape shape{static_cast<int>(sizeof(T)), Rows, Cols,
                                    arch_of_type<Arch>::value().warp_size};  // as walk_tile sets it
  static constexpr tile_report checked = walk_slice<Pattern, 0, 0>(shape, ByteOffset, arch_of_type<Arch>::value());
  static constexpr int accesses = checked.ok() ? Pattern::accesses(shape) : 0;
  // Elements a lane touches (walk_tile's reach), and the accesses walked per constant evaluation.
  static constexpr int reach =
      checked.ok() && Pattern::op(shape).bytes > shape.bytes ? Pattern::op(shape).bytes / shape.bytes : 1;
  static constexpr int chunk = chunk_accesses / reach;
  template <int First, int Last>
  BANKCHECK_HOST_DEVICE static constexpr tile_report walk() {
    return walk_slice<Pattern, First, Last>(shape, ByteOffset, arch_of_type<Arch>::value());
  }
};

// Accesses First .. Last - 1 of the query: at most Query::chunk walked in one constant
// evaluation; more split in halves, each its own evaluation, joined in order. The nesting is
// log2(accesses / chunk) deep: 14 for the 2^21 column reads of an 8192 x 8192 tile.
template <class Query, int First, int Last, bool Leaf = (Last - First <= Query::chunk)>
struct pattern_part {
  static constexpr int middle = First + (Last - First) / 2;
  static constexpr tile_report value =
      join(pattern_part<Query, First, middle>::value, pattern_part<Query, middle, Last>::value);
};
template <class Query, int First, int Last>
struct pattern_part<Query, First, Last, true> {
  static constexpr tile_report value = Query::template walk<First, Last>();
};
// analyze_pattern_v's value: the query's parts; for anything else than a pattern, pattern_required's
// message and no other error.
template <class Pattern, class T, int Rows, int Cols, const auto& ByteOffset, class Arch,
          bool = is_pattern<Pattern>::value>
struct pattern_v {
  using element_checked = typename element_required<T>::type;  // its message, first
  using query = pattern_query<Pattern, T, Rows, Cols, ByteOffset, Arch>;
  static constexpr tile_report value = pattern_part<query, 0, query::accesses>::value;
};
template <class Pattern, class T, int Rows, int Cols, const auto& ByteOffset, class Arch>
struct pattern_v<Pattern, T, Rows, Cols, ByteOffset, Arch, false> {
  static constexpr tile_report value = (static_cast<void>(pattern_required<Pattern>::value), tile_report{});
};
}  // namespace detail

// analyze_pattern<Pattern>({sizeof(T), Rows, Cols}, ByteOffset, Arch{}), the same report, for
// tiles too large for one constant evaluation: the accesses are walked detail::chunk_accesses
// (128) at a time, divided by the elements a lane touches (8 for 16-byte loads of halves), each
// chunk in a constant evaluation of its own with its own step budget, so
// a 1024 x 1024 float tile fits both compilers' default limits. In C++17 a lambda cannot be a
// template argument, but a reference to a constexpr variable holding one can. Bad input fails
// constant evaluation naming the rule, as analyze_pattern does.
// Example: inline constexpr auto padded = [](int r, int c) { return 4 * (r * 1025 + c); };
//          analyze_pattern_v<column_segments<>, float, 1024, 1024, padded>.conflict_free() -> true
//          (32,768 accesses, 32,768 wavefronts)
template <class Pattern, class T, int Rows, int Cols, const auto& ByteOffset, class Arch = arch::nvidia_t>
inline constexpr tile_report analyze_pattern_v = detail::pattern_v<Pattern, T, Rows, Cols, ByteOffset, Arch>::value;
}  // namespace bankcheck

BANKCHECK_DETAIL_COMMAS_END

#endif
