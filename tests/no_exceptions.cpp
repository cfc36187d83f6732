// SPDX-License-Identifier: BSL-1.0
// A build without exceptions (tests/CMakeLists.txt compiles this file with -fno-exceptions):
// every public header compiles (bankcheck.hpp and the three it leaves out). With no argument, a
// map that holds together is drawn by summary, to_text and to_svg as with exceptions (exit status
// 0); with the name of one of them, that drawing is given a map that does not hold together
// (banks 0) and must print its message on stderr and abort, drawing nothing. SIGABRT's handler
// here exits with status 3, which the test expects: CMake spells a signal differently by version.
// With "mixed", it prints what tests/no_exceptions_mixed.cpp, built with exceptions and linked
// after this unit, caught from the same drawing.
#include <bankcheck/bankcheck.hpp>
#include <bankcheck/exchange.hpp>
#include <bankcheck/mdspan.hpp>
#include <bankcheck/print.hpp>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#if BANKCHECK_DETAIL_EXCEPTIONS  // print.hpp's finding
#error "tests/no_exceptions.cpp must be compiled without exceptions (-fno-exceptions)"
#endif

// tests/no_exceptions_mixed.cpp, a unit built with exceptions: the message its to_text threw.
std::string fault_caught_with_exceptions();

namespace {

int failures = 0;

void expect(bool holds, const char* what) {
  if (holds) return;
  std::fprintf(stderr, "no_exceptions: failed: %s\n", what);
  ++failures;
}

bool has(const std::string& text, const char* part) { return text.find(part) != std::string::npos; }

extern "C" [[noreturn]] void exit_aborted(int) { std::_Exit(3); }

}  // namespace

int main(int argc, char** argv) {
  // A column of float[32][32]: 32 lanes in bank 0, 32 wavefronts.
  bankcheck::bank_map column = bankcheck::map_access([](int l) { return 128 * l; }, bankcheck::load(4));
  if (argc < 2) {
    expect(column.ok() && column.totals.wavefronts == 32, "map_access: a column of float[32][32] costs 32 wavefronts");
    expect(has(bankcheck::summary(column), "wavefronts 32, ideal 1, degree 32"), "summary names 32 wavefronts");
    expect(has(bankcheck::to_text(column), "rows of 32 words (128 bytes)"), "to_text draws the rows");
    expect(has(bankcheck::to_svg(column), "</svg>"), "to_svg draws a whole SVG");
    if (failures == 0) std::puts("no_exceptions: drawn");
    return failures == 0 ? 0 : 1;
  }
  // "mixed": the unit built with exceptions still throws, though the program links this unit
  // first, the order in which its aborting definition used to win (print.hpp).
  if (std::strcmp(argv[1], "mixed") == 0) {
    std::printf("caught: %s\n", fault_caught_with_exceptions().c_str());
    return 0;
  }
  std::signal(SIGABRT, exit_aborted);
  column.banks = 0;
  std::string drawn;
  if (std::strcmp(argv[1], "summary") == 0) drawn = bankcheck::summary(column);
  else if (std::strcmp(argv[1], "to_text") == 0) drawn = bankcheck::to_text(column);
  else if (std::strcmp(argv[1], "to_svg") == 0) drawn = bankcheck::to_svg(column);
  else {
    std::fprintf(stderr, "no_exceptions: unknown drawing '%s' (summary, to_text, to_svg or mixed)\n", argv[1]);
    return 2;
  }
  std::printf("no_exceptions: %s drew %zu characters of a map with 0 banks\n", argv[1], drawn.size());
  return 1;
}
