// SPDX-License-Identifier: BSL-1.0
// Tests for bankcheck/analyze.hpp: the seed's claims and every rule of MODEL.md, each with a
// pattern whose answer changes if the rule is dropped.
#include <bankcheck/analyze.hpp>
#include <doctest/doctest.h>

#include <cstdint>
#include <numeric>
#include <type_traits>
#include <utility>

using namespace bankcheck;

namespace {
constexpr std::uint64_t lo_half = 0xffffull, even_lanes = 0x55555555ull;

// The seed: a column of float s[32][32 + pad] is word l * (32 + pad).
constexpr int column(int pad) {
  return conflict_degree([pad](int l) { return l * (32 + pad); });
}
constexpr bool every_odd_stride_is_free(int max) {
  for (int d = 1; d <= max; d += 2)
    if (conflict_degree([d](int l) { return l * d; }) != 1) return false;
  return true;
}
// MODEL.md's closed form, by std::gcd (strided_degree and the seed's affine path share theirs).
constexpr bool strided_matches_closed_form(int max) {
  for (int d = 0; d <= max; ++d) {
    const int passes = d == 0 ? 1 : std::gcd(d, 32);
    if (conflict_degree([d](int l) { return l * d; }) != passes || strided_degree(d) != passes) return false;
  }
  return true;
}

// conflict_degree takes a callable without captures through a function pointer (a path of its
// own, detail/seed.hpp's seed_degree_through), and one with captures through an array of its words
// (seed_degree). The passes by both, or -1 where they differ.
template <class F>
constexpr int by_both_paths(F f) {
  const int through_pointer = conflict_degree(f), through_array = conflict_degree([&f](int l) { return f(l); });
  return through_pointer == through_array ? through_pointer : -1;
}

int run_time_one = 1;  // a value the compiler does not know, for lambdas without captures
}  // namespace

// The seed's claims.
static_assert(column(0) == 32, "column of float[32][32]: 32 passes");
static_assert(column(1) == 1, "padding 1: 1 pass");
static_assert(column(2) == 2, "padding 2: 2 passes");
static_assert(conflict_degree([](int l) { return l; }) == 1, "a row: 1 pass");
static_assert(conflict_degree([](int l) { return 2 * l; }) == 2, "stride 2: 2 passes");
static_assert(every_odd_stride_is_free(255), "every odd stride: 1 pass");
static_assert(conflict_degree([](int l) { return l / 8; }) == 1, "eight lanes sharing each word: 1 pass");
static_assert(strided_matches_closed_form(130), "conflict_degree(l * d) == gcd(d, 32)");
static_assert(strided_degree(0) == 1 && strided_degree(32) == 32 && strided_degree(48) == 16 && strided_degree(-6) == 2);
// Words exactly 64 bank rows apart share a bank and the q-bit of their row modulo 64: the seed's
// counting then looks at the lanes before (word 2048 is new, so 2 passes, not 1).
static_assert(conflict_degree([](int l) -> std::uint64_t { return l == 1 ? 2048 : 0; }) == 2);
static_assert(conflict_degree([](int l) -> std::uint64_t { return l == 2 ? 2048 : 0; }) == 2);

// Both paths of conflict_degree: affine words, and words off the line at the first lane it tests
// (2), the last (31) and one between; steps of 2^32 words and more, which the closed form leaves
// to the counting stages.
static_assert(by_both_paths([](int l) { return 33 * l; }) == 1, "affine: padded column");
static_assert(by_both_paths([](int l) { return 100 - l; }) == 1, "affine, falling");
static_assert(by_both_paths([](int) { return 7; }) == 1, "affine, one word: a broadcast");
static_assert(by_both_paths([](int l) { return l == 1 ? 32 : 0; }) == 2, "off the line at lane 2");
static_assert(by_both_paths([](int l) { return l == 31 ? 5 : 33 * l; }) == 2, "off the line at lane 31");
static_assert(by_both_paths([](int l) { return l == 9 ? 9 + 64 : l; }) == 1, "off the line at lane 9, alone in its bank");
static_assert(by_both_paths([](int l) { return l == 9 ? 1 : l + 32; }) == 2, "off the line at lane 9, in lane 1's bank");
static_assert(by_both_paths([](int l) { return (std::int64_t{1} << 32) * l; }) == 32, "step 2^32: one bank");
static_assert(by_both_paths([](int l) { return (std::uint64_t{1} << 40) * static_cast<unsigned>(l) + 3; }) == 32,
              "step 2^40: one bank");
static_assert(by_both_paths([](int l) { return ((std::int64_t{1} << 32) + 1) * l; }) == 1, "step 2^32 + 1");
static_assert(by_both_paths([](int l) { return (l ^ 5) + 64; }) == 1, "XOR-swizzled row");
static_assert(by_both_paths([](int l) { return (l / 4) * 36 + l % 4; }) == 1, "2-D thread block, pitch 36");
static_assert(by_both_paths([](int l) { return (l / 4) * 32 + l % 4; }) == 8, "2-D thread block, pitch 32");

