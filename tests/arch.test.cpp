// SPDX-License-Identifier: BSL-1.0
// Tests for bankcheck/arch.hpp: each architecture's tables as MODEL.md gives them, and a
// pattern per table whose cost changes if the table is wrong.
#include <bankcheck/analyze.hpp>
#include <bankcheck/arch.hpp>
#include <doctest/doctest.h>

#include "support/random_blocks.hpp"

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <random>
#include <set>
#include <string>
#include <utility>

using namespace bankcheck;

namespace {
constexpr architecture nv = arch::nvidia, cdna3 = arch::gfx942, cdna4 = arch::gfx950, r3 = arch::rdna3,
                       r4 = arch::rdna4;

constexpr bool same(const phase_groups& g, std::uint64_t a, std::uint64_t b = 0, std::uint64_t c = 0,
                    std::uint64_t d = 0, std::uint64_t e = 0, std::uint64_t f = 0, std::uint64_t h = 0,
                    std::uint64_t i = 0) {
  const std::uint64_t want[8] = {a, b, c, d, e, f, h, i};
  for (int p = 0; p < 8; ++p)
    if (g.lanes[p] != want[p]) return false;
  return true;
}
constexpr std::uint64_t r(int first, int last) { return lane_range(first, last); }

// Lane l of a b128 phase of CDNA3/RDNA3 reads the 16 bytes at its position in the phase, in
// its own 128-byte row: free with the documented interleaved groups, 2-way with 8 consecutive.
constexpr int interleaved_position(int l) {
  const int quad = (l % 32) / 4;  // phases: quads {0,5} {1,4} {2,7} {3,6}
  return (quad < 4 ? 0 : 4) + l % 4;
}
constexpr std::uint64_t b128_pattern(int l) { return 16 * static_cast<std::uint64_t>(interleaved_position(l) % 8) + 128 * std::uint64_t(l); }
}  // namespace

static_assert(lane_range(4, 7) == 0xf0 && lane_range(0, 63) == ~std::uint64_t{0} && lane_range(32, 63) == 0xffffffff00000000);
// Outside 0..63 or backwards: no lanes (each a shift past 64 bits, or by a negative count, before).
static_assert(lane_range(64, 64) == 0 && lane_range(-1, 3) == 0 && lane_range(5, 4) == 0 && lane_range(0, -1) == 0);
static_assert(lane_range(63, 63) == std::uint64_t{1} << 63 && lane_range(3, 100) == ~std::uint64_t{7});
static_assert(same(blocks(32, 8), 0xff, 0xff00, 0xff0000, 0xff000000));
// blocks() counts its blocks where their width is a power of two; twice() keeps them blocks
// where they end at lane 31.
static_assert(blocks(32, 8).blocks == 4 && blocks(32, 32).blocks == 1 && blocks(64, 16).blocks == 4);
static_assert(blocks(36, 12).blocks == 0 && twice(blocks(32, 8)).blocks == 8 && twice(blocks(16, 8)).blocks == 0);
static_assert(twice(blocks(32, 4)).blocks == 0, "16 blocks do not fit the table");
// Where size does not divide the lanes, the last block stops at the lanes' end (not past it) and
// the blocks are not counted; a size of more than the lanes gives one block of them all.
static_assert(same(blocks(40, 16), 0xffff, 0xffff0000, lane_range(32, 39)) && blocks(40, 16).blocks == 0);
static_assert(same(blocks(32, 64), 0xffffffff) && blocks(32, 64).blocks == 1);
static_assert(same(blocks(24, 32), 0xffffff) && blocks(24, 32).blocks == 0);
// No groups at all for lanes past 64 or a size below 1; the first 8 of 16 phases of 4.
static_assert(same(blocks(128, 32), 0) && same(blocks(32, 0), 0) && same(blocks(0, 8), 0) && same(blocks(32, -4), 0));
static_assert(blocks(64, 4).lanes[7] == lane_range(28, 31) && blocks(64, 4).blocks == 8);
constexpr architecture in_blocks(int lanes, int size) {
  architecture a{};
  a.warp_size = lanes;
  for (int i = 0; i < 5; ++i) a.load[i] = a.store[i] = blocks(lanes, size);
  return a;
}
static_assert(check(in_blocks(40, 16)) == errc::none && check(in_blocks(40, 64)) == errc::none);
static_assert(check(in_blocks(64, 4)) == errc::architecture_is_invalid, "lanes 32-63 in no phase");
// Counted blocks from 1 lane to 32: 8 of 2 lanes (a 16-lane warp), 8 of 4 and 4 of 8 (32 lanes),
// 2 of 32 (64 lanes), 1 of 1 (a one-lane warp).
static_assert(check(in_blocks(16, 2)) == errc::none && in_blocks(16, 2).load[0].blocks == 8);
static_assert(check(in_blocks(32, 4)) == errc::none && check(in_blocks(32, 8)) == errc::none);
static_assert(check(in_blocks(64, 32)) == errc::none && check(in_blocks(1, 1)) == errc::none);
static_assert(analyze([](int l) { return 128 * l; }, load(4), whole_warp, in_blocks(16, 2)).wavefronts == 16);
// Phases of lanes 0-15, 16-31 and 32-39: 40 lanes reading word 32 * lane cost 16 + 16 + 8 wavefronts.
static_assert(analyze([](int l) { return 128 * l; }, load(4), whole_warp, in_blocks(40, 16)).wavefronts == 40);
static_assert(analyze([](int l) { return 128 * l; }, load(4), whole_warp, in_blocks(40, 16)).ideal == 3);
static_assert(check(nv) == errc::none && check(cdna3) == errc::none && check(cdna4) == errc::none);
static_assert(check(r3) == errc::none && check(r4) == errc::none);

