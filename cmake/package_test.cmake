# SPDX-License-Identifier: BSL-1.0
# cmake -P: builds and runs tests/package/consumer against bankcheck, in WORK.
#   MODE find_package: installs BUILD_DIR into WORK/prefix first, and finds it there only;
#   MODE add_subdirectory: adds SOURCE_DIR;
#   MODE pkg-config: installs BUILD_DIR into WORK/prefix, asks PKG_CONFIG (looking in its
#   PKGCONFIGDIR only) for bankcheck's version (must be VERSION) and flags, and compiles the
#   consumer's main.cpp with CXX and those flags (and BOOST_INCLUDE, a |-list, where Boost is not
#   in the compiler's own directories); its include directory must be the prefix's INCLUDEDIR.
#   Skipped where either directory is absolute, or PKGCONFIGDIR climbs out of the prefix (..).
# GENERATOR, MAKE_PROGRAM, CXX, CONFIG: as the calling build; CUDA_COMPILER: also build and run
# the CUDA consumer; Boost_DIR, boost_mp11_DIR: where that build found Boost.
cmake_minimum_required(VERSION 3.21)  # the policies the installed version file is written for

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE out)
  message("${out}")
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "package test (${MODE}): ${what} failed (${result})")
  endif()
endfunction()

file(REMOVE_RECURSE "${WORK}")
set(options "-DBANKCHECK_CONSUME=${MODE}" "-DBANKCHECK_SOURCE_DIR=${SOURCE_DIR}" "-DCMAKE_CXX_COMPILER=${CXX}"
            -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF)
if(MAKE_PROGRAM)
  list(APPEND options "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}")
endif()
if(CONFIG)
  list(APPEND options "-DCMAKE_BUILD_TYPE=${CONFIG}")
endif()
foreach(var IN ITEMS Boost_DIR boost_mp11_DIR)
  if(${var})
    list(APPEND options "-D${var}=${${var}}")
  endif()
endforeach()
if(CUDA_COMPILER)
  list(APPEND options -DBANKCHECK_CONSUMER_CUDA=ON "-DCMAKE_CUDA_COMPILER=${CUDA_COMPILER}")
endif()
set(config_args)
if(CONFIG)
  set(config_args --config "${CONFIG}")
endif()

# What the installed version file answers find_package(bankcheck <wanted>): 0.1 takes this
# 0.1.x; 0.0.9, 0.2 and 1.0 do not (before 1.0, a minor release may break the API).
function(check_version_answer wanted expected)
  file(GLOB_RECURSE version_file "${WORK}/prefix/*/bankcheckConfigVersion.cmake")
  if(NOT version_file)
    message(FATAL_ERROR "package test (${MODE}): no bankcheckConfigVersion.cmake installed")
  endif()
  set(PACKAGE_FIND_VERSION "${wanted}")
  string(REPLACE "." ";" parts "${wanted}.0.0")
  list(GET parts 0 PACKAGE_FIND_VERSION_MAJOR)
  list(GET parts 1 PACKAGE_FIND_VERSION_MINOR)
  list(GET parts 2 PACKAGE_FIND_VERSION_PATCH)
  set(PACKAGE_FIND_VERSION_COUNT 2)
  include("${version_file}")
  if(NOT PACKAGE_VERSION_COMPATIBLE STREQUAL expected)
    message(FATAL_ERROR "package test (${MODE}): version ${PACKAGE_VERSION} answers find_package(bankcheck ${wanted}) "
                        "with compatible '${PACKAGE_VERSION_COMPATIBLE}', expected '${expected}'")
  endif()
endfunction()