// The portable bit count (used where the compiler has no builtin) agrees with the one in use.
static_assert(bankcheck::detail::set_bits(0) == 0 && bankcheck::detail::set_bits(~std::uint64_t{0}) == 64 &&
              bankcheck::detail::set_bits(0x8000000000f00101) == BANKCHECK_DETAIL_SET_BITS(0x8000000000f00101));

// Lanes sharing values in groups of 2^k, the groups affine (run's closed form, affine_groups): the
// cost, and the witness, the first two lanes asking one bank for different words, as the
// counting path names them.
constexpr report quads_down_a_column = analyze([](int l) { return 128 * (l / 4); }, load(4));
static_assert(quads_down_a_column.wavefronts == 8 && quads_down_a_column.degree == 8, "4 lanes a float, 8 rows apart");
static_assert(quads_down_a_column.worst.lane_a == 0 && quads_down_a_column.worst.lane_b == 4 &&
              quads_down_a_column.worst.bank == 0 && quads_down_a_column.worst.word_a == 0 &&
              quads_down_a_column.worst.word_b == 32);
static_assert(analyze([](int l) { return 132 * (l / 4); }, load(4)).wavefronts == 1, "the same, padded by a float");
static_assert(analyze([](int l) { return 48 * (l / 2); }, store(16)).wavefronts == 4, "pairs of float4, 3 apart: 1 a phase");
static_assert(analyze([](int l) { return 128 * (l / 2); }, store(16)).wavefronts == 16, "pairs of float4 in one bank group");
// Lanes 3..30: the groups of four start at lane 3, the phase's first lane (lane 3 alone would be
// a group of one, and the closed form leaves such lanes to counting).
static_assert(analyze([](int l) { return 128 * ((l - 3) / 4); }, store(4), 0x7ffffff8).wavefronts == 7);
static_assert(analyze([](int l) { return 128 * (l / 4); }, store(4), 0x7ffffff8).wavefronts == 8);
constexpr report from_lane_3 = analyze([](int l) { return 128 * (l / 4); }, store(4), 0x7ffffff8);
static_assert(from_lane_3.worst.lane_a == 3 && from_lane_3.worst.lane_b == 4);
// Groups of 8 lanes from lane 4 and phases of 8: phase 1 (lanes 8-15) starts inside group 0 and
// ends inside group 1, whose first lane, 12, asks the bank for the second word.
constexpr report mid_group = analyze([](int l) { return 128 * ((l - 4) / 8); }, store(16), 0xfffffff0);
static_assert(mid_group.wavefronts == 7 && mid_group.degree == 2 && mid_group.worst.phase == 1 &&
              mid_group.worst.lane_a == 8 && mid_group.worst.lane_b == 12);
// Groups of three are not a power of two: counted, the same cost.
static_assert(analyze([](int l) { return 128 * (l / 3); }, load(4)).wavefronts == 11);

// The pass schedule: a lane is served in its word's position in its bank's queue.
static_assert(pass_schedule([](int l) { return 32 * l; })[0] == 0 && pass_schedule([](int l) { return 32 * l; })[31] == 31);
static_assert(pass_schedule([](int l) { return 2 * l; })[15] == 0 && pass_schedule([](int l) { return 2 * l; })[16] == 1);
static_assert(pass_schedule([](int l) { return 2 * l; }).passes == 2);
static_assert(pass_schedule([](int) { return 7; })[31] == 0, "a broadcast is served in pass 0");

TEST_CASE("pass schedule of the column and of stride 2, lane by lane") {
  const pass_table column32 = pass_schedule([](int l) { return 32 * l; });
  const pass_table stride2 = pass_schedule([](int l) { return 2 * l; });
  for (int l = 0; l < 32; ++l) {
    CHECK(column32[l] == l);
    CHECK(stride2[l] == l / 16);  // lanes l and l + 16 share bank 2l % 32
    CHECK(stride2.phase[l] == 0);
  }
  CHECK(column32.passes == 32);
  // Queue order is the first lane asking: lanes 16..31 ask first-seen words again.
  const pass_table repeat = pass_schedule([](int l) { return 32 * (l % 16); });
  for (int l = 0; l < 32; ++l) CHECK(repeat[l] == l % 16);
}

// Broadcast: lanes asking for one word share it.
static_assert(analyze([](int) { return 0; }, load(4)).wavefronts == 1, "uniform read: 1");
static_assert(analyze([](int l) { return 128 * (l % 2); }, load(4)).wavefronts == 2, "two words in bank 0: 2");
static_assert(analyze([](int l) { return 4 * (l % 4); }, store(4)).wavefronts == 1, "stores to one word: 1");

// Sub-word: a lane touches the word holding its bytes; bytes of one word are one word.
static_assert(analyze([](int l) { return l; }, load(1)).wavefronts == 1, "32 bytes: 8 words, 1");
static_assert(analyze([](int l) { return 2 * l; }, store(2)).wavefronts == 1, "64 bytes: 16 words, 1");
static_assert(analyze([](int l) { return 128 * l + (l % 4); }, load(1)).wavefronts == 32, "bytes in 32 words of bank 0");
static_assert(analyze([](int l) { return 64 * l; }, load(2)).wavefronts == 16, "2-byte stride 64: 16");

