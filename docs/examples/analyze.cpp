// SPDX-License-Identifier: BSL-1.0
// The examples of docs/reference.md for bankcheck/analyze.hpp (ctest builds and runs this file).
#include <bankcheck/analyze.hpp>

using namespace bankcheck;

// [whole_warp]
// 32 lanes on NVIDIA, 64 on gfx942, whose 4-byte reads run in two 32-lane phases.
static_assert(analyze([](int lane) { return 4 * lane; }, load(4), whole_warp, arch::gfx942).ideal == 2);
// Lanes 0-15 only: 16 words in bank 0.
static_assert(analyze([](int lane) { return 128 * lane; }, load(4), 0xffff).wavefronts == 16);
// [whole_warp]

// [analyze]
// A column of float s[32][32]: lane l reads byte 4 * 32 * l, bank 0 for every lane.
static_assert(analyze([](int lane) { return 4 * 32 * lane; }, load(4)).wavefronts == 32);
// Padded to s[32][33]: 32 banks.
static_assert(analyze([](int lane) { return 4 * 33 * lane; }, load(4)).wavefronts == 1);
// Every lane loads the same float4: the load merge rule serves it in two half-warp phases.
static_assert(analyze([](int) { return 0; }, load(16)).wavefronts == 2);
// The same as stores: no merge, four quarter-warp phases.
static_assert(analyze([](int) { return 0; }, store(16)).wavefronts == 4);
// [analyze]

// [analyze_arch]
// gfx942: 64 lanes read consecutive doubles in four 16-lane phases.
constexpr report r = analyze([](int lane) { return 8 * lane; }, load(8), whole_warp, arch::gfx942);
static_assert(r.wavefronts == 4 && r.ideal == 4);
// [analyze_arch]

// [pass_schedule]
// Lane l reads word 32 * l: bank 0 serves lane l in pass l.
constexpr pass_table t = pass_schedule([](int lane) { return 128 * lane; }, load(4));
static_assert(t.passes == 32 && t[5] == 5 && t.phase[5] == 0);
// [pass_schedule]

// [pass_schedule_arch]
// Consecutive float4 loads on NVIDIA: quarter-warp phases, each served in one pass.
constexpr pass_table q = pass_schedule([](int lane) { return 16 * lane; }, load(16), whole_warp, arch::nvidia);
static_assert(q.passes == 1 && q.phase[7] == 0 && q.phase[8] == 1 && q[8] == 0);
// [pass_schedule_arch]

// [pass_schedule_words]
static_assert(pass_schedule([](int lane) { return 32 * lane; })[7] == 7);
static_assert(pass_schedule([](int lane) { return 2 * lane; })[16] == 1);  // word 32 follows word 0 in bank 0
// [pass_schedule_words]

int main() {}
