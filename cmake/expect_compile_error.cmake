# SPDX-License-Identifier: BSL-1.0
# cmake -P: compiles SOURCE with COMPILER and FLAGS (a |-separated list) defining FAIL_<CASE>; passes
# when the compile fails and its diagnostics contain the text CASE (the rule's name), or EXPECT (a
# regex) where given; with FIRST_ERROR=ON, the first error must name it, and with MAX_ERRORS=N
# there are at most N errors.
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
# FIRST_ERROR=ON: the first error must name the rule itself, not one that comes after others.
if(FIRST_ERROR)
  string(REGEX MATCH "[^\n]*error( #[0-9A-Za-z-]+)?:[^\n]*" first "${diagnostics}")
  if(NOT first MATCHES "${pattern}")
    message(FATAL_ERROR "case ${CASE}: the rule is named, but not by the first error, which is\n${first}\n"
                        "in:\n${output}")
  endif()
endif()
# MAX_ERRORS=N: at most N errors in all (clang++ adds one that the failed variable is no
# constant expression), not a wall of them.
if(DEFINED MAX_ERRORS)
  string(REGEX MATCHALL "error( #[0-9A-Za-z-]+)?:" errors "${diagnostics}")
  list(LENGTH errors count)
  if(count GREATER MAX_ERRORS)
    message(FATAL_ERROR "case ${CASE}: ${count} errors, where at most ${MAX_ERRORS} may follow from the rule:\n${output}")
  endif()
endif()
message(STATUS "case ${CASE}: fails to compile and names the rule")