// 8-byte accesses: two half-warp phases. Lanes l and l + 16 ask the same 8 bytes: in one
// phase that would cost 1; in two it costs 2.
static_assert(analyze([](int l) { return 8 * (l % 16); }, store(8)).wavefronts == 2);
static_assert(analyze([](int l) { return 8 * (l % 16); }, store(8)).ideal == 2);
static_assert(analyze([](int l) { return 8 * l; }, load(8)).wavefronts == 2, "contiguous LDS.64: 2");
// 16-byte accesses: four quarter-warp phases.
static_assert(analyze([](int l) { return 16 * (l % 8); }, store(16)).wavefronts == 4);
static_assert(analyze([](int l) { return 16 * l; }, load(16)).wavefronts == 4, "contiguous LDS.128: 4");
static_assert(analyze([](int l) { return 16 * l; }, load(16)).conflict_free());
static_assert(analyze([](int l) { return 32 * l; }, load(16)).wavefronts == 8, "float4 at stride 2: 2 per quarter");

// The load merge rule: P(1) or P(2) over the warp merges 8-byte loads into one phase and
// 16-byte loads into two half-warp phases, never one.
static_assert(analyze([](int) { return 0; }, load(8)).wavefronts == 1, "uniform LDS.64: 1 (2 unmerged)");
static_assert(analyze([](int) { return 0; }, load(16)).wavefronts == 2, "uniform LDS.128: 2, not 1 and not 4");
static_assert(analyze([](int) { return 0; }, load(16)).merged);
static_assert(analyze([](int l) { return 8 * (l / 2); }, load(8)).wavefronts == 1, "pairs i^1 agree: merged");
static_assert(analyze([](int l) { return 8 * ((l / 4) * 2 + l % 2); }, load(8)).wavefronts == 1, "pairs i^2 agree");
static_assert(analyze([](int l) { return 8 * ((l / 4) * 2 + l % 2); }, load(8)).merged);
static_assert(analyze([](int l) { return 16 * (l / 2); }, load(16)).wavefronts == 2, "LDS.128 pairs i^1: 2 halves");
// Inactive partners do not block the merge.
static_assert(analyze([](int l) { return 4 * l; }, load(8), even_lanes).wavefronts == 1);
static_assert(analyze([](int l) { return 4 * l; }, load(8), even_lanes).merged);
// One disagreeing pair anywhere keeps the phases.
static_assert(analyze([](int l) { return l == 31 ? 8 : 8 * (l / 2); }, load(8)).wavefronts == 2);
static_assert(!analyze([](int l) { return l == 31 ? 8 : 8 * (l / 2); }, load(8)).merged);
// Mixed halves: the lower half agrees in pairs, the upper half does not.
static_assert(!analyze([](int l) { return l < 16 ? 8 * (l / 2) : 8 * l; }, load(8)).merged);
// Stores never merge.
static_assert(analyze([](int) { return 0; }, store(8)).wavefronts == 2, "uniform STS.64: 2");
static_assert(analyze([](int) { return 0; }, store(16)).wavefronts == 4, "uniform STS.128: 4");
static_assert(!analyze([](int) { return 0; }, store(16)).merged);
// 4-byte loads have nothing to merge.
static_assert(!analyze([](int) { return 0; }, load(4)).merged);
// Nsight Compute's counts on an A10 (CC 8.6) and an H100 (CC 9.0), in an NVIDIA forum thread
// ("Discrepancy in LDS.128 wavefronts", forums.developer.nvidia.com/t/373160): lanes l and l + 16
// read 16 bytes at 32 (l % 16): 8 wavefronts, each quarter-warp 2-way (no broadcast between
// quarters); lanes 0-15 read byte 0 and lanes 16-31 byte 32: 2 wavefronts, with no excess (the
// merge rule's two half-warp phases; four quarters would cost 4).
static_assert(analyze([](int l) { return 32 * (l % 16); }, load(16)).wavefronts == 8);
static_assert(analyze([](int l) { return 32 * (l % 16); }, load(16)).ideal == 4);
static_assert(analyze([](int l) { return l < 16 ? 0 : 32; }, load(16)).wavefronts == 2);
static_assert(analyze([](int l) { return l < 16 ? 0 : 32; }, load(16)).conflict_free());

// Affine lanes cost each phase by its own number of lanes: on an architecture whose 16-byte
// stores take phases of 8, 16 and 8 lanes (or 8, 8, 16), a row of float4 costs 1 + 2 + 1.
namespace {
constexpr architecture uneven_quarters(int wide) {
  architecture a = arch::nvidia;
  a.store[4] = phase_groups{};
  for (int p = 0, first = 0; first < 32; ++p) {
    const int size = p == wide ? 16 : 8;
    a.store[4].lanes[p] = lane_range(first, first + size - 1);
    first += size;
  }
  return a;
}
constexpr report float4_row(int wide) {
  return analyze([](int l) { return 16 * l; }, store(16), whole_warp, uneven_quarters(wide));
}
}  // namespace
static_assert(float4_row(1).wavefronts == 4 && float4_row(1).ideal == 3 && float4_row(1).worst.phase == 1);
static_assert(float4_row(2).wavefronts == 4 && float4_row(2).ideal == 3 && float4_row(2).worst.phase == 2);
// Equal phases cost the same, and the first of them is the witness: float4 at stride 2, lanes 0 and 4.
static_assert(analyze([](int l) { return 32 * l; }, load(16)).worst.phase == 0);
static_assert(analyze([](int l) { return 32 * l; }, load(16)).worst.lane_b == 4);

