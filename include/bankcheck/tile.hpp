// SPDX-License-Identifier: BSL-1.0
// bankcheck: what a pattern costs over a whole tile, warp-access by warp-access.
#ifndef BANKCHECK_TILE_HPP
#define BANKCHECK_TILE_HPP

#include <cstdint>

#include <bankcheck/analyze.hpp>
#include <bankcheck/arch.hpp>
#include <bankcheck/config.hpp>
#include <bankcheck/error.hpp>
#include <bankcheck/pattern.hpp>
#include <bankcheck/report.hpp>

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
  // The worst warp-access's degree (1 when conflict-free).
  BANKCHECK_HOST_DEVICE constexpr int degree() const noexcept { return worst.degree; }
};

// The cost of Pattern over a tile of `shape` whose element (r, c) lies at byte offset
// byte_offset(r, c) from a base aligned to the bank row (128 bytes on NVIDIA; 1024 for the
// TMA swizzles). Bad input fails constant evaluation naming the rule, as analyze does.
// Example: analyze_pattern<column_segments<>>({4, 32, 32}, [](int r, int c) { return 4 * (33 * r + c); })
//          -> 32 accesses, 32 wavefronts, conflict-free
BANKCHECK_CALLS_USER_CODE
template <class Pattern, class ByteOffset, class Arch = arch::nvidia_t>
BANKCHECK_HOST_DEVICE constexpr tile_report analyze_pattern(const tile_shape& shape, ByteOffset byte_offset,
                                                            Arch arch = {}) {
  tile_report t{};
  const access op = Pattern::op(shape);
  if (op.is_matrix() && (shape.bytes != 2 || shape.rows % 8 != 0 || shape.cols % 8 != 0 ||
                         shape.rows / 8 * (shape.cols / 8) % op.matrices != 0))
    return t.error = violated::matrix_tiles_need_2_byte_elements_and_whole_8x8_sub_tiles(), t;
  // Elements a lane touches along its row: a vector, or a 16-byte matrix row.
  const int run = op.bytes / shape.bytes > 1 ? op.bytes / shape.bytes : 1;
  const int count = Pattern::accesses(shape);
  for (int k = 0; k < count; ++k) {
    const std::uint64_t lanes = Pattern::lanes(shape, k);
    if (lanes == 0) continue;
    bool outside = false;
    const report r = bankcheck::analyze(
        [&](int lane) -> long long {
          const element e = Pattern::at(shape, k, lane);
          outside = outside || e.row < 0 || e.row >= shape.rows || e.col < 0 || e.col + run > shape.cols;
          return outside ? 0 : static_cast<long long>(byte_offset(e.row, e.col));
        },
        op, lanes, arch);
    if (outside) return tile_report{violated::pattern_indexes_outside_the_tile()};
    if (!r.ok()) return tile_report{r.error};
    ++t.accesses;
    t.wavefronts += r.wavefronts;
    t.ideal += r.ideal;
    if (t.worst_access < 0 || r.conflicts() > t.worst.conflicts()) t.worst_access = k, t.worst = r;
  }
  return t;
}

// The cost of Pattern over a tile of T laid out by `layout` (a mapping with static rows and
// cols and operator()(r, c) giving element offsets).
// Example: analyze_tile<column_segments<>, float>(row_major<32, 32, 33>{}).conflict_free() -> true
BANKCHECK_CALLS_USER_CODE
template <class Pattern, class T, class Layout, class Arch = arch::nvidia_t>
BANKCHECK_HOST_DEVICE constexpr tile_report analyze_tile(const Layout& layout, Arch arch = {}) {
  return analyze_pattern<Pattern>(
      tile_shape{static_cast<int>(sizeof(T)), Layout::rows, Layout::cols},
      [&layout](int r, int c) { return static_cast<long long>(layout(r, c)) * static_cast<long long>(sizeof(T)); },
      arch);
}

}  // namespace bankcheck

#endif
