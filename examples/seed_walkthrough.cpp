// SPDX-License-Identifier: BSL-1.0
// The seed's patterns, one by one: passes, the pass in which each lane is served, and the
// fraction of shared-memory bandwidth the warp gets. Every number comes from bankcheck.
#include <bankcheck/bankcheck.hpp>

#include <cstdio>

namespace {

template <class WordOfLane>
void show(const char* name, const char* formula, WordOfLane word_of_lane) {
  const int passes = bankcheck::conflict_degree(word_of_lane);
  const bankcheck::pass_table schedule = bankcheck::pass_schedule(word_of_lane);
  std::printf("%-34s word = %-12s passes %2d   bandwidth %5.1f%%\n", name, formula, passes, 100.0 / passes);
  std::printf("  pass by lane:");
  for (int lane = 0; lane < 32; ++lane) std::printf(" %d", schedule[lane]);
  std::printf("\n");
}

}  // namespace

int main() {
  std::printf("32 lanes each read one 4-byte word; word w sits in bank w %% 32.\n");
  std::printf("A bank delivers one distinct word per pass; lanes asking for the same word share it.\n\n");
  show("row of float s[32][32]", "lane", [](int lane) { return lane; });
  show("column of float s[32][32]", "32 * lane", [](int lane) { return 32 * lane; });
  show("column of float s[32][33] (pad 1)", "33 * lane", [](int lane) { return 33 * lane; });
  show("column of float s[32][34] (pad 2)", "34 * lane", [](int lane) { return 34 * lane; });
  show("stride 2", "2 * lane", [](int lane) { return 2 * lane; });
  show("stride 3 (every odd stride)", "3 * lane", [](int lane) { return 3 * lane; });
  show("stride 8", "8 * lane", [](int lane) { return 8 * lane; });
  show("eight lanes share each word", "lane / 8", [](int lane) { return lane / 8; });
  show("one word for the whole warp", "0", [](int) { return 0; });

  // The same facts at compile time: this program would not build if one were false.
  static_assert(bankcheck::conflict_degree([](int lane) { return 32 * lane; }) == 32);
  static_assert(bankcheck::conflict_degree([](int lane) { return 33 * lane; }) == 1);
  std::printf("\nColumn reads of s[32][32 + pad], pad 0..8: passes = gcd(pad, 32), 1 for odd pad:\n ");
  for (int pad = 0; pad <= 8; ++pad)
    std::printf(" pad %d: %d%s", pad, bankcheck::conflict_degree([pad](int lane) { return (32 + pad) * lane; }),
                pad < 8 ? "," : "\n");
  return 0;
}