// ldmatrix / stmatrix: one phase per 8x8 matrix, 8 rows of 16 bytes from lanes 8m..8m+7;
// free iff the rows fall in distinct 16-byte bank groups (a / 16) % 8: pitch P free iff P/16 odd.
namespace {
template <int Pitch, int N>
constexpr report matrices() {
  return analyze([](int l) { return Pitch * (l % 8) + 16 * (l / 8); }, ldmatrix(N));
}
}  // namespace
static_assert(matrices<128, 1>().wavefronts == 8, "pitch 128 (P/16 = 8): all rows in one group");
static_assert(matrices<128, 4>().wavefronts == 32 && matrices<128, 4>().ideal == 4);
static_assert(matrices<144, 4>().wavefronts == 4 && matrices<144, 4>().conflict_free(), "pitch 144 (9): free");
static_assert(matrices<48, 2>().wavefronts == 2, "pitch 48 (3): free");
static_assert(matrices<32, 1>().wavefronts == 2, "pitch 32 (2): two rows per group");
static_assert(analyze([](int l) { return 16 * (l / 8); }, ldmatrix(4)).wavefronts == 4, "coinciding rows: 1 each");
static_assert(analyze([](int l) { return 128 * l; }, stmatrix(2)).wavefronts == 16);
// Only the address lanes are called: lanes >= 8 would give a negative address.
static_assert(analyze([](int l) { return l < 8 ? 144 * l : -1; }, ldmatrix(1)).wavefronts == 1);
// Only the active lanes are called, in constant evaluation too: the others give a negative address.
static_assert(analyze([](int l) { return l % 2 ? -1 : 4 * 33 * l; }, load(4), 0x55555555u).conflict_free());
static_assert(analyze([](int l) { return l % 2 ? -1 : 4 * 32 * l; }, load(4), 0x55555555u).wavefronts == 16);
static_assert(pass_schedule([](int l) { return l % 2 ? -1 : 4 * 32 * l; }, load(4), 0x55555555u)[30] == 15);
// Lanes 0 and 31 alone: in one bank row, then in one bank.
static_assert(analyze([](int l) { return l == 0 ? 0 : l == 31 ? 124 : -1; }, load(4), 0x80000001u).wavefronts == 1);
static_assert(analyze([](int l) { return l == 0 ? 0 : l == 31 ? 128 : -1; }, load(4), 0x80000001u).wavefronts == 2);

// Witness of the worst conflict.
static_assert(analyze([](int l) { return 128 * l; }, load(4)).worst.bank == 0);
static_assert(analyze([](int l) { return 128 * l; }, load(4)).worst.lane_b == 1);
static_assert(analyze([](int l) { return 128 * l; }, load(4)).worst.word_b == 32);

// analyze and pass_schedule call a lambda without captures through a function pointer
// (detail::through_pointer), so their work is compiled once per pointer type; any other callable
// as it is. Which each callable takes, and that both give the same answer.
namespace {
template <class F>
constexpr bool takes_pointer = decltype(detail::through_pointer(std::declval<F&>(), 0))::value;
constexpr int row_of_floats(int l) { return 4 * l; }
struct column_of_floats {
  constexpr int operator()(int l) const { return 128 * l; }
};
constexpr auto no_captures = [](int l) { return 4 * l; };
constexpr auto init_capture = [pitch = 128](int l) { return pitch * l; };
constexpr auto generic = [](auto l) { return 16 * l; };

constexpr bool same(const report& a, const report& b) {
  const conflict_witness &x = a.worst, &y = b.worst;
  return a.error == b.error && a.wavefronts == b.wavefronts && a.ideal == b.ideal && a.degree == b.degree &&
         a.merged == b.merged && x.phase == y.phase && x.bank == y.bank && x.lane_a == y.lane_a &&
         x.lane_b == y.lane_b && x.word_a == y.word_a && x.word_b == y.word_b;
}
// F without captures, and the same addresses from a lambda with one: the report and every lane's pass.
template <class F>
constexpr bool same_by_both_paths(F f, bankcheck::access op, std::uint64_t lanes = whole_warp) {
  static_assert(takes_pointer<F>);
  const auto captured = [&f](int l) { return f(l); };
  const pass_table s = pass_schedule(f, op, lanes), t = pass_schedule(captured, op, lanes);
  bool passes = s.passes == t.passes;
  for (int l = 0; l < 32; ++l) passes = passes && s[l] == t[l] && s.phase[l] == t.phase[l];
  return same(analyze(f, op, lanes), analyze(captured, op, lanes)) && passes;
}
}  // namespace
static_assert(takes_pointer<decltype(no_captures)> && takes_pointer<const decltype(no_captures)>);
// (A function and a function pointer are analyzed as they are: once per pointer type already.)
static_assert(!takes_pointer<decltype(init_capture)> && !takes_pointer<decltype(generic)> &&
              !takes_pointer<column_of_floats> && !takes_pointer<decltype(row_of_floats)> && !takes_pointer<int (*)(int)>);
