// SPDX-License-Identifier: BSL-1.0
// exchange_padding against a brute force written apart from the library: every candidate layout,
// every warp instruction of both exchanges, banks counted here (no engine, no classes of alike
// instructions; a candidate's count stops only once it is worse than the best yet).
// Used by tests/exchange.test.cpp.
#ifndef BANKCHECK_TESTS_EXCHANGE_SWEEP_HPP
#define BANKCHECK_TESTS_EXCHANGE_SWEEP_HPP

#include <bankcheck/exchange.hpp>
#include <doctest/doctest.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <type_traits>
#include <utility>

namespace exchange_sweep {

// An item of N bytes aligned as the widest power of two dividing N (at most 16): what a struct of
// such members would be (char[3]: 1, short[3]: 2, float3: 4, double2 / int4: 16).
constexpr int natural_alignment(int n) { return n % 16 == 0 ? 16 : n % 8 == 0 ? 8 : n % 4 == 0 ? 4 : n % 2 == 0 ? 2 : 1; }
template <int N>
struct alignas(natural_alignment(N)) item {
  unsigned char b[unsigned{N}];
};

struct cost {
  long long wavefronts = 0, ideal = 0;
  bool misaligned = false;  // some address is not a multiple of the width
};

// One NVIDIA warp instruction (no lane shares an address here, so the merge rule never applies
// with whole warps): phases of 32 lanes for widths 1, 2 and 4, 16 for 8, 8 for 16; a phase costs
// the most distinct 4-byte words any of the 32 banks holds.
inline cost instruction(const long long (&address)[32], const bool (&active)[32], int width) {
  const int phase_lanes = width == 16 ? 8 : width == 8 ? 16 : 32;
  cost c{};
  for (int first = 0; first < 32; first += phase_lanes) {
    long long words[32][32];  // per bank, its distinct words (a lane touches at most 4 words)
    int count[32] = {};
    bool any = false;
    for (int l = first; l < first + phase_lanes; ++l) {
      if (!active[l]) continue;
      any = true;
      const long long a = address[l];
      c.misaligned = c.misaligned || a % width != 0;
      for (long long w = a / 4; w <= (a + width - 1) / 4; ++w) {
        const int b = static_cast<int>(w % 32);
        bool seen = false;
        for (int k = 0; k < count[b]; ++k) seen = seen || words[b][k] == w;
        if (!seen) words[b][count[b]++] = w;
      }
    }
    if (!any) continue;
    int most = 0;
    for (int b = 0; b < 32; ++b) most = count[b] > most ? count[b] : most;
    c.wavefronts += most;
    c.ideal += 1;
  }
  return c;
}

// Both exchanges through item x at x * size + (x / group) * padding (exchange.hpp's model, restated):
// stores of blocked items, loads of striped ones, stores of striped, loads of blocked; item i,
// piece j of `width` bytes, every warp. With stop_above >= 0, it returns once its conflicts
// (wavefronts over the ideal) pass stop_above.
inline cost exchange(int size, int width, int ipt, int threads, int group, int padding, long long stop_above = -1) {
  cost total{};
  for (int half = 0; half < 4; ++half) {
    const bool blocked = half == 0 || half == 3;
    for (int i = 0; i < ipt; ++i)
      for (int j = 0; j < size / width; ++j)
        for (int w = 0; w < (threads + 31) / 32; ++w) {
          long long a[32] = {};
          bool on[32] = {};
          for (int l = 0; l < 32; ++l) {
            const long long t = 32LL * w + l;
            if (t >= threads) continue;
            const long long x = blocked ? t * ipt + i : static_cast<long long>(i) * threads + t;
            a[l] = x * size + x / group * padding + static_cast<long long>(j) * width;
            on[l] = true;
          }
          const cost c = instruction(a, on, width);
          total.wavefronts += c.wavefronts;
          total.ideal += c.ideal;
          total.misaligned = total.misaligned || c.misaligned;
          if (stop_above >= 0 && total.wavefronts - total.ideal > stop_above) return total;
        }
  }
  return total;
}

struct answer {
  bool found = false;  // conflict-free
  int group = 32, padding = 0;
  long long conflicts = -1;  // wavefronts over the ideal
};
// Every group 32, 16, .. 1 and padding 0, width, .. < 128: the one with the fewest wavefronts
// (conflict-free when any is), then the fewest padding bytes per item, then the larger group,
// then the smaller padding. First the conflict-free ones (each count stops at its first
// conflict); when there is none, and `least`, every candidate, each count stopping once it costs
// more than the best yet (slow for many pieces: 15-byte items take seconds). Without `least`, a
// layout that is not conflict-free is answered only as not found.
inline answer brute_force(int size, int width, int ipt, int threads, bool least = true) {
  for (const bool free_only : {true, false}) {
    if (!free_only && !least) break;
    answer best{};
    for (int group = 32; group >= 1; group /= 2)
      for (int padding = 0; padding < 128; padding += width) {
        // After the first, a candidate must cost fewer wavefronts, or as many with fewer padding
        // bytes per item: the most conflicts it may have, or -1 if it cannot win.
        const bool first = best.conflicts < 0;
        const bool wins_a_tie = !first && static_cast<long long>(padding) * best.group < static_cast<long long>(best.padding) * group;
        const long long above = first ? (free_only ? 0 : -1)
                                      : (free_only ? (wins_a_tie ? 0 : -1) : (wins_a_tie ? best.conflicts : best.conflicts - 1));
        if (!first && above < 0) continue;
        const cost c = exchange(size, width, ipt, threads, group, padding, above);
        const long long conflicts = c.wavefronts - c.ideal;
        if ((free_only && conflicts > 0) || (!first && conflicts > above)) continue;
        best = answer{conflicts == 0, group, padding, conflicts};
      }
    if (best.conflicts >= 0) return best;
  }
  return answer{};
}

// The library's answer for item<Size> and each items-per-thread, checked at compile time against
// what must hold whatever the numbers, then at run time against the brute force; appends a table row.
template <int Size, int Threads, int... Ipt>
void check_row(std::integer_sequence<int, Ipt...>, std::string& table) {
  using T = item<Size>;
  char label[32];
  std::snprintf(label, sizeof label, "%2d |", Size);
  table += label;
  auto one = [&table](auto ipt_constant) {
    constexpr int ipt = decltype(ipt_constant)::value;
    using choice = bankcheck::exchange_padding_choice<T, ipt, Threads>;
    constexpr bankcheck::exchange_layout cub = bankcheck::cub_exchange_layout(ipt, Size);
    constexpr bankcheck::exchange_report cub_cost = bankcheck::analyze_exchange<T, ipt, Threads>(cub);
    constexpr bankcheck::exchange_report ours = bankcheck::analyze_exchange<T, ipt, Threads>(choice::layout);
    // Whatever the numbers: the answer is what analyze_exchange says of its layout; it never
    // costs more than CUB's, and never pads more per item than CUB does when CUB's is
    // conflict-free too.
    static_assert(ours.wavefronts() == choice::wavefronts && ours.ideal() == choice::ideal);
    static_assert(ours.conflict_free() == choice::conflict_free);
    static_assert(ours.wavefronts() <= cub_cost.wavefronts());
    static_assert(!cub_cost.conflict_free() ||
                  (choice::conflict_free && choice::bytes * cub.group <= cub.padding * choice::group));
    static_assert(cub_cost.ideal() == ours.ideal(), "padding changes no instruction's ideal");

    const int width = choice::access_bytes;
    CAPTURE(Size);
    CAPTURE(ipt);
    const answer expected = brute_force(Size, width, ipt, Threads);
    CHECK(choice::conflict_free == expected.found);
    CHECK(choice::group == expected.group);
    CHECK(choice::bytes == expected.padding);
    const cost mine = exchange(Size, width, ipt, Threads, choice::group, choice::bytes);
    CHECK_FALSE(mine.misaligned);
    CHECK(mine.wavefronts == choice::wavefronts);
    CHECK(mine.ideal == choice::ideal);
    // The run-time chooser walks the same candidates in the same order: the same layout.
    const bankcheck::exchange_choice at_run_time = bankcheck::choose_exchange_padding(Size, alignof(T), ipt, Threads);
    CHECK(at_run_time.ok());
    CHECK(at_run_time.layout.group == choice::group);
    CHECK(at_run_time.layout.padding == choice::bytes);
    CHECK(at_run_time.wavefronts == choice::wavefronts);
    CHECK(at_run_time.ideal == choice::ideal);
    CHECK(at_run_time.degree == choice::degree);
    const cost theirs = exchange(Size, width, ipt, Threads, cub.group, cub.padding);
    CHECK(theirs.wavefronts == cub_cost.wavefronts());
    char cell[32];
    if (choice::conflict_free)
      std::snprintf(cell, sizeof cell, " %3d/%-2d%c", choice::bytes, choice::group, cub_cost.conflict_free() ? ' ' : '*');
    else
      std::snprintf(cell, sizeof cell, "    -   ");
    table += cell;
  };
  (one(std::integral_constant<int, Ipt>{}), ...);
  table += "\n";
}

inline std::string header(const char* ipts) {
  std::string h = "padding bytes / group items (* CUB's layout conflicts, - none is conflict-free)\nsize | items per thread ";
  h += ipts;
  h += "\n";
  return h;
}

}  // namespace exchange_sweep

#endif
