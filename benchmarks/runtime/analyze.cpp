// SPDX-License-Identifier: BSL-1.0
// Run-time speed of analyze: one million random warp-accesses, per access width, against
//   the floor:    computing the 32 addresses' banks, nothing else;
//   the baseline: the seed's pass loop, transliterated (for each pass, every lane is scanned
//                 against its bank's word in that pass), phase by phase.
// The accesses are stores, whose cost the baseline computes exactly (stores never merge); main
// checks that the library and the baseline agree on every access before timing anything.
// Google Benchmark; items_per_second is warp-accesses per second.
//
// The 2^20 accesses' addresses take 128 MB, so the loops over them also stream that much memory,
// and on some machines the floor then measures more than computing (the seventeenth session's
// VM: 57-66 ns an access over the 128 MB, 16 over 1 MB; benchmarks/README.md). The *_resident
// benchmarks run the same three loops 128 times over the first 2^13 accesses (1 MB, which stays
// in a core's L2 cache): 2^20 warp-accesses again, for a floor that measures computing.
//
// `--count WIDTH WHAT N [SHAPE]` runs one loop over the first N accesses instead, WHAT being floor,
// analyze, baseline or none (the accesses only), and prints its sum: runtime/instructions.sh counts
// the instructions of each under callgrind, which, unlike times on a shared machine, repeat
// exactly. SHAPE (0-5) gives every access the generator's shape SHAPE instead of a random one.
// `--shapes [REPEAT]` times analyze and the floor on each shape alone instead (a markdown table).
// `--floors [REPEAT]` times the floor's loop against three other ways to get the same banks.
// The choosers' run-time cost is measured by runtime/choices.cpp, a program of its own: here they
// gave the engine's `run` a second caller, and g++ then kept it out of the loops timed here
// (benchmarks/README.md, twenty-seventh session).
#include <bankcheck/analyze.hpp>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