static_assert(analyze(no_captures, load(4)).wavefronts == 1 && analyze(row_of_floats, load(4)).wavefronts == 1 &&
              analyze(&row_of_floats, store(4)).wavefronts == 1 && analyze(init_capture, load(4)).wavefronts == 32 &&
              analyze(generic, load(16)).wavefronts == 4 && analyze(column_of_floats{}, store(4)).wavefronts == 32);
static_assert(pass_schedule(column_of_floats{}, load(4))[31] == 31 && pass_schedule(init_capture, load(4))[30] == 30 &&
              pass_schedule(generic, load(4))[31] == 3 && pass_schedule([](int l) { return 32 * l; })[9] == 9);
static_assert(same_by_both_paths([](int l) { return 4 * 33 * l; }, load(4)), "affine");
static_assert(same_by_both_paths([](int l) { return 128 * l; }, store(4)), "one bank");
static_assert(same_by_both_paths([](int l) { return 8 * ((l * 7) % 32); }, load(8)), "a permutation, 8 bytes");
static_assert(same_by_both_paths([](int l) { return 16 * (l ^ 3) + 512 * (l / 8); }, load(16)), "XOR, 16 bytes");
static_assert(same_by_both_paths([](int l) { return 4 * ((l / 4) * 32 + l % 4); }, load(4)), "2-D block, pitch 32");
static_assert(same_by_both_paths([](int l) { return l % 2 ? -1 : 4 * 32 * l; }, load(4), 0x55555555u), "even lanes");
static_assert(same_by_both_paths([](int l) { return 144 * (l % 8) + 16 * (l / 8); }, ldmatrix(4)), "ldmatrix");

// Counted accesses (neither closed form applies) take serve_phase's popcount loop in a constant
// evaluation and its counters at run time: the same report, witness included, both ways.
namespace {
constexpr std::uint64_t counted(int shape, int l) {
  const auto u = static_cast<std::uint64_t>(l);
  switch (shape) {
    case 0: return 4 * (u % 8 + 32 * (u % 5));     // 4 bytes: banks 0-7, each 4 words in 4 rows
    case 1: return 4 * ((u / 4) * 32 + u % 4);     // a 2-D block, pitch 32
    case 2: return 8 * (u % 4 + 16 * (u % 3));     // 8 bytes: 4 lanes a group, 3 rows
    default: return 16 * (u % 2 + 8 * (u % 3));    // 16 bytes: likewise
  }
}
template <int Shape, int Width>
constexpr report counted_at_compile_time = analyze([](int l) { return counted(Shape, l); }, load(Width));
template <int Shape, int Width>
void check_counted() {
  const report r = analyze([](int l) { return counted(Shape, l + run_time_one - 1); }, load(Width));
  CHECK(counted_at_compile_time<Shape, Width>.degree > 1);
  CHECK(same(counted_at_compile_time<Shape, Width>, r));
}
}  // namespace
TEST_CASE("a counted access reports the same at compile time and at run time") {
  check_counted<0, 4>();
  check_counted<1, 4>();
  check_counted<2, 8>();
  check_counted<3, 16>();
}

namespace {
// Lanes in pairs 2^63 bytes apart (a multiple of 128, so every pair asks bank 16): pairs 0, 2, 4
// ... share one address modulo 2^64 and pairs 1, 3 ... another, so bank 16 delivers 2 words, not
// 16. The affine tests' bound (a step under 2^32 in magnitude) leaves them to the counters.
constexpr std::uint64_t pairs_far_apart(int l) { return (std::uint64_t{1} << 63) * static_cast<unsigned>(l / 2) + 64; }
constexpr report far_apart_at_compile_time = analyze([](int l) { return pairs_far_apart(l); }, load(4));
static_assert(far_apart_at_compile_time.degree == 2 && far_apart_at_compile_time.wavefronts == 2,
              "pairs 2^63 apart: two words in one bank");
}  // namespace
TEST_CASE("lanes sharing values 2^63 apart cost the same at run time as at compile time") {
  const report r = analyze([](int l) { return pairs_far_apart(l + run_time_one - 1); }, load(4));
  CHECK(same(far_apart_at_compile_time, r));
}

