# SPDX-License-Identifier: BSL-1.0
# Runs PROGRAM with ARGS and with OTHER_ARGS (each a command line split as a shell would) and checks
# that both succeed and print the same stdout, byte for byte.
# Usage: cmake -DPROGRAM=<exe> "-DARGS=<a b>" "-DOTHER_ARGS=<c d>" -P compare_runs.cmake
foreach(var IN ITEMS PROGRAM ARGS OTHER_ARGS)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "compare_runs.cmake needs -D${var}=<value>")
  endif()
endforeach()

foreach(run IN ITEMS ARGS OTHER_ARGS)
  separate_arguments(args UNIX_COMMAND "${${run}}")
  execute_process(COMMAND "${PROGRAM}" ${args} OUTPUT_VARIABLE out_${run} ERROR_VARIABLE err RESULT_VARIABLE status)
  if(NOT status STREQUAL "0")
    message(FATAL_ERROR "${PROGRAM} ${${run}} failed (${status}):\n${err}")
  endif()
endforeach()
if(NOT out_ARGS STREQUAL out_OTHER_ARGS)
  message("--- ${ARGS}\n${out_ARGS}--- ${OTHER_ARGS}\n${out_OTHER_ARGS}--- end")
  message(FATAL_ERROR "${PROGRAM}: the two runs print different outputs")
endif()