// NVIDIA: one phase up to 4 bytes, half-warps at 8, quarter-warps at 16; merged loads.
static_assert(nv.banks == 32 && nv.bank_bytes == 4 && nv.warp_size == 32 && nv.merge_loads && nv.matrix_ops);
static_assert(same(nv.load[0], r(0, 31)) && same(nv.load[2], r(0, 31)) && same(nv.store[1], r(0, 31)));
static_assert(same(nv.load[3], r(0, 15), r(16, 31)) && same(nv.store[3], r(0, 15), r(16, 31)));
static_assert(same(nv.load[4], r(0, 7), r(8, 15), r(16, 23), r(24, 31)) && same(nv.store[4], r(0, 7), r(8, 15), r(16, 23), r(24, 31)));
static_assert(same(nv.merged_load[3], r(0, 31)) && same(nv.merged_load[4], r(0, 15), r(16, 31)));
static_assert(nv.store[4].blocks == 4 && nv.merged_load[4].blocks == 2 && nv.load[2].blocks == 1);

// CDNA3 gfx942, wave64, 32 banks.
static_assert(cdna3.warp_size == 64 && cdna3.banks == 32 && !cdna3.merge_loads && !cdna3.matrix_ops);
static_assert(same(cdna3.load[2], r(0, 31), r(32, 63)) && same(cdna3.load[0], r(0, 31), r(32, 63)));
static_assert(same(cdna3.load[3], r(0, 15), r(16, 31), r(32, 47), r(48, 63)));
static_assert(same(cdna3.load[4], r(0, 3) | r(20, 23), r(4, 7) | r(16, 19), r(8, 11) | r(28, 31), r(12, 15) | r(24, 27),
                   r(32, 35) | r(52, 55), r(36, 39) | r(48, 51), r(40, 43) | r(60, 63), r(44, 47) | r(56, 59)));