// The witness on a tie: the first phase to cost the worst; in it, the first bank to deliver that
// many words, lanes taken in order (a lane's words in address order); lane_a the first lane to ask
// that bank, lane_b the first after it to ask it for another word.
namespace {
// 4 bytes: bank 1 is asked first (lane 0, word 1), but bank 2 delivers a second word first (lanes
// 1 and 2, words 2 and 34; bank 1's second word comes at lane 3): the witness is bank 2.
constexpr std::uint64_t second_word_first(int l) {
  return l == 0 ? 4 : l == 1 ? 8 : l == 2 ? 136 : l == 3 ? 132 : 4 * static_cast<std::uint64_t>(l);
}
constexpr report tie_of_banks = analyze([](int l) { return second_word_first(l); }, store(4));
static_assert(tie_of_banks.degree == 2 && tie_of_banks.worst.phase == 0 && tie_of_banks.worst.bank == 2 &&
                  tie_of_banks.worst.lane_a == 1 && tie_of_banks.worst.lane_b == 2 &&
                  tie_of_banks.worst.word_a == 2 && tie_of_banks.worst.word_b == 34,
              "a tie of banks: the first to deliver two words");
// 8 bytes, two phases of 16 lanes, each with one bank pair delivering two words (lanes 14, 15
// and lanes 30, 31): the witness is in phase 0.
constexpr std::uint64_t two_in_each_phase(int l) {
  return l == 15 || l == 31 ? 8 * static_cast<std::uint64_t>(l - 1) + 128 : 8 * static_cast<std::uint64_t>(l);
}
constexpr report tie_of_phases = analyze([](int l) { return two_in_each_phase(l); }, store(8));
static_assert(tie_of_phases.wavefronts == 4 && tie_of_phases.degree == 2 && tie_of_phases.worst.phase == 0 &&
                  tie_of_phases.worst.bank == 28 && tie_of_phases.worst.lane_a == 14 &&
                  tie_of_phases.worst.lane_b == 15 && tie_of_phases.worst.word_a == 28 &&
                  tie_of_phases.worst.word_b == 60,
              "a tie of phases: the first");
// 16 bytes: lanes 1 and 2 ask banks 4-7 for two chunks before lanes 0 and 3 ask banks 0-3 for
// theirs; the witness names the group's first bank, where a lane's first word lies.
constexpr std::uint64_t second_chunk_first(int l) {
  return l == 2 ? 144 : l == 3 ? 128 : 16 * static_cast<std::uint64_t>(l);
}
constexpr report tie_of_groups = analyze([](int l) { return second_chunk_first(l); }, store(16));
static_assert(tie_of_groups.degree == 2 && tie_of_groups.worst.phase == 0 && tie_of_groups.worst.bank == 4 &&
                  tie_of_groups.worst.lane_a == 1 && tie_of_groups.worst.lane_b == 2 &&
                  tie_of_groups.worst.word_a == 4 && tie_of_groups.worst.word_b == 36,
              "a tie of bank groups: the first to deliver two chunks");
// 4 bytes, XOR-swizzled: lane l reads word 32 * (l / 8) + (l % 8 ^ l / 8), so banks 0-7 deliver
// four words each, and bank 3 reaches four first (lanes 3, 10, 17, 24), bank 0 only at lane 27.
// Lanes affine over GF(2) are costed in closed form; the witness follows the same rule.
constexpr std::uint64_t swizzled_rows(int l) {
  return 128 * static_cast<std::uint64_t>(l / 8) + 4 * static_cast<std::uint64_t>(l % 8 ^ l / 8);
}
constexpr report tie_of_swizzled = analyze([](int l) { return swizzled_rows(l); }, load(4));
static_assert(tie_of_swizzled.degree == 4 && tie_of_swizzled.worst.bank == 3 && tie_of_swizzled.worst.lane_a == 3 &&
                  tie_of_swizzled.worst.lane_b == 10 && tie_of_swizzled.worst.word_a == 3 &&
                  tie_of_swizzled.worst.word_b == 35,
              "a tie of banks under an XOR swizzle: the first to deliver four words");
// An access wider than a row of banks: lane 0's float4 covers words 0 and 2 of bank 0 of two.
constexpr architecture two_banks() {
  architecture a = arch::rdna3;
  a.banks = 2;
  return a;
}
constexpr report own_words = analyze([](int l) { return 16 * l; }, load(16), whole_warp, two_banks());
static_assert(own_words.worst.bank == 0 && own_words.worst.lane_a == 0 && own_words.worst.lane_b == 0 &&
                  own_words.worst.word_a == 0 && own_words.worst.word_b == 2,
              "lane_b is lane_a where the lane's own second word is the first other word");
}  // namespace
TEST_CASE("the witness on a tie is the same at run time as at compile time") {
  CHECK(same(tie_of_swizzled, analyze([](int l) { return swizzled_rows(l + run_time_one - 1); }, load(4))));
  CHECK(same(tie_of_banks, analyze([](int l) { return second_word_first(l + run_time_one - 1); }, store(4))));
  CHECK(same(tie_of_phases, analyze([](int l) { return two_in_each_phase(l + run_time_one - 1); }, store(8))));
  CHECK(same(tie_of_groups, analyze([](int l) { return second_chunk_first(l + run_time_one - 1); }, store(16))));
  CHECK(same(own_words, analyze([](int l) { return 16 * (l + run_time_one - 1); }, load(16), whole_warp, two_banks())));
}

