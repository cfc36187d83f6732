// SPDX-License-Identifier: BSL-1.0
// bankcheck: mdspan layout policies whose mappings are padded_tile's and swizzled_tile's choices,
// for std::mdspan and cuda::std::mdspan (no mdspan header needed: any extents type works), and
// analyze(mapping, pattern) for any rank-2 mdspan layout mapping.
#ifndef BANKCHECK_MDSPAN_HPP
#define BANKCHECK_MDSPAN_HPP

#include <bankcheck/arch.hpp>
#include <bankcheck/config.hpp>
#include <bankcheck/detail/integral.hpp>
#include <bankcheck/layout.hpp>
#include <bankcheck/padded_tile.hpp>
#include <bankcheck/pattern.hpp>
#include <bankcheck/swizzled_tile.hpp>
#include <bankcheck/tile.hpp>

namespace bankcheck {

namespace detail {
// The largest value of an integer type I (an extents' index_type, signed or unsigned).
template <class I>
BANKCHECK_HOST_DEVICE constexpr unsigned long long largest_index() noexcept {
  static_assert(integer<I>::kind != 0, "bankcheck mdspan layouts: the extents' index_type must be an integer type.");
  return integer<I>::kind == 2                      ? (1ULL << (8 * sizeof(I) - 1)) - 1
         : sizeof(I) >= sizeof(unsigned long long) ? ~0ULL
                                                   : (1ULL << (8 * sizeof(I))) - 1;
}

// Whether an index of any integer type is 0 .. 2^31 - 1 (a negative one converts to more).
template <class I>
BANKCHECK_HOST_DEVICE constexpr bool fits_int(I x) noexcept {
  return static_cast<unsigned long long>(x) <= static_cast<unsigned long long>(int_max);
}

// What the policies' mappings share: the extents (static, rank 2) and LayoutMapping's members
// that do not depend on the offsets. Tile is padded_tile or swizzled_tile for those extents.
template <class Policy, class Extents, class Tile>
class tile_mapping {
 public:
  using extents_type = Extents;
  using index_type = typename Extents::index_type;
  using size_type = typename Extents::size_type;
  using rank_type = typename Extents::rank_type;
  using layout_type = Policy;
  // For is_conflict_free_v and analyze_tile: the bankcheck layout and element type, the
  // architecture the layout was chosen for (which the checks walk), and the patterns it was
  // chosen for (which the checks walk where they name none).
  using layout = typename Tile::layout;
  using value_type = typename Tile::value_type;
  using arch_type = typename Tile::arch_type;
  using accesses = typename Tile::accesses;
  // The chooser's facts: the declared accesses' cost, summed over the tile.
  static constexpr long long wavefronts = Tile::wavefronts;
  static constexpr long long ideal = Tile::ideal;
  static constexpr int degree = Tile::degree;
  static constexpr bool conflict_free = Tile::conflict_free;
  // The extents' index_type holds R x C, not always the padded or swizzled span: a narrower one
  // would wrap the offsets (a 15 x 8 float tile, padded to pitch 9, spans 134 > 127).
  static_assert(static_cast<unsigned long long>(layout::required_span_size()) <= largest_index<index_type>(),
                "bankcheck mdspan layouts: the span must fit the index_type of the extents (the padded or swizzled "
                "span can exceed rows x columns).");

  constexpr tile_mapping() noexcept = default;
  // Implicit, as the standard layouts' mappings are (mdspan converts extents to a mapping).
  // cppcheck-suppress noExplicitConstructor
  BANKCHECK_HOST_DEVICE constexpr tile_mapping(const extents_type& e) noexcept : extents_(e) {}

  BANKCHECK_HOST_DEVICE constexpr const extents_type& extents() const noexcept { return extents_; }
  // Offset of element (r, c): what Tile's layout gives.
  template <class I0, class I1>
  BANKCHECK_HOST_DEVICE constexpr index_type operator()(I0 r, I1 c) const noexcept {
    return static_cast<index_type>(layout{}(static_cast<int>(r), static_cast<int>(c)));
  }
  BANKCHECK_HOST_DEVICE constexpr index_type required_span_size() const noexcept {
    return static_cast<index_type>(layout::required_span_size());
  }
  BANKCHECK_HOST_DEVICE static constexpr bool is_always_unique() noexcept { return true; }
  BANKCHECK_HOST_DEVICE static constexpr bool is_always_exhaustive() noexcept {
    return layout::required_span_size() == layout::rows * layout::cols;
  }
  BANKCHECK_HOST_DEVICE constexpr bool is_unique() const noexcept { return true; }
  BANKCHECK_HOST_DEVICE constexpr bool is_exhaustive() const noexcept { return is_always_exhaustive(); }
  // Static extents: two mappings of one type are always equal.
  BANKCHECK_HOST_DEVICE friend constexpr bool operator==(const tile_mapping&, const tile_mapping&) noexcept { return true; }
  BANKCHECK_HOST_DEVICE friend constexpr bool operator!=(const tile_mapping&, const tile_mapping&) noexcept { return false; }

