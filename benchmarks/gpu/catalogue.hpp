// SPDX-License-Identifier: BSL-1.0
// The ground-truth catalogue: warp accesses to run on a GPU, each with the library's prediction.
#ifndef BANKCHECK_GPU_CATALOGUE_HPP
#define BANKCHECK_GPU_CATALOGUE_HPP

// Every entry is one warp-wide shared-memory instruction: an op (bankcheck::access), the lanes
// that issue it, and the byte address of each lane, made from the library's own descriptions
// (affine lane maps, layouts, swizzles, patterns, padded_tile / swizzled_tile choices). Its
// prediction is bankcheck::analyze(..., arch::nvidia_t{}) evaluated while building the catalogue,
// which is a constant expression: no number here is written by hand. harness.cu hands the same
// 32 addresses to the kernel, so host and device use identical addresses.

#include <bankcheck/analyze.hpp>
#include <bankcheck/arch.hpp>
#include <bankcheck/layout.hpp>
#include <bankcheck/op.hpp>
#include <bankcheck/padded_tile.hpp>
#include <bankcheck/pattern.hpp>
#include <bankcheck/swizzle.hpp>
#include <bankcheck/swizzled_tile.hpp>

#include <boost/mp11/list.hpp>

#include <cstdint>

namespace bankcheck_gpu {

inline constexpr int warp_lanes = 32;
// The kernels' __shared__ buffer; every address + width fits in it.
inline constexpr int shared_bytes = 16384;
inline constexpr int max_entries = 160;
inline constexpr int name_capacity = 48;

// What an entry exercises (bit flags; an entry may have several).
namespace category {
inline constexpr unsigned width = 1u << 0;      // one of the plain width sweeps
inline constexpr unsigned subword = 1u << 1;    // 1- and 2-byte lanes sharing words
inline constexpr unsigned broadcast = 1u << 2;  // lanes asking for the same word
inline constexpr unsigned merge = 1u << 3;      // the load merge rule, or its absence
inline constexpr unsigned inactive = 1u << 4;   // a lane mask other than the whole warp
inline constexpr unsigned matrix = 1u << 5;     // ldmatrix / stmatrix
inline constexpr unsigned padded = 1u << 6;     // a padded tile layout
inline constexpr unsigned swizzled = 1u << 7;   // a swizzled tile layout
inline constexpr unsigned random = 1u << 8;     // fixed-seed random addresses (and masks)
inline constexpr unsigned tile = 1u << 9;       // a library pattern over a tile
inline constexpr int count = 10;
inline constexpr const char* names[count] = {"width",  "subword",  "broadcast", "merge",  "inactive",
                                             "matrix", "padded",   "swizzled",  "random", "tile"};
}  // namespace category

struct lane_addresses {
  unsigned byte[warp_lanes] = {};  // byte offset of each lane's access in the shared buffer
};

struct entry {
  char name[name_capacity] = {};
  unsigned categories = 0;
  bankcheck::access op{};
  std::uint32_t mask = 0;  // lanes that issue the access
  lane_addresses address{};
  int predicted = 0;  // wavefronts per instruction: bankcheck::analyze on arch::nvidia_t
  int ideal = 0;
  bool merged = false;  // the load merge rule applied
};

namespace detail {
// Fails constant evaluation (this function is not constexpr) naming what is wrong.
inline int address_outside_the_shared_buffer() { return 0; }
inline int catalogue_is_full() { return 0; }
inline int prediction_failed() { return 0; }
inline int name_too_long() { return 0; }

// A name built in a constant expression: text and numbers appended.
struct name_builder {
  char text[name_capacity] = {};
  int size = 0;
  constexpr void put(char ch) {
    if (size + 1 >= name_capacity) name_too_long();
    text[size++] = ch;
  }
  constexpr name_builder& operator<<(const char* s) {
    for (; *s != '\0'; ++s) put(*s);
    return *this;
  }
  constexpr name_builder& operator<<(int n) {
    char digits[12] = {};
    int d = 0;
    do {
      digits[d++] = static_cast<char>('0' + n % 10);
      n /= 10;
    } while (n > 0);
    while (d > 0) put(digits[--d]);
    return *this;
  }
};

// The fixed-seed generator of the random entries (64-bit LCG, Knuth's MMIX constants).
struct lcg {
  std::uint64_t state;
  constexpr unsigned next(unsigned bound) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<unsigned>((state >> 33) % bound);
  }
};

// The byte address lane `lane` of warp-access k of Pattern touches, over a tile of T laid out by
// Layout: the library's pattern gives the element, the layout its offset.
template <class Pattern, class T, class Layout>
struct pattern_lane {
  int k;
  constexpr long long operator()(int lane) const {
    const bankcheck::tile_shape shape{static_cast<int>(sizeof(T)), Layout::rows, Layout::cols};
    const bankcheck::element e = Pattern::at(shape, k, lane);
    return static_cast<long long>(Layout{}(e.row, e.col)) * static_cast<long long>(sizeof(T));
  }
};
}  // namespace detail

