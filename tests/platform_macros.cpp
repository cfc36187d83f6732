// SPDX-License-Identifier: BSL-1.0
// Every public header compiles, and the engine and the pictures instantiate, after the macros
// that common platform headers define over ordinary words, as a user's unit may include them
// first: <windows.h> without NOMINMAX or WIN32_LEAN_AND_MEAN (near, far, min, max, ...: a CUDA
// project on Windows), X11's <X11/X.h> (None, Above, ...: CUDA-OpenGL interop), glibc's
// <getopt.h> (no_argument: a command-line tool) and ncurses' <term.h> (lines, label_width).
// The Windows macros are defined here by hand, with the headers' own values; X11's, getopt's and
// term.h's come from the real headers where found, else by hand, so that no machine skips them.
// The standard headers the library uses come first (a Windows toolchain's standard library is
// written to survive those macros, libstdc++ is not); Boost.Mp11 and bankcheck's own code meet
// them.
// Compiling is the test (tests/CMakeLists.txt adds this file to the header checks;
// tests/cuda/platform_macros.test.cu compiles it with nvcc).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

// minwindef.h
#define near
#define far
#define pascal
#define cdecl
#define NEAR
#define FAR
#define CONST const
#define CALLBACK
#define max(a, b) (((a) > (b)) ? (a) : (b))
#define min(a, b) (((a) < (b)) ? (a) : (b))
// winnt.h, rpcndr.h, objbase.h, wingdi.h, winerror.h
#define VOID void
#define DELETE (0x00010000L)
#define small char
#define hyper long long
#define boolean unsigned char
#define interface struct
#define ERROR 0
#define IN
#define OUT
#define OPTIONAL
#define TRANSPARENT 1
#define OPAQUE 2
#define ABSOLUTE 1
#define RELATIVE 2
#define NO_ERROR 0L

// X11/X.h, X11/Xlib.h; getopt.h; term.h: the real header where it is found (__has_include is
// C++17), else its macros as it defines them.
#if __has_include(<X11/Xlib.h>)
#include <X11/Xlib.h>
#else
#define None 0L
#define Above 0
#define Below 1
#define Success 0
#define Always 2
#define Opposite 4
#define Complex 0
#define Convex 2
#define Bool int
#define Status int
#define True 1
#define False 0
#endif
#if __has_include(<getopt.h>)
#include <getopt.h>
#else
#define no_argument 0
#define required_argument 1
#define optional_argument 2
#endif
#if __has_include(<term.h>)
#include <term.h>
#else
#define lines (cur_term->type.Numbers[2])
#define columns (cur_term->type.Numbers[0])
#define label_width (cur_term->type.Numbers[10])
#endif

#include <bankcheck/bankcheck.hpp>
#include <bankcheck/exchange.hpp>
#include <bankcheck/mdspan.hpp>
#include <bankcheck/print.hpp>

namespace {

// The engine's run-time paths (affine, shared words, counted) and its constant evaluation.
static_assert(bankcheck::analyze([](int l) { return 128 * l; }, bankcheck::load(4)).wavefronts == 32, "a column");
static_assert(bankcheck::padded_tile<float, 32, 32>::padding == 1, "one float of padding");
static_assert(bankcheck::analyze_exchange<float, 8, 128>(bankcheck::cub_exchange_layout(8, 4)).conflict_free(), "an exchange");

}  // namespace

int bankcheck_platform_macros_use(const std::uint32_t* address) {
  const auto word = [address](int l) { return address[l]; };
  const bankcheck::bank_map m = bankcheck::map_access(word, bankcheck::store(8));
  return bankcheck::analyze(word, bankcheck::load(16)).wavefronts +
         static_cast<int>(bankcheck::summary(m).size() + bankcheck::to_text(m).size() + bankcheck::to_svg(m).size());
}
