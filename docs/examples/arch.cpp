// SPDX-License-Identifier: BSL-1.0
// The examples of docs/reference.md for bankcheck/arch.hpp (ctest builds and runs this file).
#include <bankcheck/analyze.hpp>
#include <bankcheck/arch.hpp>

using namespace bankcheck;

// [phase_groups]
constexpr phase_groups quarters = blocks(32, 8);
static_assert(quarters.lanes[0] == 0xff && quarters.lanes[3] == 0xff000000 && quarters.lanes[4] == 0);
// [phase_groups]

// [width_index]
static_assert(width_index(1) == 0 && width_index(4) == 2 && width_index(16) == 4);
// [width_index]

// [lane_range]
static_assert(lane_range(4, 7) == 0xf0 && lane_range(0, 63) == ~0ull);
// [lane_range]

// [blocks]
static_assert(blocks(32, 16).lanes[1] == lane_range(16, 31) && blocks(32, 16).lanes[2] == 0);
static_assert(blocks(40, 16).lanes[2] == lane_range(32, 39) && blocks(40, 16).blocks == 0);
// [blocks]

// [twice]
static_assert(twice(blocks(32, 16)).lanes[2] == lane_range(32, 47));
static_assert(twice(blocks(32, 4)).lanes[7] == lane_range(28, 31));  // 8 groups: the rest is cut
// [twice]

// [amd_b128_phases]
static_assert(arch::amd_b128_phases().lanes[0] == (lane_range(0, 3) | lane_range(20, 23)));
// [amd_b128_phases]

// [architecture]
// A made-up machine: 16 banks of 4 bytes, a 32-lane warp, every access one 32-lane phase.
constexpr architecture sixteen_banks() {
  architecture a{};
  a.name = "sixteen banks";
  a.banks = 16;
  for (int i = 0; i < 5; ++i) a.load[i] = a.store[i] = blocks(32, 32);
  return a;
}
// Lane l reads word 16 * l: bank 0 for all 32 lanes here, banks 0 and 16 on NVIDIA.
static_assert(analyze([](int lane) { return 64 * lane; }, load(4), whole_warp, sixteen_banks()).wavefronts == 32);
static_assert(analyze([](int lane) { return 64 * lane; }, load(4), whole_warp, arch::nvidia).wavefronts == 16);
// [architecture]

// [phases]
constexpr architecture nv = arch::nvidia;
static_assert(nv.phases(op_kind::load, 16, false).lanes[1] == lane_range(8, 15));  // quarter-warps
static_assert(nv.phases(op_kind::load, 16, true).lanes[1] == lane_range(16, 31));   // merged: half-warps
static_assert(nv.phases(op_kind::store, 16, true).lanes[1] == lane_range(8, 15));   // stores never merge
// [phases]

// [nvidia]
static_assert(architecture(arch::nvidia).banks == 32 && architecture(arch::nvidia).warp_size == 32);
// Each lane loads its own float4: four quarter-warp phases of 1 wavefront.
static_assert(analyze([](int lane) { return 16 * lane; }, load(16), whole_warp, arch::nvidia).wavefronts == 4);
// [nvidia]

// [gfx942]
static_assert(architecture(arch::gfx942).warp_size == 64);
// ds_read_b128 of 64 consecutive 16-byte vectors: 8 phases of 8 lanes, 1 wavefront each.
static_assert(analyze([](int lane) { return 16 * lane; }, load(16), whole_warp, arch::gfx942).wavefronts == 8);
// [gfx942]

// [gfx950]
static_assert(architecture(arch::gfx950).banks == 64);
// 64 lanes read 64 consecutive floats in one phase.
static_assert(analyze([](int lane) { return 4 * lane; }, load(4), whole_warp, arch::gfx950).wavefronts == 1);
// [gfx950]

// [rdna3]
static_assert(architecture(arch::rdna3).warp_size == 32 && !architecture(arch::rdna3).matrix_ops);
static_assert(analyze([](int lane) { return 16 * lane; }, load(16), whole_warp, arch::rdna3).wavefronts == 4);
// [rdna3]

// [rdna4]
static_assert(architecture(arch::rdna4).phases(op_kind::load, 16, false).lanes[1] == lane_range(8, 15));
// [rdna4]

// [check]
static_assert(check(arch::gfx942) == errc::none && check(sixteen_banks()) == errc::none);
constexpr architecture too_many_banks() {
  architecture a = sixteen_banks();
  a.banks = 128;
  return a;
}
static_assert(check(too_many_banks()) == errc::architecture_is_invalid);
// [check]

// [why_invalid]
constexpr bool same(const char* a, const char* b) {
  while (*a != 0 && *a == *b) {
    ++a;
    ++b;
  }
  return *a == *b;
}
// Which rule, and in which table: here the 16-byte loads, whose two phases share lane 0.
constexpr architecture shared_lane() {
  architecture a = sixteen_banks();
  a.load[4].lanes[1] |= 1;
  return a;
}
constexpr architecture_fault fault = why_invalid(shared_lane());
static_assert(fault.kind == op_kind::load && fault.bytes == 16 && !fault.merged);
static_assert(same(fault.rule, "two phases share a lane"));
static_assert(why_invalid(arch::gfx942).rule == nullptr && why_invalid(blocks(32, 8), 32) == nullptr);
static_assert(same(why_invalid(too_many_banks()).rule, "banks must be 1 to 64") && why_invalid(too_many_banks()).bytes == 0);
// [why_invalid]

int main() {}