namespace {

constexpr int accesses = 1 << 20;  // 1,048,576 warp-accesses
constexpr int resident = 1 << 13;  // the first 8,192 of them: 1 MB of addresses

// Random warp-accesses of `width` bytes: strides, padded columns, rows, shared words, random
// words in a few bank rows (shapes 0-4, drawn at random), and XOR-swizzled columns (shape 5, only
// as `only`; `only` >= 0: that shape for every access); 32 lane addresses each (uint32), aligned
// to the width.
std::vector<std::uint32_t> make_accesses(int width, int n = accesses, int only = -1) {
  std::mt19937 rng(0xbe7c4 + static_cast<unsigned>(width));
  std::vector<std::uint32_t> a(static_cast<std::size_t>(n) * 32);
  for (int k = 0; k < n; ++k) {
    const std::uint32_t base = static_cast<std::uint32_t>(width) * (rng() % 4096);
    const std::uint32_t stride = static_cast<std::uint32_t>(width) * static_cast<std::uint32_t>(rng() % 40);
    const int drawn = static_cast<int>(rng() % 5), shape = only >= 0 ? only : drawn;
    for (int l = 0; l < 32; ++l) {
      const auto u = static_cast<std::uint32_t>(l);
      std::uint32_t x = 0;
      switch (shape) {
        case 0: x = base + stride * u; break;                                    // strided
        case 1: x = base + static_cast<std::uint32_t>(width) * (u * 33 % 1024); break;  // padded column
        case 2: x = base + static_cast<std::uint32_t>(width) * u; break;          // row
        case 3: x = base + static_cast<std::uint32_t>(width) * (u / 4); break;    // shared words
        case 4: x = base + static_cast<std::uint32_t>(width) * static_cast<std::uint32_t>(rng() % 256); break;  // random, nearby
        default:  // an XOR-swizzled column (shown alone, not in the mix): element (l, c ^ l) of a
                  // 32 x 32 tile of `width`-byte elements, from a tile-aligned base
          x = base / 4096 * 32768 + static_cast<std::uint32_t>(width) * (32 * u + (stride % 32 ^ u));
          break;
      }
      a[static_cast<std::size_t>(k) * 32 + u] = x;
    }
  }
  return a;
}

const std::vector<std::uint32_t>& accesses_of(int width) {
  static std::vector<std::uint32_t> by_width[17];
  auto& v = by_width[width];
  if (v.empty()) v = make_accesses(width);
  return v;
}

// The floor: each lane's bank (of its first word), ORed into a mask.
std::uint64_t floor_of(const std::uint32_t* x, int) {
  std::uint32_t banks = 0;
  for (int l = 0; l < 32; ++l) banks |= 1u << (x[l] / 4 % 32);
  return banks;
}

std::uint64_t analyze_of(const std::uint32_t* x, int width) {
  return static_cast<std::uint64_t>(bankcheck::analyze([x](int l) { return x[l]; }, bankcheck::store(width)).wavefronts);
}

// The seed's loop, per phase: while a lane's word is unserved, run a pass in which each bank
// serves the word of the first unserved lane asking it, and every lane asking that same word.
// NVIDIA's phases for stores: 32 lanes up to 4 bytes, 16 for 8 bytes, 8 for 16.
int seed_loop(const std::uint32_t* x, int width) {
  const int per_phase = width <= 4 ? 32 : width == 8 ? 16 : 8, words = width <= 4 ? 1 : width / 4;
  int total = 0;
  for (int first = 0; first < 32; first += per_phase) {
    bool served[32][4] = {};
    int left = per_phase * words, passes = 0;
    while (left > 0) {
      ++passes;
      std::uint32_t bank_word[32];
      bool busy[32] = {};
      for (int l = first; l < first + per_phase; ++l)
        for (int w = 0; w < words; ++w) {
          if (served[l - first][w]) continue;
          const std::uint32_t word = x[l] / 4 + static_cast<std::uint32_t>(w), bank = word % 32;
          if (!busy[bank]) {
            busy[bank] = true;
            bank_word[bank] = word;
          }
          if (bank_word[bank] == word) {
            served[l - first][w] = true;
            --left;
          }
        }
    }
    total += passes;
  }
  return total;
}

std::uint64_t baseline_of(const std::uint32_t* x, int width) { return static_cast<std::uint64_t>(seed_loop(x, width)); }

std::uint64_t none_of(const std::uint32_t* x, int) { return x[31]; }

// Other loops over the same addresses, for --floors: the floor's, prefetching the access 8 ahead
// (past the last access a prefetch is only a hint, never a fault); the same mask from a table of
// the 32 bits instead of a shift by a variable count; the banks' sum, which the compilers
// vectorize.
std::uint64_t floor_prefetching_of(const std::uint32_t* x, int) {
  std::uint32_t banks = 0;
  for (int l = 0; l < 32; ++l) {
    __builtin_prefetch(x + 8 * 32 + l);
    banks |= 1u << (x[l] / 4 % 32);
  }
  return banks;
}
struct bit_table {
  std::uint32_t bit[32];
};
constexpr bit_table make_bit_table() {
  bit_table t{};
  for (int b = 0; b < 32; ++b) t.bit[b] = 1u << b;
  return t;
}
constexpr bit_table bits = make_bit_table();
std::uint64_t floor_by_table_of(const std::uint32_t* x, int) {
  std::uint32_t banks = 0;
  for (int l = 0; l < 32; ++l) banks |= bits.bit[x[l] / 4 % 32];
  return banks;
}
std::uint64_t bank_sum_of(const std::uint32_t* x, int) {
  std::uint64_t sum = 0;
  for (int l = 0; l < 32; ++l) sum += x[l] / 4 % 32;
  return sum;
}

// One pass of `of` over the first n accesses of a: what each benchmark times, and --count runs.
template <class Of>
std::uint64_t sum_over(Of of, const std::vector<std::uint32_t>& a, int n, int width) {
  std::uint64_t sum = 0;
  for (int k = 0; k < n; ++k) sum += of(&a[static_cast<std::size_t>(k) * 32], width);
  return sum;
}

// Passes of Of over the first `distinct` accesses of a, accesses / distinct of them: 2^20
// warp-accesses in all, in a working set of `distinct`.
template <std::uint64_t (*Of)(const std::uint32_t*, int)>
std::uint64_t sum_over_passes(const std::vector<std::uint32_t>& a, int distinct, int width) {
  std::uint64_t sum = 0;
  for (int pass = 0; pass < accesses / distinct; ++pass) {
    benchmark::ClobberMemory();  // each pass reads the addresses again
    sum += sum_over(Of, a, distinct, width);
  }
  return sum;
}

// What each benchmark times: 2^20 warp-accesses of Of, over all the accesses once (Distinct =
// accesses, 128 MB of addresses) or over the first `resident` accesses, accesses / resident
// times (a working set that stays in the cache).
template <std::uint64_t (*Of)(const std::uint32_t*, int), int Distinct>
void timed(benchmark::State& state) {
  const int width = static_cast<int>(state.range(0));
  const auto& a = accesses_of(width);
  for (auto _ : state) {
    std::uint64_t sum = sum_over_passes<Of>(a, Distinct, width);
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * accesses);
}

// --count WIDTH WHAT N [SHAPE]: one pass of WHAT over the first N accesses of WIDTH bytes.
int count(int argc, char** argv) {
  const int width = argc > 2 ? std::atoi(argv[2]) : 0, n = argc > 4 ? std::atoi(argv[4]) : 0;
  // SHAPE is one digit, 0-4 (-1: none given; 5: not one digit).
  const int shape = argc <= 5 ? -1 : std::strlen(argv[5]) == 1 ? argv[5][0] - '0' : 5;
  const char* what = argc > 3 ? argv[3] : "";
  const auto of = std::strcmp(what, "floor") == 0      ? floor_of
                  : std::strcmp(what, "analyze") == 0  ? analyze_of
                  : std::strcmp(what, "baseline") == 0 ? baseline_of
                  : std::strcmp(what, "none") == 0     ? none_of
                                                       : nullptr;
  if ((width != 4 && width != 8 && width != 16) || of == nullptr || n < 1 || n > accesses ||
      (argc > 5 && (shape < 0 || shape > 5)) || argc > 6) {
    std::fprintf(stderr, "usage: %s --count WIDTH(4|8|16) floor|analyze|baseline|none N(1..%d) [SHAPE(0..5)]\n",
                 argv[0], accesses);
    return 2;
  }
  std::printf("%llu\n", static_cast<unsigned long long>(sum_over(of, make_accesses(width, n, shape), n, width)));
  return 0;
}

// ns per access of sum_over_passes.
template <std::uint64_t (*Of)(const std::uint32_t*, int)>
double ns_per_access(const std::vector<std::uint32_t>& a, int distinct, int width) {
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t sum = sum_over_passes<Of>(a, distinct, width);
  benchmark::DoNotOptimize(sum);
  const std::chrono::duration<double, std::nano> took = std::chrono::steady_clock::now() - start;
  return took.count() / accesses;
}

// --shapes [REPEAT]: ns per access of analyze and of the floor on accesses of one shape, for each
// shape and width, over the first `resident` of them 128 times (1 MB of addresses, as in the
// *_resident benchmarks: over 128 MB some machines' floor measures the memory, not the
// computing): the fastest of REPEAT (default 5) rounds, the two loops alternating so that a drift
// of the machine hits both. The mix's time is an average over shapes of very different costs,
// and a shape that changes at random from access to access costs branch mispredictions besides;
// this shows each alone. Each shape's 2^20 accesses are first checked against the seed's loop,
// like the mix's.
int shapes(int argc, char** argv) {
  const int repeat = argc > 2 ? std::atoi(argv[2]) : 5;
  if (repeat < 1 || argc > 3) {
    std::fprintf(stderr, "usage: %s --shapes [REPEAT(>= 1, default 5)]\n", argv[0]);
    return 2;
  }
  std::printf("| width | loop | strided | padded column | row | shared words | random, nearby | XOR-swizzled column |\n");
  std::printf("|---:|---|---:|---:|---:|---:|---:|---:|\n");
  for (const int width : {4, 8, 16}) {
    double ns[2][6];
    for (int shape = 0; shape < 6; ++shape) {
      const auto a = make_accesses(width, accesses, shape);
      for (int k = 0; k < accesses; ++k) {
        const std::uint32_t* x = &a[static_cast<std::size_t>(k) * 32];
        if (static_cast<int>(analyze_of(x, width)) != seed_loop(x, width)) {
          std::fprintf(stderr, "width %d, shape %d, access %d: analyze and the seed's loop disagree\n", width, shape, k);
          return 1;
        }
      }
      ns[0][shape] = ns[1][shape] = 1e300;
      for (int r = 0; r < repeat; ++r)
        for (int loop = 0; loop < 2; ++loop) {
          const double took = loop == 0 ? ns_per_access<analyze_of>(a, resident, width)
                                         : ns_per_access<floor_of>(a, resident, width);
          ns[loop][shape] = std::min(ns[loop][shape], took);
        }
    }
    for (int loop = 0; loop < 2; ++loop) {
      std::printf("| %d | %s |", width, loop == 0 ? "analyze" : "floor");
      for (const double t : ns[loop]) std::printf(" %.0f |", t);
      std::printf("\n");
    }
  }
  return 0;
}

// --floors [REPEAT]: the floor's loop and three other loops over the 4-byte mix, and analyze,
// over all 2^20 accesses (128 MB of addresses) and over the first 2^13 (1 MB) 128 times: ns per
// access, the fastest of REPEAT (default 5) rounds, the loops taking turns in each. Where the
// floor over 128 MB is slower than its own work (on some machines it is: benchmarks/README.md),
// this shows whether fetching the addresses is to blame.
int floors(int argc, char** argv) {
  const int repeat = argc > 2 ? std::atoi(argv[2]) : 5;
  if (repeat < 1 || argc > 3) {
    std::fprintf(stderr, "usage: %s --floors [REPEAT(>= 1, default 5)]\n", argv[0]);
    return 2;
  }
  using timer = double (*)(const std::vector<std::uint32_t>&, int, int);
  struct loop {
    const char* name;
    timer time;
  };
  const loop loops[] = {
      {"the floor: the OR of `1u << bank` (the benchmarks' floor)", ns_per_access<floor_of>},
      {"the same, prefetching the access 8 ahead", ns_per_access<floor_prefetching_of>},
      {"the same mask from a table of the 32 bits", ns_per_access<floor_by_table_of>},
      {"the banks' sum (vectorized)", ns_per_access<bank_sum_of>},
      {"`analyze`", ns_per_access<analyze_of>},
  };
  constexpr int n = sizeof loops / sizeof loops[0];
  const auto& a = accesses_of(4);
  double ns[n][2];
  for (auto& row : ns) row[0] = row[1] = 1e300;
  for (int r = 0; r < repeat; ++r)
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < 2; ++j) ns[i][j] = std::min(ns[i][j], loops[i].time(a, j == 0 ? accesses : resident, 4));
  std::printf("| loop, 4-byte mix | all 2^20 accesses (128 MB) | the first 2^13, 128 times (1 MB) |\n|---|---:|---:|\n");
  for (int i = 0; i < n; ++i) std::printf("| %s | %.1f | %.1f |\n", loops[i].name, ns[i][0], ns[i][1]);
  return 0;
}

}  // namespace

