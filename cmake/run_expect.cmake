# SPDX-License-Identifier: BSL-1.0
# Runs PROGRAM with ARGS (a command line, split as a shell would) and checks its exit status is STATUS and that its stdout and
# stderr together match REGEX; with -DSTDOUT_EMPTY=ON, also that it printed nothing on stdout. With
# -DSTDOUT_FILE=<path>, stdout goes to that file (as /dev/full, a disk that is full). With
# -DEMPTY_LAST=ON the program gets one more argument after ARGS, an empty one (a list of split
# arguments cannot hold it). Usage:
#   cmake -DPROGRAM=<exe> "-DARGS=<a b>" -DSTATUS=<n> "-DREGEX=<regex>" [-DSTDOUT_EMPTY=ON] [-DSTDOUT_FILE=<path>]
#         [-DEMPTY_LAST=ON] -P run_expect.cmake
foreach(var IN ITEMS PROGRAM STATUS REGEX)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_expect.cmake needs -D${var}=<value>")
  endif()
endforeach()
separate_arguments(args UNIX_COMMAND "${ARGS}")
# The run, with where its stdout goes (ARGN); a quoted empty argument is kept where a list's is not.
macro(run_program)
  if(EMPTY_LAST)
    execute_process(COMMAND "${PROGRAM}" ${args} "" ${ARGN} ERROR_VARIABLE err RESULT_VARIABLE status)
  else()
    execute_process(COMMAND "${PROGRAM}" ${args} ${ARGN} ERROR_VARIABLE err RESULT_VARIABLE status)
  endif()
endmacro()
if(DEFINED STDOUT_FILE)
  run_program(OUTPUT_FILE "${STDOUT_FILE}")
  set(out "")
else()
  run_program(OUTPUT_VARIABLE out)
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
