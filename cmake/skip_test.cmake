# SPDX-License-Identifier: BSL-1.0
# A CTest test that reports itself skipped: cmake -DREASON=<why> -P skip_test.cmake (SKIP_RETURN_CODE 77).
message("SKIPPED: ${REASON}")
# Before CMake 3.29 a script cannot choose its exit code; the test's SKIP_REGULAR_EXPRESSION
# "SKIPPED: " then marks it skipped instead.
if(CMAKE_VERSION VERSION_GREATER_EQUAL 3.29)
  cmake_language(EXIT 77)
endif()
