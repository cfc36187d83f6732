// SPDX-License-Identifier: BSL-1.0
// The examples of docs/reference.md for bankcheck/tile.hpp (ctest builds and runs this file).
#include <bankcheck/layout.hpp>
#include <bankcheck/pattern.hpp>
#include <bankcheck/tile.hpp>

using namespace bankcheck;

// [tile_report]
// Every column of float[32][32]: 32 warp-accesses of 32 wavefronts each, against an ideal of 1.
constexpr tile_report t = analyze_tile<column_segments<>, float>(row_major<32, 32>{});
static_assert(t.ok() && t.accesses == 32 && t.wavefronts == 32 * 32 && t.ideal == 32);
static_assert(!t.conflict_free() && t.conflicts() == 992 && t.degree() == 32 && t.worst_access == 0);
// [tile_report]

// [analyze_pattern]
// Byte offsets from a lambda: float[32][33] read down its columns.
constexpr tile_report p =
    analyze_pattern<column_segments<>>({4, 32, 32}, [](int r, int c) { return 4 * (33 * r + c); });
static_assert(p.accesses == 32 && p.wavefronts == 32 && p.conflict_free());
// A pattern given as a value: 16 x 16 thread blocks over float[64][64 + 16]; a warp covers two
// half rows, 80 floats apart, in banks 0-15 and 16-31.
static_assert(analyze_pattern(dynamic_thread_block{16, 16}, {4, 64, 64}, [](int r, int c) { return 4 * (80 * r + c); })
                  .conflict_free());
// [analyze_pattern]

// [analyze_pattern_v]
// The same lambda in a constexpr variable, over float[256][256] padded by one: 2048 column
// reads, 16 constant evaluations of 128.
inline constexpr auto padded_256 = [](int r, int c) { return 4 * (257 * r + c); };
constexpr tile_report columns = analyze_pattern_v<column_segments<>, float, 256, 256, padded_256>;
static_assert(columns.accesses == 2048 && columns.wavefronts == 2048 && columns.conflict_free());
// Unpadded, every column read is 32-way; the first one is the worst.
inline constexpr auto plain_256 = [](int r, int c) { return 4 * (256 * r + c); };
constexpr tile_report plain = analyze_pattern_v<column_segments<>, float, 256, 256, plain_256>;
static_assert(plain.wavefronts == 2048 * 32 && plain.worst_access == 0 && plain.degree() == 32);
// [analyze_pattern_v]

// [analyze_tile]
static_assert(analyze_tile<column_segments<>, float>(row_major<32, 32, 33>{}).conflict_free());
// float4 reads of rows of 128 floats on gfx942: the pattern's 32 lanes fill four 8-lane phases.
constexpr tile_report wide = analyze_tile<row_segments<op_kind::load, 4>, float>(row_major<8, 128>{}, arch::gfx942);
static_assert(wide.accesses == 8 && wide.wavefronts == 8 * 4 && wide.conflict_free());
// An 8192 x 8192 tile analyzes in about the time of a 64 x 64 one.
static_assert(analyze_tile<row_segments<>, float>(row_major<8192, 8192, 8193>{}).accesses == 8192 * 256);
// A pattern given as a value: the same 16 x 16 blocks over the layout type, padded by 1, are 2-way.
static_assert(analyze_tile<float>(dynamic_thread_block{16, 16}, row_major<64, 64, 65>{}).degree() == 2);
// [analyze_tile]

int main() {}
