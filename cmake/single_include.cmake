# SPDX-License-Identifier: BSL-1.0
# cmake -P: writes single_include/bankcheck.hpp: include/bankcheck/bankcheck.hpp, then the public
# headers it leaves out that the single header holds too (extra_headers below), each with every
# bankcheck header it includes ("#include <bankcheck/...>" or "#include "..."") inlined once,
# depth-first in include order; other includes (<cstdint>, <boost/mp11/...>) stay as they are.
# The single header is the whole library but the headers of left_out: it fails, naming the header,
# when a public header of include/bankcheck/ is in neither.
# Usage, from anywhere:
#   cmake -P cmake/single_include.cmake                    writes single_include/bankcheck.hpp
#   cmake -DOUTPUT=<file> -P cmake/single_include.cmake    writes <file> instead
#   cmake -DCHECK=ON -P cmake/single_include.cmake         fails unless the checked-in file is up to date
cmake_minimum_required(VERSION 3.21)
get_filename_component(root "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)
set(include_root "${root}/include")
set(entry "${include_root}/bankcheck/bankcheck.hpp")
# Public headers that bankcheck.hpp does not include (for their include cost) but the single
# header does, in this order; and those it leaves out, with why in the banner below.
set(extra_headers bankcheck/mdspan.hpp bankcheck/exchange.hpp)
set(left_out bankcheck/print.hpp)  # host-only: strings and streams
set(checked_in "${root}/single_include/bankcheck.hpp")
if(NOT DEFINED OUTPUT)
  set(OUTPUT "${checked_in}")
endif()

# CMake lists split at ';', but not at '\;' nor inside '[...]': hide all three while a file is a
# list of lines.
string(ASCII 1 semicolon_mark)
string(ASCII 2 open_mark)
string(ASCII 3 close_mark)
string(ASCII 4 backslash_mark)

set(inlined "")  # the headers already inlined (absolute paths): each appears once
set(text "")     # the output, lines joined with \n, with the marks still in

# Appends `file`'s lines to `text`, replacing each bankcheck include by the header it names (the
# first time) or by nothing (after). `from` names the includer, for messages.
function(bankcheck_inline file from)
  if(NOT EXISTS "${file}")
    message(FATAL_ERROR "single_include: ${from} includes ${file}, which does not exist")
  endif()
  list(APPEND inlined "${file}")
  set(inlined "${inlined}" PARENT_SCOPE)
  file(RELATIVE_PATH shown "${root}" "${file}")
  file(READ "${file}" content)
  string(REPLACE ";" "${semicolon_mark}" content "${content}")
  string(REPLACE "\\" "${backslash_mark}" content "${content}")
  string(REPLACE "[" "${open_mark}" content "${content}")
  string(REPLACE "]" "${close_mark}" content "${content}")
  string(REGEX REPLACE "\n$" "" content "${content}")
  string(REPLACE "\n" ";" lines "${content}")
  get_filename_component(dir "${file}" DIRECTORY)
  set(out "${text}")
  set(first TRUE)
  # Conditional depth: a bankcheck include inside an #if (other than the include guard) would be
  # inlined once whatever the condition, so it is refused rather than got wrong.
  set(depth 0)
  set(guard_depth 0)
  foreach(line IN LISTS lines)
    if(line MATCHES "^[ \t]*#[ \t]*if")
      if(depth EQUAL 0 AND guard_depth EQUAL 0 AND line MATCHES "^[ \t]*#[ \t]*ifndef[ \t]+[A-Z0-9_]+_HPP")
        set(guard_depth 1)
      endif()
      math(EXPR depth "${depth} + 1")
    elseif(line MATCHES "^[ \t]*#[ \t]*endif")
      math(EXPR depth "${depth} - 1")
    endif()
    set(target "")
    if(line MATCHES "^[ \t]*#[ \t]*include[ \t]*<(bankcheck/[^>]+)>")
      set(target "${include_root}/${CMAKE_MATCH_1}")
    elseif(line MATCHES "^[ \t]*#[ \t]*include[ \t]*\"([^\"]+)\"")
      set(target "${dir}/${CMAKE_MATCH_1}")
      if(NOT EXISTS "${target}")
        set(target "${include_root}/${CMAKE_MATCH_1}")
      endif()
    elseif(line MATCHES "^[ \t]*#[ \t]*pragma[ \t]+once")
      continue()  # "once" is what inlining each header once does
    elseif(first AND line MATCHES "^// SPDX-License-Identifier:")
      # The banner carries the license; name the header this part comes from instead.
      string(APPEND out "\n// ${shown}")
      set(first FALSE)
      continue()
    endif()
    set(first FALSE)
    if(target STREQUAL "")
      string(APPEND out "\n${line}")
      continue()
    endif()
    get_filename_component(target "${target}" ABSOLUTE)
    if(NOT target IN_LIST inlined)
      if(depth GREATER guard_depth)
        message(FATAL_ERROR "single_include: ${shown} includes ${target} inside an #if; the generator "
          "inlines each header once, unconditionally, so it does not support that: include it "
          "unconditionally (and test the condition inside it)")
      endif()
      set(text "${out}")
      bankcheck_inline("${target}" "${shown}")
      set(out "${text}")
    endif()
  endforeach()
  set(text "${out}" PARENT_SCOPE)
  set(inlined "${inlined}" PARENT_SCOPE)
endfunction()

bankcheck_inline("${entry}" "the command line")
foreach(header IN LISTS extra_headers)
  get_filename_component(file "${include_root}/${header}" ABSOLUTE)
  if(file IN_LIST inlined)
    message(FATAL_ERROR "single_include: ${header} is in extra_headers, but bankcheck.hpp (or an extra header "
      "before it) already includes it: remove it from extra_headers in cmake/single_include.cmake")
  endif()
  bankcheck_inline("${file}" "extra_headers in cmake/single_include.cmake")
endforeach()

# Every public header is inlined, or left out on purpose.
file(GLOB public_headers RELATIVE "${include_root}" "${include_root}/bankcheck/*.hpp")
foreach(header IN LISTS public_headers)
  get_filename_component(file "${include_root}/${header}" ABSOLUTE)
  if(header IN_LIST left_out)
    if(file IN_LIST inlined)
      message(FATAL_ERROR "single_include: ${header} is in left_out, but the single header holds it (bankcheck.hpp "
        "or one of extra_headers includes it)")
    endif()
  elseif(NOT file IN_LIST inlined)
    message(FATAL_ERROR "single_include: include/${header} would be missing from the single header: "
      "bankcheck.hpp does not include it. Add it to extra_headers in cmake/single_include.cmake (or to "
      "left_out, with the reason in the banner)")
  endif()
endforeach()

# The version, from version.hpp: major * 100000 + minor * 100 + patch.
file(STRINGS "${include_root}/bankcheck/version.hpp" version_line REGEX "^#define BANKCHECK_VERSION [0-9]+")
if(NOT version_line MATCHES "BANKCHECK_VERSION ([0-9]+)")
  message(FATAL_ERROR "single_include: no '#define BANKCHECK_VERSION <number>' in include/bankcheck/version.hpp")
endif()
math(EXPR major "${CMAKE_MATCH_1} / 100000")
math(EXPR minor "${CMAKE_MATCH_1} / 100 % 1000")
math(EXPR patch "${CMAKE_MATCH_1} % 100")

set(headers "")
foreach(file IN LISTS inlined)
  file(RELATIVE_PATH name "${include_root}" "${file}")
  string(APPEND headers " ${name}")
endforeach()

string(REPLACE "${semicolon_mark}" ";" text "${text}")
string(REPLACE "${backslash_mark}" "\\" text "${text}")
string(REPLACE "${open_mark}" "[" text "${text}")
string(REPLACE "${close_mark}" "]" text "${text}")
string(REGEX REPLACE "^\n" "" text "${text}")
# The banner says how to wrap the header list; keep every line under 110 columns.
set(wrapped "")
set(current "//")
string(REGEX MATCHALL "[^ ]+" names "${headers}")
foreach(name IN LISTS names)
  string(LENGTH "${current} ${name}" length)
  if(length GREATER 100)
    string(APPEND wrapped "${current}\n")
    set(current "//  ")
  endif()
  string(APPEND current " ${name}")
endforeach()
string(APPEND wrapped "${current}")

list(JOIN extra_headers " and " extras)
set(result "// SPDX-License-Identifier: BSL-1.0
// bankcheck ${major}.${minor}.${patch}, single header. GENERATED by cmake/single_include.cmake from
// include/bankcheck/bankcheck.hpp, then ${extras}
// (which bankcheck.hpp does not include): do not edit; change include/ and regenerate, from the
// repository root, with
//   cmake -P cmake/single_include.cmake
// It holds these headers, each inlined once:
${wrapped}
// It needs Boost.Mp11 (the library's one dependency) on the include path. It does not hold
// bankcheck/print.hpp (host-only pictures of bank maps): take that from include/.
${text}
")

if(result MATCHES "\n[ \t]*#[ \t]*include[ \t]*<bankcheck/")
  message(FATAL_ERROR "single_include: a bankcheck include is left in the output")
endif()

if(CHECK)
  if(EXISTS "${checked_in}")
    file(READ "${checked_in}" current_text)
  else()
    set(current_text "")
  endif()
  if(current_text STREQUAL result)
    message(STATUS "single_include/bankcheck.hpp is up to date")
    return()
  endif()
  set(fresh "${root}/build/bankcheck.hpp.fresh")  # build/ is ignored by git
  if(DEFINED FRESH)
    set(fresh "${FRESH}")
  endif()
  file(WRITE "${fresh}" "${result}")
  find_program(DIFF_COMMAND diff)
  if(DIFF_COMMAND AND EXISTS "${checked_in}")
    execute_process(COMMAND "${DIFF_COMMAND}" -u --label "checked in: single_include/bankcheck.hpp"
                            --label "generated from include/" "${checked_in}" "${fresh}"
      OUTPUT_VARIABLE difference)
    string(SUBSTRING "${difference}" 0 4000 difference)
    message("${difference}")
  endif()
  message(FATAL_ERROR "single_include/bankcheck.hpp is out of date with include/bankcheck/ (a fresh one is in "
    "${fresh}). Regenerate it, from the repository root, with\n  cmake -P cmake/single_include.cmake\n"
    "or build the target bankcheck_single_include, and commit it.")
endif()

file(WRITE "${OUTPUT}" "${result}")
message(STATUS "wrote ${OUTPUT}")