static_assert(same(cdna3.store[4], r(0, 7), r(8, 15), r(16, 23), r(24, 31), r(32, 39), r(40, 47), r(48, 55), r(56, 63)));
static_assert(same(cdna3.store[3], r(0, 15), r(16, 31), r(32, 47), r(48, 63)));
static_assert(cdna3.store[4].blocks == 8 && cdna3.load[4].blocks == 0 && cdna3.load[2].blocks == 2);
// b32 in two 32-lane phases: lanes l and l + 32 reading one word cost 1 + 1, not 1.
static_assert(analyze([](int l) { return 4 * (l % 32); }, load(4), whole_warp, arch::gfx942).wavefronts == 2);
// b64 in four 16-lane phases, not two of 32.
static_assert(analyze([](int l) { return 8 * (l % 16); }, load(8), whole_warp, arch::gfx942).wavefronts == 4);
// b128 reads in the interleaved groups: free; writes in 8 consecutive lanes: 2-way.
static_assert(analyze(b128_pattern, load(16), whole_warp, arch::gfx942).wavefronts == 8);
static_assert(analyze(b128_pattern, store(16), whole_warp, arch::gfx942).wavefronts == 16);

// CDNA4 gfx950, wave64, 64 banks.
static_assert(cdna4.warp_size == 64 && cdna4.banks == 64);
static_assert(same(cdna4.load[2], r(0, 63)) && same(cdna4.load[3], r(0, 31), r(32, 63)));
static_assert(same(cdna4.load[4], r(0, 3) | r(12, 15) | r(20, 23) | r(24, 27), r(4, 7) | r(8, 11) | r(16, 19) | r(28, 31),
                   (r(0, 3) | r(12, 15) | r(20, 23) | r(24, 27)) << 32, (r(4, 7) | r(8, 11) | r(16, 19) | r(28, 31)) << 32));
// 64 banks: words 0 and 32 are in different banks.
static_assert(analyze([](int l) { return 128 * (l % 2); }, load(4), whole_warp, arch::gfx950).wavefronts == 1);
static_assert(analyze([](int l) { return 128 * (l % 2); }, load(4), whole_warp, arch::gfx942).wavefronts == 4, "2 phases x 2");
// b32: one 64-lane phase; b64: two 32-lane phases.
static_assert(analyze([](int l) { return 4 * l; }, load(4), whole_warp, arch::gfx950).wavefronts == 1);
static_assert(analyze([](int l) { return 8 * l; }, load(8), whole_warp, arch::gfx950).wavefronts == 2);
static_assert(analyze([](int l) { return 8 * (l % 32); }, load(8), whole_warp, arch::gfx950).wavefronts == 2);
// b128: 16-lane interleaved phases; each phase reads 256 contiguous bytes in lane order of position.
namespace {
constexpr int cdna4_position(int l) {
  const int q = (l % 32) / 4, i = l % 4;
  constexpr int pos[8] = {0, 0, 1, 1, 2, 2, 3, 3};  // within {0,3,5,6} and {1,2,4,7}
  return pos[q] * 4 + i;
}
}  // namespace
static_assert(analyze([](int l) { return 16 * cdna4_position(l) + 256 * l; }, load(16), whole_warp, arch::gfx950).wavefronts == 4);
static_assert(analyze([](int l) { return 16 * cdna4_position(l) + 256 * l; }, load(16), whole_warp, arch::gfx950).ideal == 4);

// RDNA3 gfx1100 and RDNA4 gfx1201, wave32.
static_assert(r3.warp_size == 32 && r4.warp_size == 32 && !r3.merge_loads && !r4.matrix_ops);
static_assert(same(r3.load[4], r(0, 3) | r(20, 23), r(4, 7) | r(16, 19), r(8, 11) | r(28, 31), r(12, 15) | r(24, 27)));
static_assert(same(r4.load[4], r(0, 7), r(8, 15), r(16, 23), r(24, 31)));
static_assert(same(r3.load[3], r(0, 15), r(16, 31)) && same(r4.load[3], r(0, 15), r(16, 31)));
static_assert(analyze(b128_pattern, load(16), whole_warp, arch::rdna3).wavefronts == 4);
static_assert(analyze(b128_pattern, load(16), whole_warp, arch::rdna4).wavefronts == 8);
// No merge rule on AMD: a uniform 16-byte read costs one wavefront per phase.
static_assert(analyze([](int) { return 0; }, load(16), whole_warp, arch::rdna3).wavefronts == 4);
static_assert(analyze([](int) { return 0; }, load(8), whole_warp, arch::rdna4).wavefronts == 2);

