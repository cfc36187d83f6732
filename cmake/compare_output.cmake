# SPDX-License-Identifier: BSL-1.0
# Runs PROGRAM (with ARGS, a command line split as a shell would, if given) and checks its stdout equals EXPECTED byte for
# byte; keeps it in ACTUAL for a diff.
# Usage: cmake -DPROGRAM=<exe> ["-DARGS=<a b>"] -DEXPECTED=<file.output> -DACTUAL=<file> -P compare_output.cmake
foreach(var IN ITEMS PROGRAM EXPECTED ACTUAL)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "compare_output.cmake needs -D${var}=<value>")
  endif()
endforeach()

separate_arguments(args UNIX_COMMAND "${ARGS}")
execute_process(COMMAND "${PROGRAM}" ${args}
  OUTPUT_VARIABLE actual
  ERROR_VARIABLE errors
  RESULT_VARIABLE status)
file(WRITE "${ACTUAL}" "${actual}")
if(NOT status STREQUAL "0")
  message("--- stdout\n${actual}--- stderr\n${errors}--- end")
  message(FATAL_ERROR "${PROGRAM} failed: ${status}")
endif()

file(READ "${EXPECTED}" expected)
if("${actual}" STREQUAL "${expected}")
  return()
endif()

# Plain message() prints verbatim; FATAL_ERROR would re-wrap the lines.
find_program(DIFF_COMMAND diff)
if(DIFF_COMMAND)
  execute_process(COMMAND "${DIFF_COMMAND}" -u --label "expected ${EXPECTED}" --label "actual ${ACTUAL}"
                          "${EXPECTED}" "${ACTUAL}"
    OUTPUT_VARIABLE difference)
  message("${difference}")
else()
  message("--- expected (${EXPECTED})\n${expected}--- actual (${ACTUAL})\n${actual}--- end")
endif()
message(FATAL_ERROR "The output differs from ${EXPECTED}; it is kept in ${ACTUAL}")
