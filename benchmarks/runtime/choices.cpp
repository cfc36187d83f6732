// SPDX-License-Identifier: BSL-1.0
// The run-time cost of choose_padding and choose_swizzle, padded_tile's and swizzled_tile's
// choices made at run time, as a tool picking among thread blocks calls them, and of
// choose_exchange_padding, exchange_padding_choice's: markdown tables, microseconds a choice.
// Usage: bankcheck_choice_benchmark [REPEAT]
// A program of its own, apart from runtime/analyze.cpp: the choosers call the engine too, and in
// one program with analyze's timed loops g++ then kept the engine's `run` out of those loops
// (benchmarks/README.md, twenty-seventh session).
#include <bankcheck/exchange.hpp>
#include <bankcheck/padded_tile.hpp>
#include <bankcheck/pattern.hpp>
#include <bankcheck/swizzled_tile.hpp>

#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>

namespace {

// One run-time choice to time: choose_padding's or choose_swizzle's over one tile and thread block.
template <class Choice>
struct scenario {
  const char* what;
  Choice (*choose)(int);
  int calls;
};

// The fastest of `repeat` rounds of c.calls choices, in microseconds a choice; the last choice.
template <class Choice>
double microseconds(const scenario<Choice>& c, int repeat, int one, Choice& chosen) {
  double best = 0;
  for (int round = 0; round < repeat; ++round) {
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < c.calls; ++i) {
      chosen = c.choose(one);
      benchmark::DoNotOptimize(chosen);
    }
    const double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count() / c.calls;
    best = round == 0 || us < best ? us : best;
  }
  return best;
}

}  // namespace

// choose_padding and choose_swizzle on four tiles and thread blocks, and choose_exchange_padding
// on five exchanges, each the fastest of REPEAT rounds of calls (default 5) whose thread block
// (or items per thread) comes from the command line's argument count, so the compiler cannot fold
// them.
int main(int argc, char** argv) {
  const int repeat = argc > 1 ? std::atoi(argv[1]) : 5;
  if (repeat < 1 || argc > 2) {
    std::fprintf(stderr, "usage: %s [REPEAT(>= 1, default 5)]\n", argv[0]);
    return 2;
  }
  using bankcheck::choose_padding;
  using bankcheck::choose_swizzle;
  using bankcheck::column_segments;
  using bankcheck::dynamic_thread_block;
  using bankcheck::matrix_tiles;
  using bankcheck::op_kind;
  const int one = argc > 0 ? 1 : 0;  // 1, unknown to the compiler
  const char* const what[] = {"float[64][64], 32 x 8 block stores + column reads",
                              "float[64][64], 16 x 16 block stores + column reads",
                              "half[128][32], GEMM copy (4 x 32 threads, 8 halves) + ldmatrix.x4",
                              "float[256][256], 32 x 8 block stores + column reads"};
  const scenario<bankcheck::padding_choice> paddings[] = {
      {what[0], [](int k) { return choose_padding(4, 64, 64, dynamic_thread_block{32 * k, 8, op_kind::store}, column_segments<>{}); },
       2000},
      {what[1], [](int k) { return choose_padding(4, 64, 64, dynamic_thread_block{16 * k, 16, op_kind::store}, column_segments<>{}); },
       200},
      {what[2],
       [](int k) { return choose_padding(2, 128, 32, dynamic_thread_block{4 * k, 32, op_kind::store, false, 8}, matrix_tiles<4>{}); },
       200},
      {what[3],
       [](int k) { return choose_padding(4, 256, 256, dynamic_thread_block{32 * k, 8, op_kind::store}, column_segments<>{}); },
       2000},
  };
  const scenario<bankcheck::swizzle_choice> swizzles[] = {
      {what[0], [](int k) { return choose_swizzle(4, 64, 64, dynamic_thread_block{32 * k, 8, op_kind::store}, column_segments<>{}); },
       200},
      {what[1], [](int k) { return choose_swizzle(4, 64, 64, dynamic_thread_block{16 * k, 16, op_kind::store}, column_segments<>{}); },
       200},
      {what[2],
       [](int k) { return choose_swizzle(2, 128, 32, dynamic_thread_block{4 * k, 32, op_kind::store, false, 8}, matrix_tiles<4>{}); },
       200},
      {what[3],
       [](int k) { return choose_swizzle(4, 256, 256, dynamic_thread_block{32 * k, 8, op_kind::store}, column_segments<>{}); },
       200},
  };
  using bankcheck::choose_exchange_padding;
  namespace arch = bankcheck::arch;
  const scenario<bankcheck::exchange_choice> exchanges[] = {
      {"double x 8, NVIDIA (conflict-free)", [](int k) { return choose_exchange_padding(8, 8, 8 * k, 128); }, 200},
      {"char x 8, NVIDIA (conflict-free)", [](int k) { return choose_exchange_padding(1, 1, 8 * k, 128); }, 200},
      {"float x 6, NVIDIA (none conflict-free)", [](int k) { return choose_exchange_padding(4, 4, 6 * k, 128); }, 20},
      {"float x 8, gfx950 (none conflict-free)", [](int k) { return choose_exchange_padding(arch::gfx950, 4, 4, 8 * k, 128); }, 20},
      {"16-byte x 8, gfx942 (none conflict-free)", [](int k) { return choose_exchange_padding(arch::gfx942, 16, 16, 8 * k, 128); },
       20},
  };
  std::printf("| tile and accesses | padding | wavefronts / ideal | microseconds a choice |\n|---|---:|---:|---:|\n");
  for (const auto& c : paddings) {
    bankcheck::padding_choice chosen{};
    const double us = microseconds(c, repeat, one, chosen);
    std::printf("| %s | %d | %lld / %lld | %.1f |\n", c.what, chosen.padding, chosen.wavefronts, chosen.ideal, us);
  }
  std::printf("\n| tile and accesses | swizzle (B, M, S) | wavefronts / ideal | microseconds a choice |\n|---|---:|---:|---:|\n");
  for (const auto& c : swizzles) {
    bankcheck::swizzle_choice chosen{};
    const double us = microseconds(c, repeat, one, chosen);
    std::printf("| %s | %d, %d, %d | %lld / %lld | %.1f |\n", c.what, chosen.b, chosen.m, chosen.s, chosen.wavefronts,
                chosen.ideal, us);
  }
  std::printf("\n| exchange (items a thread, 128 threads) | padding bytes / group | wavefronts / ideal | microseconds a choice |\n"
              "|---|---:|---:|---:|\n");
  for (const auto& c : exchanges) {
    bankcheck::exchange_choice chosen{};
    const double us = microseconds(c, repeat, one, chosen);
    std::printf("| %s | %d / %d | %lld / %lld | %.1f |\n", c.what, chosen.layout.padding, chosen.layout.group, chosen.wavefronts,
                chosen.ideal, us);
  }
  return 0;
}