// Architectures whose bank rows do not align (banks * bank_bytes not a power of two, or fewer
// banks than a lane's words) take the queues, in constant expressions too.
namespace {
constexpr architecture odd_banks(int banks) {
  architecture a{};
  a.name = "odd";
  a.banks = banks;
  for (int i = 0; i < 5; ++i) a.load[i] = a.store[i] = blocks(32, 32);
  return a;
}
}  // namespace
static_assert(analyze([](int l) { return 16 * l; }, load(16), whole_warp, odd_banks(3)).wavefronts == 43,
              "3 banks, 4 words a lane: 128 words, 43 in bank 0");
static_assert(analyze([](int l) { return 16 * l; }, load(16), whole_warp, odd_banks(1)).wavefronts == 128);
static_assert(analyze([](int l) { return 16 * l; }, load(16), whole_warp, odd_banks(2)).wavefronts == 64,
              "2 banks of 4 bytes, rows of 8 bytes: a 16-byte lane spans two rows");
static_assert(analyze([](int l) { return 8 * (l / 2); }, store(8), whole_warp, odd_banks(5)).wavefronts == 7,
              "16 distinct 2-word lanes over 5 banks: 32 words, 7 in banks 0 and 1");
// The queues name the witness as the counters do on a tie: the first bank to deliver the worst
// count of words. 24 banks: bank 1 is asked first (lane 0) but bank 2 delivers a second word
// first (lanes 1 and 2, words 2 and 26; bank 1's second word comes at lane 3); lanes 4-31 share
// words 3-23 (analyze.test.cpp has the same tie for the counters).
namespace {
constexpr int tie_word(int l) { return l == 0 ? 1 : l == 1 ? 2 : l == 2 ? 26 : l == 3 ? 25 : 3 + (l - 4) % 21; }
constexpr report queued_tie = analyze([](int l) { return 4 * tie_word(l); }, store(4), whole_warp, odd_banks(24));
}  // namespace
static_assert(queued_tie.degree == 2 && queued_tie.worst.bank == 2 && queued_tie.worst.lane_a == 1 &&
                  queued_tie.worst.lane_b == 2 && queued_tie.worst.word_a == 2 && queued_tie.worst.word_b == 26,
              "a tie of banks in the queues: the first to deliver two words");

// An architecture as a type of one's own, whose value converts to architecture: analyze,
// pass_schedule and the walks take it as the choosers do (they converted, analyze refused it).
namespace {
using bankcheck_test::banks_34_type;
struct derived_gfx942 : architecture {
  constexpr derived_gfx942() noexcept : architecture(arch::gfx942) {}
};
}  // namespace
// 34 banks: 128-byte strides fall in 17 banks, two lanes each; 136-byte ones in one.
static_assert(analyze([](int l) { return 128 * l; }, load(4), whole_warp, banks_34_type{}).wavefronts == 2);
static_assert(analyze([](int l) { return 136 * l; }, load(4), whole_warp, banks_34_type{}).wavefronts == 32);
static_assert(pass_schedule([](int l) { return 128 * l; }, load(4), whole_warp, banks_34_type{})[17] == 1);
static_assert(analyze([](int l) { return 4 * l; }, load(4), whole_warp, derived_gfx942{}).ideal == 2, "64 lanes");
// The type named as a template argument, with the default mask and architecture value.
constexpr long long column_of_128(int l) { return 128LL * l; }
static_assert(analyze<long long (&)(int), banks_34_type>(column_of_128, load(4)).wavefronts == 2);
static_assert(pass_schedule<long long (&)(int), banks_34_type>(column_of_128, load(4)).passes == 2);

