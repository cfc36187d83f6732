// SPDX-License-Identifier: BSL-1.0
// bankcheck's mdspan layout policies with cuda::std::mdspan in device code, under nvcc without
// --expt-relaxed-constexpr or --extended-lambda: a transpose through each, checked conflict-free
// at compile time inside the kernel.
#include <bankcheck/bankcheck.hpp>
#include <bankcheck/mdspan.hpp>

#include <cuda/std/mdspan>

namespace bc = bankcheck;

using tile_extents = cuda::std::extents<int, 32, 32>;
using padded = bc::layout_right_conflict_free<float>;
using swizzled = bc::layout_swizzled<float>;
using padded_mapping = padded::mapping<tile_extents>;
using swizzled_mapping = swizzled::mapping<tile_extents>;

// Namespace-scope facts, checked by nvcc's front end as well.
static_assert(padded_mapping::pitch == 33, "padded by one float");
static_assert(bc::is_conflict_free_v<padded_mapping, bc::row_segments<>, bc::column_segments<>>, "padded");
static_assert(bc::is_conflict_free_v<swizzled_mapping, bc::row_segments<>, bc::column_segments<>>, "swizzled");
static_assert(bc::assert_conflict_free<padded_mapping>() && bc::assert_conflict_free<swizzled_mapping>(),
              "the patterns each was chosen for: rows and columns");
static_assert(bc::analyze<float>(cuda::std::layout_right::mapping<tile_extents>{}, bc::column_segments<>{}).degree() == 32,
              "an unpadded column is 32-way");

template <class Layout>
__device__ void transpose_through(const float* in, float* out) {
  using mapping = typename Layout::template mapping<tile_extents>;
  static_assert(bc::is_conflict_free_v<mapping, bc::row_segments<bc::op_kind::store>, bc::column_segments<>>,
                "rows written, columns read: conflict-free");
  constexpr bc::tile_report columns = bc::analyze<float>(mapping{}, bc::column_segments<>{});
  static_assert(columns.conflict_free() && columns.wavefronts == 32, "32 column reads, 1 wavefront each");
  __shared__ alignas(mapping::alignment) float storage[mapping{}.required_span_size()];
  cuda::std::mdspan<float, tile_extents, Layout> tile(storage);
  const int x = threadIdx.x, y = threadIdx.y;
  for (int r = y; r < 32; r += blockDim.y) tile(r, x) = in[r * 32 + x];
  __syncthreads();
  for (int r = y; r < 32; r += blockDim.y) out[r * 32 + x] = tile(x, r);
}

__global__ void transpose_padded(const float* in, float* out) { transpose_through<padded>(in, out); }
__global__ void transpose_swizzled(const float* in, float* out) { transpose_through<swizzled>(in, out); }

__global__ void mapping_in_kernel(int* out) {
  constexpr padded_mapping m{};
  static_assert(m(2, 5) == 71 && m.stride(0) == 33 && m.required_span_size() == 31 * 33 + 32, "row-major, pitch 33");
  constexpr swizzled_mapping s{};
  static_assert(s(1, 0) == 32 + (0 ^ 1), "Swizzle<5, 2, 5>: word column XOR row");
  out[threadIdx.x] = m(threadIdx.x, 1) + s(1, threadIdx.x) + static_cast<int>(m.extents().extent(0));
}

// A mapping of one's own (plain constexpr, not strided): analyze calls it from a function nvcc
// checked (#20013-D) until the walk's offsets became a class of the library's.
struct pitch_33_mapping {
  using extents_type = tile_extents;
  using index_type = int;
  using rank_type = cuda::std::size_t;
  constexpr extents_type extents() const { return {}; }
  constexpr int operator()(int r, int c) const { return r * 33 + c; }
  static constexpr bool is_always_strided() { return false; }
};
static_assert(bc::analyze<float>(pitch_33_mapping{}, bc::column_segments<>{}).conflict_free(), "pitch 33");

__global__ void user_mapping_in_kernel(long long* out) {
  out[threadIdx.x] = bc::analyze<float>(pitch_33_mapping{}, bc::column_segments<>{}).wavefronts;  // at run time
}
