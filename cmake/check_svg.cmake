# SPDX-License-Identifier: BSL-1.0
# Runs PROGRAM with ARGS plus "--svg SVG", then parses SVG with xmllint (libxml2) and checks that
# it holds COUNT rectangles of class CLASS (a map's word cells, "word"; a sweep's bars, "bar"): a
# well-formed document with the picture in it. With GOLDEN, the file must also equal GOLDEN byte for
# byte (the pictures in docs/, which the README says each command draws).
# Usage: cmake -DPROGRAM=<exe> "-DARGS=<a b>" -DSVG=<file> -DCLASS=<class> -DCOUNT=<n> -DXMLLINT=<xmllint>
#        [-DGOLDEN=<file>] -P check_svg.cmake
foreach(var IN ITEMS PROGRAM SVG CLASS COUNT XMLLINT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "check_svg.cmake needs -D${var}=<value>")
  endif()
endforeach()
file(REMOVE "${SVG}")
separate_arguments(args UNIX_COMMAND "${ARGS}")
execute_process(COMMAND "${PROGRAM}" ${args} --svg "${SVG}" RESULT_VARIABLE status OUTPUT_QUIET)
if(NOT status STREQUAL "0")
  message(FATAL_ERROR "${PROGRAM} ${ARGS} --svg ${SVG}: exit status ${status}")
endif()
execute_process(COMMAND "${XMLLINT}" --noout "${SVG}" RESULT_VARIABLE status ERROR_VARIABLE errors)
if(NOT status STREQUAL "0")
  message(FATAL_ERROR "${SVG} is not well-formed XML:\n${errors}")
endif()
execute_process(COMMAND "${XMLLINT}" --xpath "count(//*[local-name()='rect'][@class='${CLASS}'])" "${SVG}"
  OUTPUT_VARIABLE count RESULT_VARIABLE status)
string(STRIP "${count}" count)
if(NOT status STREQUAL "0" OR NOT count STREQUAL "${COUNT}")
  message(FATAL_ERROR "${SVG}: ${count} rectangles of class ${CLASS}, expected ${COUNT}")
endif()
execute_process(COMMAND "${XMLLINT}" --xpath "string(/*[local-name()='svg']/*[local-name()='title'])" "${SVG}"
  OUTPUT_VARIABLE title)
if(title STREQUAL "")
  message(FATAL_ERROR "${SVG}: no title")
endif()
if(DEFINED GOLDEN)
  file(READ "${SVG}" drawn)
  file(READ "${GOLDEN}" expected)
  if(NOT drawn STREQUAL expected)
    message(FATAL_ERROR "${SVG} differs from ${GOLDEN}: draw it again with\n"
                        "  bankcheck-explore ${ARGS} --svg ${GOLDEN}")
  endif()
endif()
