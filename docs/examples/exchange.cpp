// SPDX-License-Identifier: BSL-1.0
// The examples of docs/reference.md for bankcheck/exchange.hpp (ctest builds and runs this file).
#include <bankcheck/exchange.hpp>

using namespace bankcheck;

// [exchange_layout]
// 4-byte items, 4 bytes of padding after every 32: item 33 is one padding past 33 * 4.
constexpr exchange_layout every_32{32, 4};
static_assert(every_32.offset(31, 4) == 124 && every_32.offset(32, 4) == 132);
static_assert(every_32.offset(33, 4) == 136);
static_assert(every_32.required_bytes(64, 4) == 64 * 4 + 4);  // no padding after the last group
// [exchange_layout]

// [cub_exchange_layout]
// One item after every 32 items when items per thread is a power of two above 4, else none.
static_assert(cub_exchange_layout(8, 8).group == 32 && cub_exchange_layout(8, 8).padding == 8);
static_assert(cub_exchange_layout(6, 4).padding == 0 && cub_exchange_layout(4, 4).padding == 0);
// [cub_exchange_layout]

// [rocprim_exchange_layout]
// A 4-byte word after every 128 chars or 64 shorts, one item after every 32 larger items, when
// items per thread is a power of two from 2.
static_assert(rocprim_exchange_layout(8, 1).group == 128 && rocprim_exchange_layout(8, 1).padding == 4);
static_assert(rocprim_exchange_layout(2, 8).group == 32 && rocprim_exchange_layout(2, 8).padding == 8);
static_assert(rocprim_exchange_layout(6, 4).padding == 0);
// 32 banks assumed: on gfx950's 64, 4 floats a thread stay 2-way; on gfx942 they cost the ideal.
static_assert(analyze_exchange<float, 4, 64>(rocprim_exchange_layout(4, 4), arch::gfx950).degree() == 2);
static_assert(analyze_exchange<float, 4, 64>(rocprim_exchange_layout(4, 4), arch::gfx942).conflict_free());
// [rocprim_exchange_layout]

// [exchange_report]
// CUB's layout for 8 doubles per thread, 128 threads: 2-way conflicts in half-warp phases.
constexpr exchange_report cub_doubles = analyze_exchange<double, 8, 128>(cub_exchange_layout(8, 8));
static_assert(cub_doubles.ok() && cub_doubles.wavefronts() == 384 && cub_doubles.ideal() == 256);
static_assert(cub_doubles.conflicts() == 128);
static_assert(!cub_doubles.conflict_free() && cub_doubles.degree() == 2);
static_assert(cub_doubles.blocked_to_striped.wavefronts == 192);
static_assert(cub_doubles.striped_to_blocked.wavefronts == 192);
// [exchange_report]

// [analyze_exchange]
static_assert(analyze_exchange<float, 8, 128>(cub_exchange_layout(8, 4)).conflict_free());
// 4 floats per thread get no padding from CUB: blocked stores are 4-way.
constexpr exchange_report cub_floats = analyze_exchange<float, 4, 128>(cub_exchange_layout(4, 4));
static_assert(cub_floats.wavefronts() == 160 && cub_floats.ideal() == 64 && cub_floats.degree() == 4);
// On gfx950, 64 lanes in one phase over 64 banks: lanes l, l + 16, l + 32 and l + 48 share a
// bank in blocked stores and loads (word 4 l + i), 4-way; 64 threads are one warp.
constexpr exchange_report gfx950_floats = analyze_exchange<float, 4, 64>(exchange_layout{32, 0}, arch::gfx950);
static_assert(gfx950_floats.wavefronts() == 40 && gfx950_floats.ideal() == 16 && gfx950_floats.degree() == 4);
// [analyze_exchange]

// [exchange_padding_choice]
// 6 floats per thread: no padding makes both exchanges conflict-free, and none costs fewer
// wavefronts than no padding at all.
using six = exchange_padding_choice<float, 6, 128>;
static_assert(!six::conflict_free && six::group == 32 && six::bytes == 0);
static_assert(six::wavefronts == 144 && six::ideal == 96 && six::degree == 2);
// 4 floats per thread on gfx950: none is conflict-free either; 4 bytes after every 4 items costs
// 48 wavefronts, CUB's layout (none) 80 and rocPRIM's 64.
using floats_gfx950 = exchange_padding_choice<float, 4, 128, arch::gfx950_t>;
static_assert(!floats_gfx950::conflict_free && floats_gfx950::group == 4 && floats_gfx950::bytes == 4);
static_assert(floats_gfx950::wavefronts == 48 && floats_gfx950::ideal == 32);
static_assert(analyze_exchange<float, 4, 128>(cub_exchange_layout(4, 4), arch::gfx950).wavefronts() == 80);
static_assert(analyze_exchange<float, 4, 128>(rocprim_exchange_layout(4, 4), arch::gfx950).wavefronts() == 64);
// 8 doubles per thread on gfx950: 8 bytes after every 32 items (NVIDIA: after every 16).
using doubles_gfx950 = exchange_padding_choice<double, 8, 128, arch::gfx950_t>;
static_assert(doubles_gfx950::conflict_free && doubles_gfx950::group == 32 && doubles_gfx950::bytes == 8);
// [exchange_padding_choice]

