# SPDX-License-Identifier: BSL-1.0
# Runs PROGRAM with ARGS (a command line, split as a shell would) and checks its exit status is STATUS and that its stdout and
# stderr together match REGEX; with -DSTDOUT_EMPTY=ON, also that it printed nothing on stdout. With
# -DSTDOUT_FILE=<path>, stdout goes to that file (as /dev/full, a disk that is full). Usage:
#   cmake -DPROGRAM=<exe> "-DARGS=<a b>" -DSTATUS=<n> "-DREGEX=<regex>" [-DSTDOUT_EMPTY=ON] [-DSTDOUT_FILE=<path>]
#         -P run_expect.cmake
foreach(var IN ITEMS PROGRAM STATUS REGEX)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_expect.cmake needs -D${var}=<value>")
  endif()
endforeach()
separate_arguments(args UNIX_COMMAND "${ARGS}")
if(DEFINED STDOUT_FILE)
  execute_process(COMMAND "${PROGRAM}" ${args}
    OUTPUT_FILE "${STDOUT_FILE}"
    ERROR_VARIABLE err
    RESULT_VARIABLE status)
  set(out "")
else()
  execute_process(COMMAND "${PROGRAM}" ${args}
    OUTPUT_VARIABLE out
    ERROR_VARIABLE err
    RESULT_VARIABLE status)
endif()
if(NOT status STREQUAL "${STATUS}")
  message("--- stdout\n${out}--- stderr\n${err}--- end")
  message(FATAL_ERROR "${PROGRAM} ${ARGS}: exit status ${status}, expected ${STATUS}")
endif()
if(NOT "${out}${err}" MATCHES "${REGEX}")
  message("--- stdout\n${out}--- stderr\n${err}--- end")
  message(FATAL_ERROR "${PROGRAM} ${ARGS}: the output does not match '${REGEX}'")
endif()
if(STDOUT_EMPTY AND NOT out STREQUAL "")
  message("--- stdout\n${out}--- stderr\n${err}--- end")
  message(FATAL_ERROR "${PROGRAM} ${ARGS}: printed on stdout, expected only an error on stderr")
endif()