TEST_CASE("an architecture type of one's own: analyze and pass_schedule convert it, at run time too") {
  volatile int stride = 128;
  const int s = stride;
  const report by_type = analyze([s](int l) { return s * l; }, load(4), whole_warp, banks_34_type{});
  const report by_value = analyze([s](int l) { return s * l; }, load(4), whole_warp, architecture(banks_34_type{}));
  CHECK(by_type.wavefronts == 2);
  CHECK(by_type.wavefronts == by_value.wavefronts);
  CHECK(by_type.worst.lane_b == by_value.worst.lane_b);
  CHECK(pass_schedule([s](int l) { return s * l; }, load(4), 0xffff, banks_34_type{}).passes ==
        pass_schedule([s](int l) { return s * l; }, load(4), 0xffff, architecture(banks_34_type{})).passes);
}

TEST_CASE("a user-described architecture is plain data") {
  // A made-up 16-lane machine with 16 banks and 8-lane phases for every width.
  architecture tiny{};
  tiny.name = "tiny";
  tiny.banks = 16;
  tiny.warp_size = 16;
  for (int i = 0; i < 5; ++i) tiny.load[i] = tiny.store[i] = blocks(16, 8);
  CHECK(check(tiny) == errc::none);
  const report col = analyze([](int l) { return 64 * l; }, load(4), whole_warp, tiny);
  CHECK(col.wavefronts == 16);  // two phases of 8 lanes, all in bank 0
  CHECK(col.ideal == 2);
  CHECK(analyze([](int l) { return 4 * l; }, load(4), whole_warp, tiny).wavefronts == 2);
  CHECK(analyze([](int l) { return 4 * l; }, load(4), 0xffff0000ull, tiny).error == errc::lane_mask_must_fit_the_warp);

  CHECK(why_invalid(tiny).rule == nullptr);

  architecture broken = tiny;
  broken.bank_bytes = 3;
  CHECK(check(broken) == errc::architecture_is_invalid);
  CHECK(std::string(why_invalid(broken).rule) == "bank_bytes must be a power of two from 1 to 16");
  CHECK(why_invalid(broken).bytes == 0);
  broken = tiny;
  broken.load[0].lanes[0] |= 1ull << 20;  // a lane outside the warp
  CHECK(check(broken) == errc::architecture_is_invalid);
  CHECK(std::string(why_invalid(broken).rule) == "a phase holds a lane past the warp's");
  CHECK((why_invalid(broken).kind == op_kind::load && why_invalid(broken).bytes == 1 && !why_invalid(broken).merged));
  // A count of blocks that the lanes do not bear out.
  for (const int n : {-1, 1, 3, 9}) {
    broken = tiny;
    broken.store[4].blocks = n;
    CHECK(check(broken) == errc::architecture_is_invalid);
    CHECK(analyze([](int l) { return 16 * l; }, store(16), whole_warp, broken).error == errc::architecture_is_invalid);
    CHECK(std::string(why_invalid(broken).rule).rfind("blocks must be 0, or the number of phases", 0) == 0);
    CHECK((why_invalid(broken).kind == op_kind::store && why_invalid(broken).bytes == 16));
  }
  broken = tiny;
  broken.store[4].lanes[0] = lane_range(0, 3) | lane_range(12, 15);
  broken.store[4].lanes[1] = lane_range(4, 11);
  CHECK(check(broken) == errc::architecture_is_invalid);  // still counted as blocks
  broken.store[4].blocks = 0;
  CHECK(check(broken) == errc::none);  // phases, not blocks
  broken.store[4].blocks = 2;
  CHECK(check(broken) == errc::architecture_is_invalid);
  // Blocks of 4 lanes, but not in order: phases, not counted blocks.
  broken = tiny;
  broken.store[4] = phase_groups{{lane_range(0, 3), lane_range(8, 11), lane_range(4, 7), lane_range(12, 15)}};
  CHECK(check(broken) == errc::none);
  broken.store[4].blocks = 4;
  CHECK(check(broken) == errc::architecture_is_invalid);
  broken.store[4] = blocks(16, 4);
  CHECK((broken.store[4].blocks == 4 && check(broken) == errc::none));
  // ldmatrix takes its row addresses from lanes 0..31: a 16-lane warp cannot have it.
  broken = tiny;
  broken.matrix_ops = true;
  CHECK(check(broken) == errc::architecture_is_invalid);
  CHECK(std::string(why_invalid(broken).rule).rfind("matrix ops need a warp of 32 lanes or more", 0) == 0);
  CHECK(analyze([](int l) { return 16 * l; }, ldmatrix(1), whole_warp, broken).error == errc::architecture_is_invalid);
  // A merged load's table is a load's: NVIDIA's merged 16-byte loads with lane 0 in both phases.
  broken = arch::nvidia;
  broken.merged_load[4].lanes[1] |= 1;
  const architecture_fault merged = why_invalid(broken);
  CHECK(std::string(merged.rule) == "two phases share a lane");
  CHECK(merged.kind == op_kind::load);
  CHECK(merged.bytes == 16);
  CHECK(merged.merged);
}