struct catalogue_t {
  int size = 0;
  entry entries[max_entries] = {};

  // Adds an entry: lane l's byte address is address_of_lane(l) for every lane (inactive lanes'
  // addresses are handed to the kernel too, and must lie in the buffer), and the prediction is
  // the library's.
  template <class F>
  constexpr void add(const detail::name_builder& name, unsigned categories, bankcheck::access op, std::uint32_t mask,
                     F address_of_lane) {
    if (size >= max_entries) detail::catalogue_is_full();
    entry& e = entries[size++];
    for (int i = 0; i < name_capacity; ++i) e.name[i] = name.text[i];
    e.categories = categories;
    e.op = op;
    e.mask = mask;
    for (int l = 0; l < warp_lanes; ++l) {
      const long long a = address_of_lane(l);
      if (a < 0 || a + op.bytes > shared_bytes) detail::address_outside_the_shared_buffer();
      e.address.byte[l] = static_cast<unsigned>(a);
    }
    const lane_addresses& addresses = e.address;
    const bankcheck::report r = bankcheck::analyze(
        [&addresses](int l) { return static_cast<long long>(addresses.byte[l]); }, op, mask, bankcheck::arch::nvidia_t{});
    if (!r.ok()) detail::prediction_failed();
    e.predicted = r.wavefronts;
    e.ideal = r.ideal;
    e.merged = r.merged;
  }

  // Warp-access k of Pattern over a tile of T laid out by Layout.
  template <class Pattern, class T, class Layout>
  constexpr void add_pattern(const detail::name_builder& name, unsigned categories, int k) {
    const bankcheck::tile_shape shape{static_cast<int>(sizeof(T)), Layout::rows, Layout::cols};
    add(name, categories, Pattern::op(shape), static_cast<std::uint32_t>(Pattern::lanes(shape, k)),
        detail::pattern_lane<Pattern, T, Layout>{k});
  }
};

