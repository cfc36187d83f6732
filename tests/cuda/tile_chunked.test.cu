// SPDX-License-Identifier: BSL-1.0
// analyze_pattern_v under nvcc, without --expt-relaxed-constexpr or --extended-lambda: a lambda
// layout at namespace scope (a __host__ function to nvcc) and a __host__ __device__ functor,
// their chunked reports checked at namespace scope and inside a kernel.
#include <bankcheck/pattern.hpp>
#include <bankcheck/tile.hpp>

namespace bc = bankcheck;

inline constexpr auto padded = [](int r, int c) { return 4 * (r * 129 + c); };

struct plain_layout {
  __host__ __device__ constexpr long long operator()(int r, int c) const { return 4LL * (r * 128 + c); }
};
inline constexpr plain_layout plain{};

// 512 column reads of float[128][128]: four chunks.
static_assert(bc::analyze_pattern_v<bc::column_segments<>, float, 128, 128, padded>.conflict_free(), "padded columns");
static_assert(bc::analyze_pattern_v<bc::column_segments<>, float, 128, 128, plain>.wavefronts == 512 * 32,
              "unpadded columns: 32 wavefronts each");

__global__ void chunked_report_in_kernel(int* out) {
  constexpr bc::tile_report columns = bc::analyze_pattern_v<bc::column_segments<>, float, 128, 128, plain>;
  static_assert(columns.degree() == 32 && columns.worst_access == 0, "32-way, the first access on a tie");
  static_assert(bc::analyze_pattern_v<bc::row_segments<>, float, 128, 128, padded, bc::arch::gfx942_t>.conflict_free(),
                "rows on wave64");
  constexpr int worst_lane = columns.worst.worst.lane_b;
  out[threadIdx.x] = worst_lane + bc::analyze_pattern_v<bc::column_segments<>, float, 128, 128, padded>.accesses;
}