// [exchange_padding]
// 8 doubles per thread: 8 bytes after every 16 items, conflict-free (CUB: 8 after every 32, 2-way).
using pad = exchange_padding<double, 8, 128>;
static_assert(pad::group == 16 && pad::bytes == 8 && pad::conflict_free);
static_assert(pad::wavefronts == 256 && pad::ideal == 256 && pad::degree == 1);
static_assert(pad::storage_bytes == 1024 * 8 + 63 * 8);  // 1024 items, 63 paddings
// Thread 5's item 3: blocked, item x = 5 * 8 + 3; striped, x = 3 * 128 + 5.
static_assert(pad::offset(5 * 8 + 3) == 43 * 8 + 2 * 8);
static_assert(pad::offset(3 * 128 + 5) == 389 * 8 + 24 * 8);
// 4 floats per thread: one float after every 32 items, where CUB pads none.
static_assert(exchange_padding<float, 4, 128>::group == 32 && exchange_padding<float, 4, 128>::bytes == 4);
// [exchange_padding]

// [exchange_storage]
// The exchange's shared memory, typed: 8 doubles a thread, 128 threads (in a kernel, __shared__
// and __syncthreads() between the two loops; here, one thread block's worth on the host).
using storage_t = exchange_storage<double, 8, 128>;
static_assert(storage_t::group == 16 && storage_t::bytes == 8 && storage_t::conflict_free);
static_assert(sizeof(storage_t) == storage_t::storage_bytes && alignof(storage_t) == 8);
storage_t exchanged;
bool blocked_to_striped() {
  for (int t = 0; t < 128; ++t)
    for (int i = 0; i < 8; ++i) exchanged.blocked(t, i) = 8 * t + i;  // thread t holds items 8t..8t+7
  bool striped = true;                                                // and receives t, 128 + t, ...
  for (int t = 0; t < 128; ++t)
    for (int i = 0; i < 8; ++i) striped = striped && exchanged.striped(t, i) == 128 * i + t;
  return striped;
}
// [exchange_storage]

// [choose_exchange_padding]
// The same searches for an item given by its size and alignment: 8-byte items, 8 a thread.
constexpr exchange_choice doubles = choose_exchange_padding(8, 8, 8, 128);
static_assert(doubles.layout.group == 16 && doubles.layout.padding == 8 && doubles.conflict_free());
static_assert(doubles.wavefronts == exchange_padding<double, 8, 128>::wavefronts && doubles.degree == 1);
// 6 floats a thread: none is conflict-free, and no padding is the fewest wavefronts.
static_assert(choose_exchange_padding(4, 4, 6, 128).wavefronts == exchange_padding_choice<float, 6, 128>::wavefronts);
// At run time: the layout for 12-byte items on gfx942 (pieces of 4 bytes), as for a type of them.
struct float3_like {
  float x, y, z;
};
bool twelve_bytes_on_gfx942() {
  const exchange_choice c = choose_exchange_padding(arch::gfx942, 12, 4, 8, 256);
  return c.ok() && c.layout.group == exchange_padding_choice<float3_like, 8, 256, arch::gfx942_t>::group &&
         c.wavefronts == exchange_padding_choice<float3_like, 8, 256, arch::gfx942_t>::wavefronts;
}
// A 6-byte item cannot be aligned to 3 bytes: the rule, and no layout (in a constant expression,
// a compile error naming exchange_shape_is_invalid).
bool misaligned_item_is_an_error() {
  const exchange_choice c = choose_exchange_padding(6, 3, 8, 128);
  return c.error == errc::exchange_shape_is_invalid && !c.conflict_free() && c.wavefronts == 0;
}
// [choose_exchange_padding]

int main() { return twelve_bytes_on_gfx942() && misaligned_item_is_an_error() && blocked_to_striped() ? 0 : 1; }