// why_invalid names a rule exactly where check refuses a description, and the table it names is
// the first that breaks one, over random descriptions whose scalars or tables are sometimes
// broken: a lane in two phases, a lane past the warp or in none, a phase after an empty one, a
// count of blocks that the lanes do not bear out.
TEST_CASE("why_invalid names a rule exactly where check refuses, and the first table that breaks one") {
  std::mt19937_64 rng(45);
  int refused = 0, by_table = 0;
  std::set<std::string> rules;
  for (int n = 0; n < 20000; ++n) {
    architecture a{};
    a.banks = rng() % 40 == 0 ? 65 : 1 + static_cast<int>(rng() % 64);
    a.bank_bytes = rng() % 40 == 0 ? 12 : 1 << (rng() % 5);
    a.warp_size = rng() % 40 == 0 ? 0 : 1 + static_cast<int>(rng() % 64);
    a.merge_loads = rng() % 2 == 0;
    a.matrix_ops = rng() % 8 == 0;
    const int warp = std::max(1, std::min(64, a.warp_size));
    const auto table = [&]() {
      const int least = (warp + 7) / 8;  // phases of fewer lanes would not fit a table's 8
      phase_groups g = blocks(warp, least + static_cast<int>(rng() % static_cast<unsigned>(warp - least + 1)));
      switch (rng() % 192) {
        case 0: g.lanes[1] |= g.lanes[0] & (0 - g.lanes[0]); break;           // a lane in two phases
        case 1: g.lanes[warp < 64 ? 0 : 1] |= std::uint64_t{1} << (warp % 64); break;  // past the warp, or shared
        case 2: g.lanes[0] &= g.lanes[0] - 1; break;                           // a lane in none
        case 3: g.lanes[7] = std::exchange(g.lanes[0], 0); break;              // a phase after an empty one
        case 4: g.blocks = g.blocks + 1; break;                                // a count the lanes do not bear out
        default: break;
      }
      return g;
    };
    for (int i = 0; i < 5; ++i) {
      a.load[i] = table();
      a.store[i] = table();
      a.merged_load[i] = table();
    }
    const architecture_fault f = why_invalid(a);
    REQUIRE((f.rule == nullptr) == (check(a) == errc::none));
    if (f.rule == nullptr) continue;
    ++refused;
    rules.insert(f.rule);
    if (f.bytes == 0) continue;  // a rule of the scalars
    ++by_table;
    CHECK((!f.merged || f.kind == op_kind::load));  // merged tables are loads'
    const int t = (f.merged ? 10 : f.kind == op_kind::store ? 5 : 0) + width_index(f.bytes);
    for (int u = 0; u <= t; ++u) {
      const phase_groups& g = u < 5 ? a.load[u] : u < 10 ? a.store[u - 5] : a.merged_load[u - 10];
      CHECK((why_invalid(g, a.warp_size) != nullptr) == (u == t));
    }
    CHECK(std::string(why_invalid(f.merged ? a.merged_load[t - 10] : t >= 5 ? a.store[t - 5] : a.load[t], a.warp_size)) ==
          f.rule);
  }
  MESSAGE("20,000 descriptions: ", refused, " refused, ", by_table, " of them for a table");
  CHECK(refused > 5000);
  CHECK(refused < 15000);
  CHECK(by_table > 2000);
  CHECK(rules.size() == 9);  // 4 of the scalars, 5 of a table
}