if(MODE STREQUAL "pkg-config")
  if(PKGCONFIGDIR STREQUAL "" OR INCLUDEDIR STREQUAL "")
    message(FATAL_ERROR "package test (${MODE}): needs -DPKGCONFIGDIR and -DINCLUDEDIR (got '${PKGCONFIGDIR}', '${INCLUDEDIR}')")
  endif()
  if(IS_ABSOLUTE "${PKGCONFIGDIR}" OR IS_ABSOLUTE "${INCLUDEDIR}" OR PKGCONFIGDIR MATCHES "(^|/)\\.\\.(/|$)")
    message("SKIPPED: the pkg-config file or the headers install outside the prefix (${PKGCONFIGDIR}, "
            "${INCLUDEDIR}), so the file names the configured prefix, not the test's own")
    return()
  endif()
  run("installing ${BUILD_DIR}" "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${WORK}/prefix" ${config_args})
  # PKG_CONFIG_LIBDIR: the prefix's directory, and no other (not the system's); no sysroot.
  set(ask "${CMAKE_COMMAND}" -E env "PKG_CONFIG_LIBDIR=${WORK}/prefix/${PKGCONFIGDIR}" --unset=PKG_CONFIG_PATH
          --unset=PKG_CONFIG_SYSROOT_DIR "${PKG_CONFIG}")
  execute_process(COMMAND ${ask} --modversion bankcheck RESULT_VARIABLE result OUTPUT_VARIABLE version
                  ERROR_VARIABLE error OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT result EQUAL 0 OR NOT version STREQUAL VERSION)
    message(FATAL_ERROR "package test (${MODE}): pkg-config --modversion bankcheck gave '${version}' (${result}), "
                        "expected '${VERSION}'\n${error}")
  endif()
  execute_process(COMMAND ${ask} --cflags bankcheck RESULT_VARIABLE result OUTPUT_VARIABLE cflags
                  ERROR_VARIABLE error OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "package test (${MODE}): pkg-config --cflags bankcheck failed (${result})\n${error}")
  endif()
  separate_arguments(cflags UNIX_COMMAND "${cflags}")
  # Its one include directory is the installed headers'.
  set(includes ${cflags})
  list(FILTER includes INCLUDE REGEX "^-I")
  list(LENGTH includes count)
  if(NOT count EQUAL 1)
    message(FATAL_ERROR "package test (${MODE}): pkg-config --cflags bankcheck gave ${count} include directories: ${cflags}")
  endif()
  string(REGEX REPLACE "^-I" "" include "${includes}")
  get_filename_component(include "${include}" REALPATH)
  get_filename_component(installed "${WORK}/prefix/${INCLUDEDIR}" REALPATH)
  if(NOT include STREQUAL installed OR NOT EXISTS "${include}/bankcheck/bankcheck.hpp")
    message(FATAL_ERROR "package test (${MODE}): pkg-config's include directory is ${include}, not the installed ${installed}")
  endif()
  string(REPLACE "|" ";" boost_includes "${BOOST_INCLUDE}")
  list(TRANSFORM boost_includes PREPEND "-I")
  run("compiling the consumer with pkg-config's flags" "${CXX}" -std=c++17 -Wall -Wextra -Wpedantic -Werror ${cflags}
      ${boost_includes} "${SOURCE_DIR}/tests/package/consumer/main.cpp" -o "${WORK}/consumer")
  run("running the consumer" "${WORK}/consumer")
  message(STATUS "package test (${MODE}): pkg-config gave bankcheck ${version}, ${cflags}; built and ran the consumer")
  return()
endif()
if(MODE STREQUAL "find_package")
  run("installing ${BUILD_DIR}" "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${WORK}/prefix" ${config_args})
  list(APPEND options "-DCMAKE_PREFIX_PATH=${WORK}/prefix")
  check_version_answer(0.1 TRUE)
  check_version_answer(0.0.9 FALSE)
  check_version_answer(0.2 FALSE)
  check_version_answer(1.0 FALSE)
  if(NOT EXISTS "${WORK}/prefix/share/doc/bankcheck/LICENSE")
    message(FATAL_ERROR "package test (${MODE}): the license is not installed in share/doc/bankcheck")
  endif()
endif()
run("configuring the consumer" "${CMAKE_COMMAND}" -S "${SOURCE_DIR}/tests/package/consumer" -B "${WORK}/build"
    -G "${GENERATOR}" ${options})
run("building the consumer" "${CMAKE_COMMAND}" --build "${WORK}/build" ${config_args})
set(expected consumer)
if(CUDA_COMPILER)
  list(APPEND expected consumer_cuda)
endif()
foreach(name IN LISTS expected)
  file(GLOB_RECURSE found LIST_DIRECTORIES false "${WORK}/build/${name}" "${WORK}/build/${name}.exe")
  if(NOT found)
    message(FATAL_ERROR "package test (${MODE}): the build made no ${name} program")
  endif()
  list(GET found 0 program)
  run("running ${name}" "${program}")
endforeach()
message(STATUS "package test (${MODE}): built and ran ${expected}")
