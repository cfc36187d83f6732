# SPDX-License-Identifier: BSL-1.0
# cmake -P: compiles SOURCE with COMPILER and FLAGS (a |-separated list) to an object in WORK, and
# passes when the compile succeeds and, with FORBIDDEN (a directory), none of the headers it read
# lies there: the single header compiles alone, without include/bankcheck/ behind it. With
# REQUIRED (a file), the compiler must also have read that file.
# Usage: cmake -DCOMPILER=<c++> "-DFLAGS=<a|b>" -DSOURCE=<file> -DWORK=<dir> [-DFORBIDDEN=<dir>]
#              [-DREQUIRED=<file>] -P compile_alone.cmake
foreach(var IN ITEMS COMPILER SOURCE WORK)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "compile_alone.cmake needs -D${var}=<value>")
  endif()
endforeach()
string(REPLACE "|" ";" flags "${FLAGS}")
get_filename_component(name "${SOURCE}" NAME)
file(MAKE_DIRECTORY "${WORK}")
set(object "${WORK}/${name}.o")
set(deps "${WORK}/${name}.d")
file(REMOVE "${object}" "${deps}")
execute_process(
  COMMAND "${COMPILER}" ${flags} -MD -MF "${deps}" -c "${SOURCE}" -o "${object}"
  RESULT_VARIABLE result
  OUTPUT_VARIABLE output
  ERROR_VARIABLE output)
list(JOIN flags " " shown)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "${COMPILER} ${shown} -c ${SOURCE} failed (${result}):\n${output}")
endif()
if(NOT output STREQUAL "")
  message("${output}")
endif()
if(NOT EXISTS "${deps}")
  message(FATAL_ERROR "${COMPILER} wrote no dependency file ${deps}")
endif()
file(READ "${deps}" read)
if(DEFINED FORBIDDEN)
  get_filename_component(forbidden "${FORBIDDEN}" REALPATH)
  string(FIND "${read}" "${forbidden}/" at)
  if(at EQUAL -1)
    string(FIND "${read}" "${FORBIDDEN}/" at)
  endif()
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "${SOURCE} compiled, but read headers from ${FORBIDDEN}:\n${read}")
  endif()
endif()
if(DEFINED REQUIRED)
  get_filename_component(required "${REQUIRED}" REALPATH)
  string(FIND "${read}" "${required}" at)
  if(at EQUAL -1)
    string(FIND "${read}" "${REQUIRED}" at)
  endif()
  if(at EQUAL -1)
    message(FATAL_ERROR "${SOURCE} compiled, but without reading ${REQUIRED}:\n${read}")
  endif()
endif()
if(DEFINED FORBIDDEN)
  message(STATUS "${COMPILER} ${shown}: compiles, reading nothing from ${FORBIDDEN}")
else()
  message(STATUS "${COMPILER} ${shown}: compiles")
endif()