TEST_CASE("the report: witness, counts, bandwidth") {
  const report column = analyze([](int l) { return 4 * 32 * l; }, load(4));
  CHECK(column.ok());
  CHECK(column.wavefronts == 32);
  CHECK(column.ideal == 1);
  CHECK(column.degree == 32);
  CHECK(column.conflicts() == 31);
  CHECK_FALSE(column.conflict_free());
  CHECK(column.bandwidth() == doctest::Approx(1.0 / 32));
  CHECK(column.worst.phase == 0);
  CHECK(column.worst.bank == 0);
  CHECK(column.worst.lane_a == 0);
  CHECK(column.worst.lane_b == 1);
  CHECK(column.worst.word_a == 0);
  CHECK(column.worst.word_b == 32);

  // The worst phase is named: here the third quarter of an LDS.128 store.
  const report q = analyze([](int l) { return l / 8 == 2 ? 512 * l : 16 * l; }, store(16));
  CHECK(q.wavefronts == 3 + 8);
  CHECK(q.degree == 8);
  CHECK(q.worst.phase == 2);
  CHECK(q.worst.lane_a == 16);
  CHECK(q.worst.lane_b == 17);

  const report free = analyze([](int l) { return 4 * 33 * l; }, load(4));
  CHECK(free.conflict_free());
  CHECK(free.worst.lane_a == -1);
  CHECK(free.bandwidth() == doctest::Approx(1.0));
  // No wavefront, no bandwidth: an empty report, and an error's.
  CHECK(report{}.bandwidth() == 0.0);
  const report none = analyze([](int l) { return 4 * l; }, load(4), static_cast<std::uint64_t>(run_time_one - 1));
  CHECK(none.error == errc::lane_mask_must_not_be_empty);
  CHECK(none.bandwidth() == 0.0);
}

TEST_CASE("the callable is called once for each active lane, and only for those") {
  int calls[32] = {};
  const report r = analyze(
      [&calls](int l) {
        ++calls[l];
        return 4 * l;
      },
      load(4), 0xf0f0ull);
  CHECK(r.ideal == 1);
  for (int l = 0; l < 32; ++l) CHECK(calls[l] == ((0xf0f0ull >> l & 1) ? 1 : 0));
}

TEST_CASE("pass_schedule of a general access gives phase and pass per lane") {
  const pass_table t = pass_schedule([](int l) { return 16 * (l % 8) + 512 * (l / 16); }, store(16));
  for (int l = 0; l < 32; ++l) {
    CHECK(t.phase[l] == l / 8);
    CHECK(t[l] == 0);
  }
  const pass_table part = pass_schedule([](int l) { return 128 * l; }, load(4), 0xffull);
  CHECK(part.passes == 8);
  CHECK(part[7] == 7);
  CHECK(part[8] == -1);
  CHECK(part.phase[8] == -1);
}

TEST_CASE("bad input gives an error and no count at run time") {
  int bad = 3, one = 1;  // run-time values, so nothing here is a constant expression
  const auto words = [](int l) { return 4 * l; };
  auto expect = [](const report& r, errc e) {
    CHECK(r.error == e);
    CHECK_FALSE(r.ok());
    CHECK_FALSE(r.conflict_free());
    CHECK(r.wavefronts == 0);
    CHECK(r.ideal == 0);
    CHECK(r.degree == 0);
  };
  expect(analyze(words, load(bad)), errc::access_width_must_be_1_2_4_8_or_16);
  expect(analyze(words, store(bad * 4)), errc::access_width_must_be_1_2_4_8_or_16);
  expect(analyze(words, ldmatrix(bad)), errc::matrix_count_must_be_1_2_or_4);
  // Accesses built as aggregates that no instruction is (8-byte-aligned rows were counted).
  expect(analyze([](int l) { return 8 * l; }, access{op_kind::ldmatrix, 4 * one, 1}), errc::access_is_invalid);
  expect(analyze(words, access{op_kind::load, 4, 2 * one}), errc::access_is_invalid);
  expect(analyze(words, access{static_cast<op_kind>(9 * one), 4, 0}), errc::access_is_invalid);
  CHECK(pass_schedule(words, access{op_kind::stmatrix, 8 * one, 1}).error == errc::access_is_invalid);
  expect(analyze([one](int l) { return 4 * l + one; }, load(4)), errc::address_must_be_a_multiple_of_the_access_width);
  expect(analyze([one](int l) { return 8 * l + 4 * one; }, load(8)), errc::address_must_be_a_multiple_of_the_access_width);
  expect(analyze([one](int l) { return 16 * l + 8 * one; }, ldmatrix(1)), errc::address_must_be_a_multiple_of_the_access_width);
  expect(analyze([one](int l) { return 4 * l - 4 * one; }, load(4)), errc::address_must_not_be_negative);
  expect(analyze(words, load(4), std::uint64_t{0} * static_cast<std::uint64_t>(one)), errc::lane_mask_must_not_be_empty);
  expect(analyze(words, load(4), std::uint64_t{1} << 32), errc::lane_mask_must_fit_the_warp);
  expect(analyze(words, load(4), std::uint64_t{1} << (63 * one)), errc::lane_mask_must_fit_the_warp);
  expect(analyze(words, ldmatrix(1), lo_half), errc::matrix_ops_need_every_lane_of_the_warp);
  expect(analyze(words, ldmatrix(1), whole_warp, arch::rdna3), errc::architecture_has_no_matrix_ops);
  architecture no_banks = arch::nvidia;
  no_banks.banks = 0;
  expect(analyze(words, load(4), whole_warp, no_banks), errc::architecture_is_invalid);
  architecture overlapping = arch::nvidia;
  overlapping.load[2].lanes[1] = 1;  // lane 0 in two phases
  expect(analyze(words, load(4), whole_warp, overlapping), errc::architecture_is_invalid);
  architecture gap = arch::nvidia;
  gap.store[4].lanes[3] = 0;  // lanes 24..31 in no phase
  expect(analyze([](int l) { return 16 * l; }, store(16), whole_warp, gap), errc::architecture_is_invalid);

  // The seed's functions: 0 passes means invalid input.
  CHECK(conflict_degree([one](int l) { return l - one; }) == 0);
  CHECK(conflict_degree([one](int l) { return 30 * one - l; }) == 0);  // affine, negative from lane 31 on
  CHECK(conflict_degree([one](int l) { return 31 * one - l; }) == 1);  // affine, down to 0
  CHECK(conflict_degree([one](int) { return 5 * one; }) == 1);         // one word: a broadcast
  CHECK(conflict_degree([one](int) { return ~std::uint64_t{0} / 2 * static_cast<std::uint64_t>(one); }) == 0);  // 4 * word overflows
  // The same through a function pointer (a lambda without captures).
  CHECK(conflict_degree([](int l) { return l - run_time_one; }) == 0);
  CHECK(conflict_degree([](int l) { return 30 * run_time_one - l; }) == 0);
  CHECK(conflict_degree([](int l) { return 31 * run_time_one - l; }) == 1);
  CHECK(conflict_degree([](int) { return ~std::uint64_t{0} / 2 * static_cast<unsigned>(run_time_one); }) == 0);
  CHECK(conflict_degree([](int l) { return l == 3 ? -run_time_one : l; }) == 0);  // negative, not affine
  const pass_table t = pass_schedule([one](int l) { return l - one; });
  CHECK(t.error == errc::address_must_not_be_negative);
  CHECK(t.passes == 0);
  CHECK(t[5] == -1);
}