 private:
  extents_type extents_{};
};

template <class Extents, int Rank>
struct static_rank2 {
  static_assert(Rank == 2, "bankcheck mdspan layouts: the extents must have rank 2 (rows, columns).");
  static_assert(Rank != 2 || Extents::rank_dynamic() == 0,
                "bankcheck mdspan layouts: the extents must be static (the layout is chosen at compile time).");
  static constexpr bool ok = Rank == 2 && Extents::rank_dynamic() == 0;  // else 1 x 1, so only the above is reported
  // Not cut to int: 2^32 + 32 rows made a 32-row tile.
  static_assert(!ok || (fits_int(Extents::static_extent(0)) && fits_int(Extents::static_extent(ok ? 1 : 0))),
                "bankcheck mdspan layouts: the extents must fit in int (at most 2^31 - 1).");
  static constexpr int rows = ok ? static_cast<int>(Extents::static_extent(0)) : 1;
  static constexpr int cols = ok ? static_cast<int>(Extents::static_extent(ok ? 1 : 0)) : 1;
};
}  // namespace detail

// A layout policy: row-major with rows padded as padded_tile<T, R, C, Accesses, Arch> pads them,
// for static extents R x C: mapping(r, c) = r * pitch + c. Align the data to `alignment` bytes.
// Example: layout_right_conflict_free<float>::mapping<extents<int, 32, 32>>::pitch -> 33;
//          mapping(2, 5) -> 71
template <class T, class Accesses = rows_and_columns, class Arch = arch::nvidia_t>
struct layout_right_conflict_free {
  template <class Extents>
  class mapping
      : public detail::tile_mapping<layout_right_conflict_free, Extents,
                                    padded_tile<T, detail::static_rank2<Extents, Extents::rank()>::rows,
                                                detail::static_rank2<Extents, Extents::rank()>::cols, Accesses, Arch>> {
    using tile = padded_tile<T, detail::static_rank2<Extents, Extents::rank()>::rows,
                             detail::static_rank2<Extents, Extents::rank()>::cols, Accesses, Arch>;
    using base = detail::tile_mapping<layout_right_conflict_free, Extents, tile>;

   public:
    using typename base::index_type;
    using typename base::rank_type;
    static constexpr int padding = tile::padding;
    static constexpr int pitch = tile::pitch;
    static constexpr int alignment = alignof(tile);

    using base::base;
    BANKCHECK_HOST_DEVICE static constexpr bool is_always_strided() noexcept { return true; }
    BANKCHECK_HOST_DEVICE constexpr bool is_strided() const noexcept { return true; }
    // r = 0: pitch; r = 1: 1.
    BANKCHECK_HOST_DEVICE constexpr index_type stride(rank_type r) const noexcept {
      return static_cast<index_type>(r == 0 ? pitch : 1);
    }
  };
};

// A layout policy: row-major, unpadded, byte addresses through the XOR swizzle swizzled_tile<T,
// R, C, Accesses, Arch> chooses, for static extents R x C: mapping(r, c) = Swizzle((r * C + c) *
// sizeof(T)) / sizeof(T). Align the data to `alignment` bytes (swizzled_tile's: the swizzle's period
// up to 1024).
// Example: layout_swizzled<float>::mapping<extents<int, 32, 32>>::swizzle -> xor_swizzle<5, 2, 5>
template <class T, class Accesses = rows_and_columns, class Arch = arch::nvidia_t>
struct layout_swizzled {
  template <class Extents>
  class mapping
      : public detail::tile_mapping<layout_swizzled, Extents,
                                    swizzled_tile<T, detail::static_rank2<Extents, Extents::rank()>::rows,
                                                  detail::static_rank2<Extents, Extents::rank()>::cols, Accesses, Arch>> {
    using tile = swizzled_tile<T, detail::static_rank2<Extents, Extents::rank()>::rows,
                               detail::static_rank2<Extents, Extents::rank()>::cols, Accesses, Arch>;
    using base = detail::tile_mapping<layout_swizzled, Extents, tile>;

   public:
    using typename base::index_type;
    using typename base::rank_type;
    using swizzle = typename tile::swizzle;
    static constexpr int alignment = tile::alignment;

    using base::base;
    // Strided only without a swizzle (the identity was the best choice).
    BANKCHECK_HOST_DEVICE static constexpr bool is_always_strided() noexcept { return swizzle::bits == 0; }
    BANKCHECK_HOST_DEVICE constexpr bool is_strided() const noexcept { return swizzle::bits == 0; }
    // Precondition: is_strided(). r = 0: C; r = 1: 1.
    BANKCHECK_HOST_DEVICE constexpr index_type stride(rank_type r) const noexcept {
      return static_cast<index_type>(r == 0 ? tile::cols : 1);
    }
  };
};

namespace detail {
template <class M, class = void> struct has_tile_layout { static constexpr bool value = false; };
template <class M>
struct has_tile_layout<M, typename voider<typename M::layout, typename M::value_type>::type> {
  static constexpr bool value = true;
};
// The architecture a mapping was chosen for (the policies' arch_type, as the checks walk it), and
// NVIDIA for any other mapping: analyze's default.
template <class M, class = void> struct mapping_arch { using type = arch::nvidia_t; };
template <class M> struct mapping_arch<M, typename voider<typename M::arch_type>::type> {
  using type = typename M::arch_type;
};
}  // namespace detail

// The cost of Pattern over a rank-2 mdspan mapping of T (any LayoutMapping: std::layout_right,
// layout_left, layout_stride, cuda::std's, the policies above, users' own): element (r, c) at
// byte offset mapping(r, c) * sizeof(T), the pattern's tile being extent(0) x extent(1). The
// policies above are analyzed through their layouts' facts (analyze_tile), and row-major strided
// mappings (stride(1) == 1, rows that do not overlap, stride(0) in int) with row_major's, so a
// large tile costs what a small one does; other mappings access by access. Extents past int are
// tile_shape_is_invalid. On `arch`: by default the architecture a policy's mapping was chosen for
// (its arch_type), NVIDIA for other mappings.
// Example: analyze<float>(std::layout_right::mapping<std::extents<int, 32, 32>>{}, column_segments<>{}).wavefronts -> 1024
//          (32 column reads of 32 wavefronts)
// (element_required: T's message, at no step of the walk's budget.)
BANKCHECK_CALLS_USER_CODE
template <class T, class Mapping, class Pattern,
          class Arch = typename detail::arch_value<typename detail::mapping_arch<Mapping>::type>::type,
          class = typename detail::voider<typename Mapping::extents_type, detail::accesses_of<Pattern>>::type,
          typename detail::element_required<T>::type = 0>
BANKCHECK_HOST_DEVICE constexpr tile_report analyze(
    const Mapping& mapping, const Pattern& pattern,
    Arch arch = detail::arch_of_type<typename detail::mapping_arch<Mapping>::type>::value()) {
  static_assert(Mapping::extents_type::rank() == 2, "analyze: the mapping must have rank 2 (rows, columns).");
  if constexpr (detail::has_tile_layout<Mapping>::value) {
    static_assert(sizeof(typename Mapping::value_type) == sizeof(T), "analyze: the mapping was chosen for another element size.");
    return analyze_tile<T>(pattern, typename Mapping::layout{}, arch);
  } else {
    // Extents past int are refused, not cut to int (2^32 + 32 columns were priced as 32).
    const auto rows = mapping.extents().extent(0), cols = mapping.extents().extent(1);
    if (!detail::fits_int(rows) || !detail::fits_int(cols)) return tile_report{violated::tile_shape_is_invalid()};
    const tile_shape shape{static_cast<int>(sizeof(T)), static_cast<int>(rows), static_cast<int>(cols)};
    // (layout_bytes, not a lambda: nvcc lets it call a mapping of one's own, plain constexpr.)
    detail::layout_bytes<Mapping> offset{&mapping, static_cast<long long>(sizeof(T))};
    if constexpr (Mapping::is_always_strided()) {
      // A row's facts (row_major's) hold where rows do not overlap: a strided mapping need not be
      // unique, and one with stride(0) < extent(1) was priced from its first column alone.
      if (mapping.stride(1) == 1 && mapping.stride(0) >= cols && detail::fits_int(mapping.stride(0)))
        return detail::walk_tile(pattern, shape, offset,
                                 detail::pitched_facts{static_cast<int>(sizeof(T)), static_cast<int>(mapping.stride(0))}, arch);
    }
    return detail::walk_tile(pattern, shape, offset, detail::no_facts{}, arch);
  }
}

}  // namespace bankcheck

#endif
