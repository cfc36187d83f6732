// SPDX-License-Identifier: BSL-1.0
// bankcheck: configuration macros shared by every header.
#ifndef BANKCHECK_CONFIG_HPP
#define BANKCHECK_CONFIG_HPP

// bankcheck is C++17 (constexpr if, inline variables, constexpr lambdas): say so before the
// first of those fails to compile. Every header but version.hpp and detail/integral.hpp (C++11
// traits, which every includer includes after this one) includes this one, itself or through
// another bankcheck header, before any code of its own.
#if defined(_MSVC_LANG) ? _MSVC_LANG < 201703L : __cplusplus < 201703L
#error "bankcheck needs C++17 or later: compile with -std=c++17 (MSVC: /std:c++17)"
#endif

// Marks every function device code may call. Override by defining it first.
#ifndef BANKCHECK_HOST_DEVICE
#if defined(__CUDACC__)
#define BANKCHECK_HOST_DEVICE __host__ __device__
#else
#define BANKCHECK_HOST_DEVICE
#endif
#endif

// Marks an engine function with large local arrays that device code should call rather than
// inline: nvcc gives each inlined copy its own local memory in the kernel's frame, one per
// call site. Override by defining it first.
#ifndef BANKCHECK_DEVICE_NOINLINE
#if defined(__CUDACC__)
#define BANKCHECK_DEVICE_NOINLINE __noinline__
#else
#define BANKCHECK_DEVICE_NOINLINE
#endif
#endif

// Put before a function template that calls a user's callable: a lambda written inside a
// kernel is __device__-only, and nvcc would otherwise reject the call from a
// __host__ __device__ template without --expt-relaxed-constexpr. Likewise a host-only visitor
// (print.hpp's), called from host code in a .cu file. nvcc only (__NVCC__): over clang++ as its
// host compiler it defines __clang__ as well, and clang's own CUDA knows no such pragma.
#ifndef BANKCHECK_CALLS_USER_CODE
#if defined(__NVCC__)
#define BANKCHECK_CALLS_USER_CODE _Pragma("nv_exec_check_disable")
#else
#define BANKCHECK_CALLS_USER_CODE
#endif
#endif

// Commas join statements on purpose in the headers: a constant evaluation's step budget counts
// statements, not the expressions in one (benchmarks/README.md). Clang's -Wcomma (and so
// -Weverything) would flag each: every header that does it puts its code between these two.
#if defined(__clang__)
#define BANKCHECK_DETAIL_COMMAS_BEGIN _Pragma("clang diagnostic push") _Pragma("clang diagnostic ignored \"-Wcomma\"")
#define BANKCHECK_DETAIL_COMMAS_END _Pragma("clang diagnostic pop")
#else
#define BANKCHECK_DETAIL_COMMAS_BEGIN
#define BANKCHECK_DETAIL_COMMAS_END
#endif

#endif