// The engine costs one phase for all where the table says its phases are blocks (`blocks`): the
// same reports as from the same lanes with no count, at compile time and at run time, for lanes
// affine in groups of 1 to 32 lanes at strides of 0 to 40 elements, and for XOR-swizzled columns,
// for the whole warp and some of its halves and quarters. A count of blocks whose width is not a
// power of two is refused.
namespace {
constexpr architecture uncounted(architecture a) {
  for (int i = 0; i < 5; ++i) a.load[i].blocks = a.store[i].blocks = a.merged_load[i].blocks = 0;
  return a;
}
// Phases of 12 lanes: blocks, but not of a power-of-two width, whose phases can cost
// differently (lanes sharing values in groups of 16, in one group of banks: 1, 2, 2, 1 values).
constexpr architecture twelves(int counted) {
  architecture a{};
  a.name = "twelves";
  a.warp_size = 48;
  for (int i = 0; i < 5; ++i) a.load[i] = a.store[i] = blocks(48, 12);
  a.store[4].blocks = counted;
  return a;
}
constexpr bool same_report(const report& a, const report& b) {
  return a.error == b.error && a.wavefronts == b.wavefronts && a.ideal == b.ideal && a.degree == b.degree &&
         a.merged == b.merged && a.worst.phase == b.worst.phase && a.worst.bank == b.worst.bank &&
         a.worst.lane_a == b.worst.lane_a && a.worst.lane_b == b.worst.lane_b && a.worst.word_a == b.worst.word_a &&
         a.worst.word_b == b.worst.word_b;
}
// Lanes in groups of 2^Shared sharing a value, Stride elements of Bytes apart.
template <int Shared, int Stride, int Bytes>
constexpr std::uint64_t grouped(int l) {
  return std::uint64_t{Bytes} * std::uint64_t{Stride} * static_cast<std::uint64_t>(l >> Shared) + 4096;
}
constexpr bool counted_as_uncounted() {
  const architecture with = arch::nvidia, without = uncounted(arch::nvidia);
  const report a = analyze(grouped<0, 8, 16>, store(16), whole_warp, with),
               b = analyze(grouped<0, 8, 16>, store(16), whole_warp, without);
  const report c = analyze(grouped<1, 32, 8>, store(8), whole_warp, with),
               d = analyze(grouped<1, 32, 8>, store(8), whole_warp, without);
  return same_report(a, b) && a.wavefronts == 32 && a.ideal == 4 && same_report(c, d) && c.wavefronts == 16 &&
         c.ideal == 2;
}
}  // namespace
static_assert(counted_as_uncounted());
static_assert(check(twelves(0)) == errc::none && check(twelves(4)) == errc::architecture_is_invalid);
static_assert(analyze(grouped<4, 8, 16>, store(16), whole_warp, twelves(0)).wavefronts == 6);

