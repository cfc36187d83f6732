// SPDX-License-Identifier: BSL-1.0
// The examples of docs/reference.md for bankcheck/print.hpp (ctest builds and runs this file and
// compares what it prints with print.output).
#include <cstdio>
#include <string>

#include <bankcheck/print.hpp>

using namespace bankcheck;

static void region(const char* name) { std::printf("// [%s]\n", name); }

int main() {
  region("map_access");
  // [map_access]
  // Lanes read floats 2 apart.
  const bank_map m = map_access([](int lane) { return 8 * lane; }, load(4));
  std::printf("%s, %d wavefronts\n", m.ok() ? "ok" : to_string(m.error), m.totals.wavefronts);
  // [map_access]
  region("map_access");

  region("bank_map");
  // [bank_map]
  std::printf("%zu words in %zu phase, lanes 0x%llx; lane 16 in pass %d\n", m.words.size(), m.phase_wavefronts.size(),
              static_cast<unsigned long long>(m.phase_lanes[0]), m.schedule[16]);
  // [bank_map]
  region("bank_map");

  region("mapped_word");
  // [mapped_word]
  const mapped_word& w = m.words[16];  // words sorted by phase, bank row, bank: bank 0 of row 1
  std::printf("word %llu: lanes 0x%llx, pass %d, wavefront %d\n", static_cast<unsigned long long>(w.word),
              static_cast<unsigned long long>(w.lanes), w.pass, w.wavefront);
  // [mapped_word]
  region("mapped_word");

  region("summary");
  // [summary]
  std::fputs(summary(m).c_str(), stdout);
  std::fputs(summary(map_access([](int) { return 0; }, load(16))).c_str(), stdout);
  std::fputs(summary(map_access([](int lane) { return 2 * lane; }, load(4))).c_str(), stdout);
  // [summary]
  region("summary");

  region("to_text");
  // [to_text]
  std::fputs(to_text(map_access([](int lane) { return 128 * (lane % 4); }, load(4), 0xff),
                     text_options{false, "lanes 0-7 read column 0, row lane % 4, of float[32][32]"}).c_str(), stdout);
  // [to_text]
  region("to_text");

  region("to_svg");
  // [to_svg]
  const std::string svg = to_svg(m, svg_options{"stride 2"});
  std::size_t cells = 0;
  for (std::size_t at = svg.find("class=\"word\""); at != std::string::npos; at = svg.find("class=\"word\"", at + 1))
    ++cells;
  std::printf("%s", svg.substr(0, svg.find('\n') + 1).c_str());
  std::printf("%zu word cells\n", cells);
  // [to_svg]
  region("to_svg");
}
