// SPDX-License-Identifier: BSL-1.0
// The examples of docs/reference.md for bankcheck/report.hpp (ctest builds and runs this file).
#include <bankcheck/analyze.hpp>
#include <bankcheck/report.hpp>

using namespace bankcheck;

// [report]
// Lanes read floats 2 apart: lanes l and l + 16 need two words of one bank.
constexpr report r = analyze([](int lane) { return 8 * lane; }, load(4));
static_assert(r.ok() && r.wavefronts == 2 && r.ideal == 1 && r.degree == 2 && !r.merged);
static_assert(!r.conflict_free() && r.conflicts() == 1 && r.bandwidth() == 0.5);
// Every lane loads the same float4: merged.
static_assert(analyze([](int) { return 0; }, load(16)).merged);
// [report]

// [conflict_witness]
constexpr conflict_witness w = r.worst;
static_assert(w.phase == 0 && w.bank == 0 && w.lane_a == 0 && w.word_a == 0 && w.lane_b == 16 && w.word_b == 32);
static_assert(analyze([](int lane) { return 4 * lane; }, load(4)).worst.bank == -1);  // no conflict
// Banks 0 and 1 both reach two words; bank 1 first (lane 2), so the witness is bank 1.
static_assert(analyze([](int lane) { return lane == 0 ? 4 : lane == 1 ? 0 : lane == 2 ? 132 : 128; }, load(4), 0xf)
                  .worst.bank == 1);
// [conflict_witness]

// [pass_table]
constexpr pass_table t = pass_schedule([](int lane) { return 8 * lane; }, load(4));
static_assert(t.ok() && t.lanes == 32 && t.passes == 2);
static_assert(t[15] == 0 && t[16] == 1 && t.phase[16] == 0);
static_assert(pass_schedule([](int lane) { return 8 * lane; }, load(4), 0xffff)[16] == -1);  // inactive
static_assert(pass_schedule([](int lane) { return 16 * lane; }, ldmatrix(1))[8] == -1);  // gives no address
// [pass_table]

int main() {}