TEST_CASE("phases counted as blocks cost what the same phases cost uncounted") {
  const architecture tables[] = {arch::nvidia, arch::gfx942, arch::gfx950, arch::rdna4};
  const std::uint64_t masks[] = {~std::uint64_t{0}, 0xffffffff, 0xffff, 0xffff0000, 0xff00ff00, 0xffffffff00000000};
  int compared = 0, on_blocks = 0;
  for (const architecture& with : tables) {
    const architecture without = uncounted(with);
    for (const int bytes : {4, 8, 16})
      for (int shared = 0; shared <= 5; ++shared)
        for (int stride = 0; stride <= 40; ++stride)
          for (const std::uint64_t mask : masks)
            for (const bool is_store : {false, true}) {
              if ((mask & ~lane_range(0, with.warp_size - 1)) != 0 && mask != ~std::uint64_t{0}) continue;
              const access op = is_store ? store(bytes) : load(bytes);
              const auto f = [&](int l) {
                return std::uint64_t{4096} +
                       static_cast<std::uint64_t>(bytes * stride) * static_cast<std::uint64_t>(l >> shared);
              };
              // An XOR-swizzled column: element (l >> shared, c ^ (l >> shared)) of rows of 32.
              const auto x = [&](int l) {
                return std::uint64_t{1} << 16 |
                       static_cast<std::uint64_t>(bytes * (32 * (l >> shared) + ((stride % 32) ^ (l >> shared) % 32)));
              };
              const report a = analyze(f, op, mask, with), b = analyze(f, op, mask, without);
              const report c = analyze(x, op, mask, with), d = analyze(x, op, mask, without);
              CAPTURE(with.name);
              CAPTURE(bytes);
              CAPTURE(shared);
              CAPTURE(stride);
              CAPTURE(mask);
              CHECK(same_report(a, b));
              CHECK(same_report(c, d));
              compared += 2;
              on_blocks += with.phases(op.kind, bytes, a.merged).blocks > 1 && mask == ~std::uint64_t{0};
            }
  }
  CHECK(compared > 5000);
  CHECK(on_blocks > 1000);  // whole warps on tables of blocks: the shortcut's cases, where lanes are affine
}

// The widest phase whose lanes the run-time count records for the witness is 56 lanes
// (count_phases' bound): a 64-lane warp in phases of lanes 0-55 and 56-63, counted at run time,
// names the same witness as the constant evaluation, which counts without recording lanes.
namespace {
constexpr architecture wide_phases() {
  architecture a{};
  a.name = "phases of 56 and 8 lanes";
  a.warp_size = 64;
  phase_groups g{};
  g.lanes[0] = lane_range(0, 55);
  g.lanes[1] = lane_range(56, 63);
  for (int i = 0; i < 5; ++i) a.load[i] = a.store[i] = g;
  return a;
}
// Lanes 0 and 1 ask bank 0 for words 0 and 32, every other lane l for word l: bank 0 (words 0
// and 32) and banks 2-23 (words l and l + 32) serve two words in phase 0, phase 1 one each.
constexpr std::uint64_t two_in_bank_0(int l) { return l < 2 ? 128 * static_cast<std::uint64_t>(l) : 4 * static_cast<std::uint64_t>(l); }
constexpr report wide_at_compile_time = analyze(two_in_bank_0, store(4), whole_warp, wide_phases());
static_assert(check(wide_phases()) == errc::none);
static_assert(wide_at_compile_time.wavefronts == 3 && wide_at_compile_time.ideal == 2 && wide_at_compile_time.degree == 2);
static_assert(wide_at_compile_time.worst.phase == 0 && wide_at_compile_time.worst.bank == 0 &&
              wide_at_compile_time.worst.lane_a == 0 && wide_at_compile_time.worst.lane_b == 1 &&
              wide_at_compile_time.worst.word_a == 0 && wide_at_compile_time.worst.word_b == 32);
}  // namespace

TEST_CASE("a phase of 56 lanes names the same witness at run time as at compile time") {
  const architecture a = wide_phases();
  const report r = analyze(two_in_bank_0, store(4), whole_warp, a);
  CHECK(same_report(r, wide_at_compile_time));
  CHECK(r.worst.lane_a == 0);
  CHECK(r.worst.lane_b == 1);
  CHECK(r.worst.word_b == 32);
}