namespace detail {
constexpr name_builder named(const char* prefix) {
  name_builder b{};
  b << prefix;
  return b;
}
constexpr const char* kind_prefix(bool store) { return store ? "st" : "ld"; }

// Every width, loads and stores, three strides each.
constexpr void add_widths(catalogue_t& c) {
  const int widths[] = {1, 2, 4, 8, 16};
  for (int s = 0; s < 2; ++s)
    for (int w : widths) {
      const bankcheck::access op = s ? bankcheck::store(w) : bankcheck::load(w);
      // Lane l at w * l: consecutive elements; 128 bytes per phase at most, so the ideal.
      c.add(named(kind_prefix(s)) << w << "_contiguous", category::width, op, 0xffffffffu, [w](int l) { return w * l; });
      // Every other element: 2-way for 4-byte lanes (word stride 2).
      c.add(named(kind_prefix(s)) << w << "_stride2", category::width, op, 0xffffffffu, [w](int l) { return 2 * w * l; });
      // One 128-byte bank row per lane: a column of float[32][32] for w = 4.
      c.add(named(kind_prefix(s)) << w << "_stride128B", category::width, op, 0xffffffffu, [](int l) { return 128 * l; });
    }
}

constexpr void add_subword(catalogue_t& c) {
  using bankcheck::load;
  using bankcheck::store;
  const unsigned cat = category::subword;
  for (int s = 0; s < 2; ++s) {
    const auto op1 = s ? store(1) : load(1);
    const auto op2 = s ? store(2) : load(2);
    // Four bytes of one word: one word, whatever the lanes do with it.
    c.add(named(kind_prefix(s)) << "1_one_word", cat | category::broadcast, op1, 0xffffffffu, [](int l) { return l % 4; });
    // Four lanes per word, eight words in bank 0.
    c.add(named(kind_prefix(s)) << "1_bank0_4_per_word", cat, op1, 0xffffffffu,
          [](int l) { return 128 * (l / 4) + l % 4; });
    // Two lanes per word, sixteen words in bank 0.
    c.add(named(kind_prefix(s)) << "2_bank0_2_per_word", cat, op2, 0xffffffffu,
          [](int l) { return 128 * (l / 2) + 2 * (l % 2); });
  }
}

constexpr void add_broadcast(catalogue_t& c) {
  using bankcheck::load;
  using bankcheck::store;
  const unsigned cat = category::broadcast;
  const int widths[] = {1, 2, 4, 8, 16};
  for (int s = 0; s < 2; ++s)
    for (int w : widths)  // the load(8) / load(16) cases are also the merge rule's "uniform" case
      c.add(named(kind_prefix(s)) << w << "_same_address", cat | (s == 0 && w >= 8 ? category::merge : 0u),
            s ? store(w) : load(w), 0xffffffffu, [](int) { return 256; });
  // Two words of bank 0, sixteen lanes each.
  c.add(named("ld4_two_words_bank0"), cat, load(4), 0xffffffffu, [](int l) { return 128 * (l % 2); });
  // Eight lanes per word, each group in its own bank: broadcast inside a group, no conflict.
  c.add(named("ld4_8_lanes_per_word"), cat, load(4), 0xffffffffu, [](int l) { return 4 * (l / 8); });
}

// i with bit 1 removed: lanes i and i ^ 2 map to the same value.
constexpr int without_bit1(int l) { return ((l >> 2) << 1) | (l & 1); }

constexpr void add_merge(catalogue_t& c) {
  using bankcheck::load;
  using bankcheck::store;
  const unsigned cat = category::merge;
  const std::uint32_t all = 0xffffffffu;
  for (int s = 0; s < 2; ++s) {
    // Lanes i and i ^ 1 share an address: loads merge (8 bytes: one phase; 16: two), stores do not.
    c.add(named(kind_prefix(s)) << "8_pairs_xor1", cat, s ? store(8) : load(8), all, [](int l) { return 8 * (l >> 1); });
    c.add(named(kind_prefix(s)) << "16_pairs_xor1", cat, s ? store(16) : load(16), all,
          [](int l) { return 16 * (l >> 1); });
    // Lanes i and i ^ 2 share an address.
    c.add(named(kind_prefix(s)) << "8_pairs_xor2", cat, s ? store(8) : load(8), all,
          [](int l) { return 8 * without_bit1(l); });
    c.add(named(kind_prefix(s)) << "16_pairs_xor2", cat, s ? store(16) : load(16), all,
          [](int l) { return 16 * without_bit1(l); });
  }
  // Groups of four lanes share an address (both i ^ 1 and i ^ 2).
  c.add(named("ld16_quads"), cat, load(16), all, [](int l) { return 16 * (l >> 2); });
  // Pairs in lanes 0-15, distinct addresses in 16-31: the rule must hold for the whole warp.
  c.add(named("ld16_mixed_halves"), cat, load(16), all,
        [](int l) { return l < 16 ? 16 * (l >> 1) : 128 + 16 * (l - 16); });
  c.add(named("ld8_mixed_halves"), cat, load(8), all, [](int l) { return l < 16 ? 8 * (l >> 1) : 64 + 8 * (l - 16); });
  // i ^ 1 pairs in lanes 0-15, i ^ 2 pairs in 16-31: neither P(1) nor P(2) holds.
  c.add(named("ld16_xor1_then_xor2"), cat, load(16), all,
        [](int l) { return l < 16 ? 16 * (l >> 1) : 128 + 16 * without_bit1(l - 16); });
  // Pairs everywhere except lanes 30 and 31.
  c.add(named("ld16_pairs_but_last"), cat, load(16), all, [](int l) { return l < 30 ? 16 * (l >> 1) : 16 * l; });
  // Inactive partners: the even lanes only (i ^ 1 always inactive), distinct addresses.
  const unsigned both = cat | category::inactive;
  c.add(named("ld8_even_lanes"), both, load(8), 0x55555555u, [](int l) { return 8 * (l >> 1); });
  c.add(named("ld16_even_lanes"), both, load(16), 0x55555555u, [](int l) { return 16 * (l >> 1); });
  c.add(named("st16_even_lanes"), both, store(16), 0x55555555u, [](int l) { return 16 * (l >> 1); });
  // Lanes with bit 1 clear (i ^ 2 always inactive).
  c.add(named("ld16_bit1_clear_lanes"), both, load(16), 0x33333333u, [](int l) { return 16 * without_bit1(l); });
  c.add(named("ld8_bit1_clear_lanes"), both, load(8), 0x33333333u, [](int l) { return 8 * without_bit1(l); });
}

constexpr void add_inactive(catalogue_t& c) {
  using bankcheck::load;
  using bankcheck::store;
  const unsigned cat = category::inactive;
  c.add(named("ld4_stride128B_half_warp"), cat, load(4), 0x0000ffffu, [](int l) { return 128 * l; });
  c.add(named("st4_stride128B_odd_lanes"), cat, store(4), 0xaaaaaaaau, [](int l) { return 128 * l; });
  c.add(named("ld4_lane0_only"), cat, load(4), 0x00000001u, [](int l) { return 4 * l; });
  c.add(named("ld16_stride128B_lanes0_7"), cat, load(16), 0x000000ffu, [](int l) { return 128 * l; });
  c.add(named("ld16_one_lane_per_phase"), cat, load(16), 0x01010101u, [](int l) { return 16 * l; });
  c.add(named("st8_stride128B_upper_half"), cat, store(8), 0xffff0000u, [](int l) { return 128 * (l % 16); });
}

// ldmatrix / stmatrix .x1 .x2 .x4 over half tiles of pitch 128 bytes (8-way per matrix),
// padded to 144 bytes, and with the TMA 128B swizzle.
template <int Count, bankcheck::op_kind Kind>
constexpr void add_matrix_family(catalogue_t& c) {
  using pattern = bankcheck::matrix_tiles<Count, Kind>;
  const char* op = Kind == bankcheck::op_kind::ldmatrix ? "ldmatrix_x" : "stmatrix_x";
  using plain = bankcheck::row_major<16, 64>;
  using padded = bankcheck::row_major<16, 64, 72>;
  using swizzled = bankcheck::swizzled_bytes<bankcheck::row_major<16, 64>, bankcheck::tma::swizzle_128b, 2>;
  using stacked = bankcheck::row_major<32, 8>;  // 16-byte rows, sub-tiles stacked: contiguous
  c.add_pattern<pattern, std::uint16_t, plain>(named(op) << Count << "_pitch128B", category::matrix | category::tile, 0);
  c.add_pattern<pattern, std::uint16_t, padded>(named(op) << Count << "_pitch144B",
                                                category::matrix | category::tile | category::padded, 0);
  c.add_pattern<pattern, std::uint16_t, swizzled>(named(op) << Count << "_swizzle128B",
                                                  category::matrix | category::tile | category::swizzled, 0);
  if (Kind == bankcheck::op_kind::ldmatrix)
    c.add_pattern<pattern, std::uint16_t, stacked>(named(op) << Count << "_contiguous", category::matrix | category::tile,
                                                   0);
}

constexpr void add_matrix(catalogue_t& c) {
  add_matrix_family<1, bankcheck::op_kind::ldmatrix>(c);
  add_matrix_family<2, bankcheck::op_kind::ldmatrix>(c);
  add_matrix_family<4, bankcheck::op_kind::ldmatrix>(c);
  add_matrix_family<1, bankcheck::op_kind::stmatrix>(c);
  add_matrix_family<2, bankcheck::op_kind::stmatrix>(c);
  add_matrix_family<4, bankcheck::op_kind::stmatrix>(c);
}

// The library's patterns over plain, padded and swizzled tiles, and the tiles it chooses.
constexpr void add_tiles(catalogue_t& c) {
  namespace bc = bankcheck;
  using bc::op_kind;
  using column_read = bc::column_segments<op_kind::load>;
  using column_write = bc::column_segments<op_kind::store>;
  using row_write = bc::row_segments<op_kind::store>;
  const unsigned t = category::tile, pad = t | category::padded, swz = t | category::swizzled;
  c.add_pattern<column_read, float, bc::row_major<32, 32>>(named("float32x32_column_read"), t, 0);
  c.add_pattern<column_write, float, bc::row_major<32, 32>>(named("float32x32_column_write"), t, 0);
  c.add_pattern<column_read, float, bc::row_major<32, 32, 33>>(named("float32x33_column_read"), pad, 0);
  c.add_pattern<column_read, float, bc::row_major<32, 32, 34>>(named("float32x34_column_read"), pad, 0);
  c.add_pattern<column_write, float, bc::row_major<32, 32, 33>>(named("float32x33_column_write"), pad, 0);
  // The library's own choices for the seed's tile.
  using padded_seed = bc::padded_tile<float, 32, 32>::layout;
  using swizzled_seed = bc::swizzled_tile<float, 32, 32>::layout;
  c.add_pattern<column_read, float, padded_seed>(named("padded_tile_float32x32_column_read"), pad, 5);
  c.add_pattern<row_write, float, padded_seed>(named("padded_tile_float32x32_row_write"), pad, 7);
  c.add_pattern<column_read, float, swizzled_seed>(named("swizzled_tile_float32x32_column_read"), swz, 5);
  c.add_pattern<row_write, float, swizzled_seed>(named("swizzled_tile_float32x32_row_write"), swz, 7);
  // MODEL.md's TMA example: 8 lanes store 16 bytes down a column of int4[8][8]; 8, then 1 swizzled.
  struct int4_like {
    int x, y, z, w;
  };
  c.add_pattern<column_write, int4_like, bc::row_major<8, 8>>(named("int4_8x8_column_store"), t, 0);
  c.add_pattern<column_write, int4_like, bc::swizzled_bytes<bc::row_major<8, 8>, bc::tma::swizzle_128b, 16>>(
      named("int4_8x8_column_store_swizzle128B"), swz, 0);
  // 8-byte elements down a column: 16-lane phases.
  c.add_pattern<column_read, double, bc::row_major<32, 32>>(named("double32x32_column_read"), t, 0);
  c.add_pattern<column_read, double, bc::row_major<32, 32, 33>>(named("double32x33_column_read"), pad, 0);
  // 2-byte elements down a column, padded by two halves (word stride 33).
  c.add_pattern<column_read, std::uint16_t, bc::row_major<32, 64, 66>>(named("half32x66_column_read"), pad, 0);
  // A 16x16 thread block reading transposed: two columns per warp.
  using block_t = bc::thread_block<16, 16, op_kind::load, true>;
  c.add_pattern<block_t, float, bc::row_major<32, 32>>(named("block16x16_transposed_read"), t, 0);
  c.add_pattern<block_t, float, bc::row_major<32, 32, 33>>(named("block16x16_transposed_read_pad1"), pad, 0);
  // float4 rows.
  using row_read4 = bc::row_segments<op_kind::load, 4>;
  c.add_pattern<row_read4, float, bc::row_major<4, 128>>(named("float4_row_read"), t, 1);
  // A column read through an XOR swizzle of element offsets (column ^= row).
  c.add_pattern<column_read, float, bc::swizzled<bc::row_major<32, 32>, bc::xor_swizzle<5, 0, 5>>>(
      named("float32x32_column_read_xor5_0_5"), swz, 3);
  // A GEMM's 128 x 32 half tile: 128 threads store eight halves each, four to a row (16-byte
  // stores, a quarter-warp over two rows), and ldmatrix.x4 reads it. Unpadded the stores are
  // free and ldmatrix 4-way; padded to 80-byte rows (padded_tile's best) ldmatrix is free and
  // the stores 2-way; the 64-byte swizzle (swizzled_tile's choice) frees both.
  using gemm_copy = bc::thread_block<4, 32, op_kind::store, false, 8>;
  using gemm_read = bc::matrix_tiles<4>;
  using gemm_padded = bc::padded_tile<std::uint16_t, 128, 32, boost::mp11::mp_list<gemm_copy, gemm_read>>::layout;
  using gemm_swizzled = bc::swizzled_tile<std::uint16_t, 128, 32, boost::mp11::mp_list<gemm_copy, gemm_read>>::layout;
  c.add_pattern<gemm_copy, std::uint16_t, bc::row_major<128, 32>>(named("gemm_half128x32_store8"), t, 1);
  c.add_pattern<gemm_copy, std::uint16_t, gemm_padded>(named("padded_tile_gemm_half128x32_store8"), pad, 1);
  c.add_pattern<gemm_read, std::uint16_t, gemm_padded>(named("padded_tile_gemm_half128x32_ldmatrix_x4"),
                                                       pad | category::matrix, 1);
  c.add_pattern<gemm_copy, std::uint16_t, gemm_swizzled>(named("swizzled_tile_gemm_half128x32_store8"), swz, 1);
  c.add_pattern<gemm_read, std::uint16_t, gemm_swizzled>(named("swizzled_tile_gemm_half128x32_ldmatrix_x4"),
                                                         swz | category::matrix, 1);
}

constexpr void add_random(catalogue_t& c) {
  using bankcheck::load;
  using bankcheck::store;
  lcg g{20261130u};
  const int widths[] = {1, 2, 4, 8, 16};
  const unsigned cat = category::random;
  // Addresses anywhere in the first 2 KiB, whole warp.
  for (int s = 0; s < 2; ++s)
    for (int w : widths) {
      lane_addresses a{};
      for (unsigned& x : a.byte) x = g.next(2048u / static_cast<unsigned>(w)) * static_cast<unsigned>(w);
      c.add(named(kind_prefix(s)) << w << "_random", cat, s ? store(w) : load(w), 0xffffffffu,
            [a](int l) { return static_cast<long long>(a.byte[l]); });
    }
  // Addresses in 256 bytes: many shared words and pairs, so broadcasts and sometimes merges.
  const int small_widths[] = {4, 8, 16};
  for (int s = 0; s < 2; ++s)
    for (int w : small_widths) {
      lane_addresses a{};
      for (unsigned& x : a.byte) x = g.next(256u / static_cast<unsigned>(w)) * static_cast<unsigned>(w);
      c.add(named(kind_prefix(s)) << w << "_random_256B", cat | category::broadcast, s ? store(w) : load(w),
            0xffffffffu, [a](int l) { return static_cast<long long>(a.byte[l]); });
    }
  // Random lane masks (never empty: lane 0 stays on).
  for (int s = 0; s < 2; ++s)
    for (int w : small_widths) {
      lane_addresses a{};
      for (unsigned& x : a.byte) x = g.next(4096u / static_cast<unsigned>(w)) * static_cast<unsigned>(w);
      const std::uint32_t high = g.next(1u << 16), low = g.next(1u << 16);
      c.add(named(kind_prefix(s)) << w << "_random_mask", cat | category::inactive, s ? store(w) : load(w),
            high << 16 | low | 1u,
            [a](int l) { return static_cast<long long>(a.byte[l]); });
    }
  // Pairs (i, i ^ 1) with a random address each, some lanes off: the merge rule on random input.
  for (int w : small_widths) {
    if (w == 4) continue;
    lane_addresses a{};
    for (int l = 0; l < warp_lanes; l += 2)
      a.byte[l] = a.byte[l + 1] = g.next(1024u / static_cast<unsigned>(w)) * static_cast<unsigned>(w);
    const std::uint32_t high = g.next(1u << 16), low = g.next(1u << 16);
    c.add(named("ld") << w << "_random_pairs", cat | category::merge | category::inactive, load(w), high << 16 | low | 1u,
          [a](int l) { return static_cast<long long>(a.byte[l]); });
  }
}
}  // namespace detail

constexpr catalogue_t make_catalogue() {
  catalogue_t c{};
  detail::add_widths(c);
  detail::add_subword(c);
  detail::add_broadcast(c);
  detail::add_merge(c);
  detail::add_inactive(c);
  detail::add_matrix(c);
  detail::add_tiles(c);
  detail::add_random(c);
  return c;
}

// The catalogue, built once per translation unit at compile time.
inline constexpr catalogue_t catalogue = make_catalogue();

}  // namespace bankcheck_gpu

#endif
