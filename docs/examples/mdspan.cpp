// SPDX-License-Identifier: BSL-1.0
// The examples of docs/reference.md for bankcheck/mdspan.hpp (ctest builds and runs this file).
// They use cuda::std::mdspan (libcu++, include/cccl in CUDA 13): docs/CMakeLists.txt puts it on the
// include path and defines BANKCHECK_DOCS_CUDA_STD_MDSPAN when it finds it. Without it the layouts'
// facts are checked over a minimal extents type of this file (the layouts need no mdspan header),
// the parts that need cuda::std are left out, and ctest says so (docs:example:mdspan:cuda-std, skipped).
#include <cstddef>
#include <type_traits>

#include <bankcheck/check.hpp>
#include <bankcheck/mdspan.hpp>
#include <bankcheck/pattern.hpp>

#if defined(BANKCHECK_DOCS_CUDA_STD_MDSPAN)
// [extents]
#include <cuda/std/mdspan>

using tile = cuda::std::extents<int, 32, 32>;  // float[32][32]
// [extents]
#else
// The least an extents type offers (as tests/mdspan.test.cpp's plain_extents).
struct tile {
  using index_type = int;
  using size_type = unsigned;
  using rank_type = std::size_t;
  static constexpr rank_type rank() noexcept { return 2; }
  static constexpr rank_type rank_dynamic() noexcept { return 0; }
  static constexpr std::size_t static_extent(rank_type) noexcept { return 32; }
  constexpr index_type extent(rank_type) const noexcept { return 32; }
};
#endif

using namespace bankcheck;

// [layout_right_conflict_free]
using padded_map = layout_right_conflict_free<float>::mapping<tile>;  // float[32][33]
static_assert(padded_map::pitch == 33 && padded_map::padding == 1 && padded_map::conflict_free);
static_assert(padded_map{}(2, 5) == 2 * 33 + 5 && padded_map{}.required_span_size() == 31 * 33 + 32);
static_assert(padded_map{}.stride(0) == 33 && padded_map{}.stride(1) == 1);
static_assert(!padded_map::is_always_exhaustive());  // the padding is never touched
static_assert(is_conflict_free_v<padded_map, row_segments<>, column_segments<>>);
// [layout_right_conflict_free]

// [layout_swizzled]
using swizzled_map = layout_swizzled<float>::mapping<tile>;  // float[32][32], byte addresses swizzled
static_assert(std::is_same_v<swizzled_map::swizzle, xor_swizzle<5, 2, 5>> && swizzled_map::alignment == 1024);
// (1, 0) is byte 128; the swizzle XORs its row bits 7..11 into bits 2..6: byte 132, element 33.
static_assert(swizzled_map{}(1, 0) == 33 && swizzled_map{}(0, 1) == 1);
static_assert(swizzled_map{}.required_span_size() == 32 * 32 && swizzled_map::is_always_exhaustive());
static_assert(!swizzled_map::is_always_strided());  // offsets are no r * stride(0) + c * stride(1)
static_assert(is_conflict_free_v<swizzled_map, row_segments<>, column_segments<>>);
// [layout_swizzled]

#if defined(BANKCHECK_DOCS_CUDA_STD_MDSPAN)
// [analyze]
// cuda::std's layout_right: 32 column reads of 32 wavefronts; layout_left reads columns contiguously.
using cuda::std::layout_left, cuda::std::layout_right;
static_assert(analyze<float>(layout_right::mapping<tile>{}, column_segments<>{}).wavefronts == 32 * 32);
static_assert(analyze<float>(layout_left::mapping<tile>{}, column_segments<>{}).wavefronts == 32);
// A pitch of 33 through layout_stride costs what layout_right_conflict_free's does.
constexpr cuda::std::layout_stride::mapping<tile> strided(tile{}, cuda::std::array<int, 2>{33, 1});
static_assert(analyze<float>(strided, column_segments<>{}).wavefronts == 32);
static_assert(analyze<float>(padded_map{}, column_segments<>{}).wavefronts == 32);
// [analyze]

int main() {
  // [mdspan]
  // In a kernel: __shared__ instead of static.
  alignas(padded_map::alignment) static float s[padded_map{}.required_span_size()];
  alignas(swizzled_map::alignment) static float w[swizzled_map{}.required_span_size()];
  cuda::std::mdspan<float, tile, layout_right_conflict_free<float>> a(s);
  cuda::std::mdspan<float, tile, layout_swizzled<float>> b(w);
  a(2, 5) = 1.0f;  // s[71]
  b(1, 0) = 2.0f;  // w[33]
  // [mdspan]
  return s[71] == 1.0f && w[33] == 2.0f && a.stride(0) == 33 && b.is_exhaustive() ? 0 : 1;
}
#else
int main() {}
#endif