BENCHMARK(timed<floor_of, accesses>)->Name("bank_floor")->Arg(4)->Arg(8)->Arg(16)->Unit(benchmark::kMillisecond);
BENCHMARK(timed<analyze_of, accesses>)->Name("analyze")->Arg(4)->Arg(8)->Arg(16)->Unit(benchmark::kMillisecond);
BENCHMARK(timed<baseline_of, accesses>)->Name("baseline")->Arg(4)->Arg(8)->Arg(16)->Unit(benchmark::kMillisecond);
BENCHMARK(timed<floor_of, resident>)->Name("bank_floor_resident")->Arg(4)->Arg(8)->Arg(16)->Unit(benchmark::kMillisecond);
BENCHMARK(timed<analyze_of, resident>)->Name("analyze_resident")->Arg(4)->Arg(8)->Arg(16)->Unit(benchmark::kMillisecond);
BENCHMARK(timed<baseline_of, resident>)->Name("baseline_resident")->Arg(4)->Arg(8)->Arg(16)->Unit(benchmark::kMillisecond);

int main(int argc, char** argv) {
  if (argc > 1 && std::strcmp(argv[1], "--count") == 0) return count(argc, argv);
  if (argc > 1 && std::strcmp(argv[1], "--shapes") == 0) return shapes(argc, argv);
  if (argc > 1 && std::strcmp(argv[1], "--floors") == 0) return floors(argc, argv);
  for (const int width : {4, 8, 16}) {
    const auto& a = accesses_of(width);
    for (int k = 0; k < accesses; ++k) {
      const std::uint32_t* x = &a[static_cast<std::size_t>(k) * 32];
      const int library = static_cast<int>(analyze_of(x, width));
      if (library != seed_loop(x, width)) {
        std::fprintf(stderr, "width %d, access %d: analyze says %d wavefronts, the seed's loop %d\n", width, k, library,
                     seed_loop(x, width));
        return 1;
      }
    }
  }
  std::printf("analyze and the seed's loop agree on all %d accesses of each width\n", accesses);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
