// SPDX-License-Identifier: BSL-1.0
// The test runner: doctest's main (Debian's doctest ships no doctest_with_main).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
