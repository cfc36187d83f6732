# SPDX-License-Identifier: BSL-1.0
# cmake -P: compiles SOURCE with COMPILER and FLAGS (a |-separated list) defining FAIL_<CASE>; passes
# when the compile fails and its diagnostics contain the text CASE (the rule's name).
string(REPLACE "|" ";" flags "${FLAGS}")
execute_process(
  COMMAND "${COMPILER}" ${flags} "-DFAIL_${CASE}" "${SOURCE}"
  RESULT_VARIABLE result
  OUTPUT_VARIABLE output
  ERROR_VARIABLE output)
if(result EQUAL 0)
  message(FATAL_ERROR "case ${CASE}: the unit compiled, but it breaks the rule and must not")
endif()
if(DEFINED EXPECT)
  set(pattern "${EXPECT}")
else()
  string(REPLACE "_" "[_ ]" pattern "${CASE}")
endif()
# The rule must be named by the diagnostics themselves, not by a file's path (a checkout or build
# directory whose path holds a rule's name would match): absolute paths are left out.
string(REGEX REPLACE "/[^ \t\n:'\"()]+" "<path>" diagnostics "${output}")
if(NOT diagnostics MATCHES "${pattern}")
  message(FATAL_ERROR "case ${CASE}: the compile failed, but the diagnostics do not name the rule:\n${output}")
endif()
message(STATUS "case ${CASE}: fails to compile and names the rule")