TEST_CASE("input that breaks several rules gets the first rule checked, as the README orders them") {
  int one = 1;
  architecture no_banks = arch::nvidia;
  no_banks.banks = 0;
  // The architecture's scalars, then the op, then the lane mask, then the matrix op's needs, then
  // the architecture's table for the access, then the active lanes' addresses all at once: a
  // negative one before a misaligned one, whatever their lanes.
  const auto both = [one](int l) { return l == 3 ? 4 * one + 2 : l == 5 ? -4 * one : 4 * l; };
  CHECK(analyze(both, load(3 * one), 0, no_banks).error == errc::architecture_is_invalid);
  CHECK(analyze(both, load(3 * one), 0).error == errc::access_width_must_be_1_2_4_8_or_16);
  CHECK(analyze(both, ldmatrix(1 * one), 0, arch::rdna3).error == errc::lane_mask_must_not_be_empty);
  CHECK(analyze(both, ldmatrix(1 * one), lo_half, arch::rdna3).error == errc::architecture_has_no_matrix_ops);
  CHECK(analyze(both, ldmatrix(1 * one), lo_half).error == errc::matrix_ops_need_every_lane_of_the_warp);
  CHECK(analyze(both, load(4 * one)).error == errc::address_must_not_be_negative);
  CHECK(analyze(both, load(4 * one), 0xffffffdf).error == errc::address_must_be_a_multiple_of_the_access_width);
  // A broken table (lanes 16-31 in no phase of 4-byte loads) after the mask, before the addresses.
  architecture no_table = arch::nvidia;
  no_table.load[2] = blocks(16, 16);
  CHECK(analyze(both, load(4 * one), 0, no_table).error == errc::lane_mask_must_not_be_empty);
  CHECK(analyze(both, load(4 * one), whole_warp, no_table).error == errc::architecture_is_invalid);
  // Matrix ops on a 16-lane warp: the whole warp is asked for before the warp's width is refused.
  architecture narrow = arch::nvidia;
  narrow.warp_size = 16;
  for (int i = 0; i < 5; ++i) narrow.load[i] = narrow.store[i] = blocks(16, 16);
  CHECK(analyze(both, ldmatrix(1 * one), 0xff, narrow).error == errc::matrix_ops_need_every_lane_of_the_warp);
  CHECK(analyze(both, ldmatrix(1 * one), whole_warp, narrow).error == errc::architecture_is_invalid);
}

TEST_CASE("addresses near the top of the 64-bit range are exact") {
  std::uint64_t top = ~std::uint64_t{0} - 15;  // 16-byte aligned, last 16 bytes
  const report r = analyze([top](int l) { return top - 16 * std::uint64_t(l); }, load(16));
  CHECK(r.ok());
  CHECK(r.wavefronts == 4);
  CHECK(conflict_degree([](int l) { return (~std::uint64_t{0} >> 2) - 32 * std::uint64_t(l); }) == 32);
  // The highest word index whose byte address fits 64 bits, 2^62 - 1 (bytes 2^64 - 4 ..), through
  // pass_schedule's word indices; one more is out of range.
  constexpr pass_table highest = pass_schedule([](int) -> std::uint64_t { return (std::uint64_t{1} << 62) - 1; });
  static_assert(highest.ok() && highest.passes == 1);
  CHECK(pass_schedule([](int l) -> std::uint64_t { return (std::uint64_t{1} << 62) - 1 + static_cast<unsigned>(l % run_time_one); })
            .passes == 1);
  CHECK(pass_schedule([](int) -> std::uint64_t { return std::uint64_t{1} << 62; }).error == errc::address_is_out_of_range);
}
