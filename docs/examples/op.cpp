// SPDX-License-Identifier: BSL-1.0
// The examples of docs/reference.md for bankcheck/op.hpp (ctest builds and runs this file).
#include <bankcheck/op.hpp>

using namespace bankcheck;

// [op_kind]
static_assert(load(4).kind == op_kind::load && ldmatrix(4).kind == op_kind::ldmatrix);
// [op_kind]

// [access]
constexpr access a{op_kind::store, 8, 0};  // what store(8) returns
static_assert(!a.is_load() && !a.is_matrix() && a.check() == errc::none);
static_assert(access{op_kind::load, 3, 0}.check() == errc::access_width_must_be_1_2_4_8_or_16);
static_assert(access{op_kind::ldmatrix, 16, 3}.check() == errc::matrix_count_must_be_1_2_or_4);
static_assert(access{op_kind::ldmatrix, 4, 1}.check() == errc::access_is_invalid);  // rows are 16 bytes
// [access]

// [load]
static_assert(load(16).bytes == 16 && load(16).is_load());  // a float4 read (LDS.128)
// [load]

// [store]
static_assert(store(2).bytes == 2 && !store(2).is_load());  // a half write (STS.U16)
// [store]

// [ldmatrix]
static_assert(ldmatrix(4).matrices == 4 && ldmatrix(4).bytes == 16 && ldmatrix(4).is_matrix());
// [ldmatrix]

// [stmatrix]
static_assert(stmatrix(2).matrices == 2 && stmatrix(2).is_matrix() && !stmatrix(2).is_load());
// [stmatrix]

int main() {}
