// SPDX-License-Identifier: BSL-1.0
// BANKCHECK_VERSION matches the CMake project version.
#include <bankcheck/version.hpp>
#include <doctest/doctest.h>

#ifndef BANKCHECK_EXPECTED_VERSION
#error "the build passes BANKCHECK_EXPECTED_VERSION (major*100000 + minor*100 + patch of the CMake project)"
#endif
static_assert(BANKCHECK_VERSION == BANKCHECK_EXPECTED_VERSION, "version.hpp disagrees with CMakeLists.txt");

TEST_CASE("version.hpp matches the CMake project version") { CHECK(BANKCHECK_VERSION == BANKCHECK_EXPECTED_VERSION); }
