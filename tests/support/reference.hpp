// SPDX-License-Identifier: BSL-1.0
// A deliberately simple reference for MODEL.md, written with std containers and no cleverness,
// independent of the library's engine: the tests (differential, property) and the fuzzer check
// analyze and pass_schedule against it. Architectures here are plain data, so it also covers
// architectures a user describes.
#ifndef BANKCHECK_TESTS_REFERENCE_HPP
#define BANKCHECK_TESTS_REFERENCE_HPP

#include <bankcheck/arch.hpp>
#include <bankcheck/error.hpp>
#include <bankcheck/op.hpp>
#include <bankcheck/report.hpp>

#include <algorithm>
#include <cstdint>
#include <map>
#include <random>
#include <vector>

namespace bankcheck_test {

using lanes = std::vector<int>;
using groups = std::vector<lanes>;

inline lanes span(int first, int last) {
  lanes v;
  for (int l = first; l <= last; ++l) v.push_back(l);
  return v;
}
inline lanes join(lanes a, const lanes& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}
inline groups consecutive(int warp, int size) {
  groups g;
  for (int f = 0; f < warp; f += size) g.push_back(span(f, std::min(f + size, warp) - 1));
  return g;
}
inline groups plus32(groups g) {
  const std::size_t n = g.size();
  for (std::size_t i = 0; i < n; ++i) {
    lanes up;
    for (int l : g[i]) up.push_back(l + 32);
    g.push_back(up);
  }
  return g;
}

// An architecture as MODEL.md describes one: phases per (load/store, width index), merged load
// phases when the merge rule exists.
struct ref_arch {
  const char* name = "custom";
  int banks = 32, bank_bytes = 4, warp = 32;
  bool merge_loads = false, matrix_ops = false;
  groups load[5], store[5], merged_load[5];
};

inline int width_index(int w) { return w == 1 ? 0 : w == 2 ? 1 : w == 4 ? 2 : w == 8 ? 3 : 4; }

// MODEL.md's tables, transcribed independently of arch.hpp.
inline ref_arch table(const char* name, int banks, int warp, groups (*phases)(bool store, int width)) {
  ref_arch a;
  a.name = name;
  a.banks = banks;
  a.warp = warp;
  for (int i = 0; i < 5; ++i) {
    a.load[i] = phases(false, 1 << i);
    a.store[i] = phases(true, 1 << i);
  }
  return a;
}
inline groups rdna3_b128() {
  return {join(span(0, 3), span(20, 23)), join(span(4, 7), span(16, 19)), join(span(8, 11), span(28, 31)),
          join(span(12, 15), span(24, 27))};
}
inline ref_arch ref_nvidia() {
  ref_arch a = table("nvidia", 32, 32, [](bool, int w) { return consecutive(32, w == 8 ? 16 : w == 16 ? 8 : 32); });
  a.merge_loads = a.matrix_ops = true;
  for (int i = 0; i < 5; ++i) a.merged_load[i] = consecutive(32, i == 3 ? 32 : i == 4 ? 16 : 32);
  return a;
}
inline ref_arch ref_gfx942() {
  return table("gfx942", 32, 64, [](bool store, int w) {
    if (w <= 4) return consecutive(64, 32);
    if (w == 8) return consecutive(64, 16);
    return store ? consecutive(64, 8) : plus32(rdna3_b128());
  });
}
inline ref_arch ref_gfx950() {
  return table("gfx950", 64, 64, [](bool, int w) {
    if (w <= 4) return consecutive(64, 64);
    if (w == 8) return consecutive(64, 32);
    return plus32({join(join(span(0, 3), span(12, 15)), join(span(20, 23), span(24, 27))),
                   join(join(span(4, 7), span(8, 11)), join(span(16, 19), span(28, 31)))});
  });
}
inline ref_arch ref_rdna3() {
  return table("rdna3", 32, 32, [](bool, int w) { return w <= 4 ? consecutive(32, 32) : w == 8 ? consecutive(32, 16) : rdna3_b128(); });
}
inline ref_arch ref_rdna4() {
  return table("rdna4", 32, 32, [](bool, int w) { return consecutive(32, w <= 4 ? 32 : w == 8 ? 16 : 8); });
}

// The library's description of the same architecture (its phase tables as lane masks).
inline bankcheck::phase_groups to_masks(const groups& g) {
  bankcheck::phase_groups m{};
  for (std::size_t p = 0; p < g.size() && p < bankcheck::phase_groups::capacity; ++p)
    for (int l : g[p]) m.lanes[p] |= std::uint64_t{1} << l;
  return m;
}
inline bankcheck::architecture to_library(const ref_arch& r) {
  bankcheck::architecture a{};
  a.name = r.name;
  a.banks = r.banks;
  a.bank_bytes = r.bank_bytes;
  a.warp_size = r.warp;
  a.merge_loads = r.merge_loads;
  a.matrix_ops = r.matrix_ops;
  for (int i = 0; i < 5; ++i) {
    a.load[i] = to_masks(r.load[i]);
    a.store[i] = to_masks(r.store[i]);
    a.merged_load[i] = to_masks(r.merged_load[i]);
  }
  return a;
}

struct ref_result {
  bankcheck::errc error = bankcheck::errc::none;
  int wavefronts = 0, ideal = 0, degree = 0;
  bool merged = false;
  std::vector<std::map<std::uint64_t, std::vector<std::uint64_t>>> queues;  // per active phase: bank -> distinct words, in order
  groups phases;                                                             // the active phases
  // The documented witness (report.hpp, conflict_witness), where degree >= 2: the first phase to
  // cost the most (its index in the table, empty phases counted); in it, the first bank to reach
  // that many words, the lanes taken in order and a lane's words in address order; lane_a the
  // first lane to ask that bank, lane_b the first after it to ask it for another word.
  bankcheck::conflict_witness worst{};
};

inline bool valid_groups(const groups& g, int warp) {
  if (g.empty() || g.size() > static_cast<std::size_t>(bankcheck::phase_groups::capacity)) return false;
  std::vector<int> seen(64, 0);
  for (const lanes& p : g) {
    if (p.empty()) return false;
    for (int l : p) {
      if (l < 0 || l >= warp || seen[static_cast<std::size_t>(l)]++) return false;
    }
  }
  return std::count(seen.begin(), seen.end(), 1) == warp;
}

// The words a lane with byte address a touches: word(a) .. word(a + W - 1).
inline std::vector<std::uint64_t> words_of(std::uint64_t a, int width, int bank_bytes) {
  std::vector<std::uint64_t> w;
  const std::uint64_t b = static_cast<std::uint64_t>(bank_bytes);
  const std::uint64_t first = a / b, last = (a + static_cast<std::uint64_t>(width) - 1) / b;
  for (std::uint64_t k = 0; k <= last - first; ++k) w.push_back(first + k);
  return w;
}

// The cost, straight from the definition: per phase, per bank, the distinct words in the order
// lanes ask for them. `addr` holds each lane's byte address; `negative` marks those a signed
// callable returned below zero. Errors in the order the library checks them (its documented
// precedence: architecture, op, mask, matrix rules, the phase table used, then the addresses).
inline ref_result reference(const ref_arch& a, bankcheck::access op, std::uint64_t mask,
                            const std::vector<std::uint64_t>& addr, const std::vector<bool>& negative = {}) {
  using bankcheck::errc;
  ref_result r;
  const auto fail = [&r](errc e) {
    r.error = e;
    return r;
  };
  if (a.banks < 1 || a.banks > 64 || a.warp < 1 || a.warp > 64 || a.bank_bytes < 1 || a.bank_bytes > 16 ||
      (a.bank_bytes & (a.bank_bytes - 1)) != 0)
    return fail(errc::architecture_is_invalid);
  if (op.is_matrix() ? !(op.matrices == 1 || op.matrices == 2 || op.matrices == 4)
                     : !(op.bytes == 1 || op.bytes == 2 || op.bytes == 4 || op.bytes == 8 || op.bytes == 16))
    return fail(op.is_matrix() ? errc::matrix_count_must_be_1_2_or_4 : errc::access_width_must_be_1_2_4_8_or_16);
  const std::uint64_t warp = a.warp == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << a.warp) - 1;
  if (mask == ~std::uint64_t{0}) mask = warp;
  if (mask == 0) return fail(errc::lane_mask_must_not_be_empty);
  if (mask & ~warp) return fail(errc::lane_mask_must_fit_the_warp);
  std::vector<int> called;  // the lanes whose address is asked for
  groups phases;
  if (op.is_matrix()) {
    if (!a.matrix_ops) return fail(errc::architecture_has_no_matrix_ops);
    if (mask != warp) return fail(errc::matrix_ops_need_every_lane_of_the_warp);
    if (a.warp < 32) return fail(errc::architecture_is_invalid);  // matrix ops read lanes 0..31
    for (int m = 0; m < op.matrices; ++m) phases.push_back(span(8 * m, 8 * m + 7));
    called = span(0, 8 * op.matrices - 1);
  } else {
    for (int l = 0; l < a.warp; ++l)
      if (mask >> l & 1) called.push_back(l);
    const auto active = [&](int l) { return l < 64 && (mask >> l & 1) != 0; };
    const int i = width_index(op.bytes);
    if (op.kind == bankcheck::op_kind::load && a.merge_loads && op.bytes > a.bank_bytes) {
      for (int k : {1, 2}) {
        bool holds = true;
        for (int l : called)
          if (active(l ^ k) && addr[static_cast<std::size_t>(l)] != addr[static_cast<std::size_t>(l ^ k)]) holds = false;
        r.merged = r.merged || holds;
      }
    }
    phases = op.kind == bankcheck::op_kind::store ? a.store[i] : r.merged ? a.merged_load[i] : a.load[i];
    if (!valid_groups(phases, a.warp)) return fail(errc::architecture_is_invalid);
  }
  // Byte addresses: every 64-bit value is an address (an aligned one's last byte fits too).
  for (int l : called)
    if (!negative.empty() && negative[static_cast<std::size_t>(l)]) return fail(errc::address_must_not_be_negative);
  for (int l : called)
    if (addr[static_cast<std::size_t>(l)] % static_cast<std::uint64_t>(op.bytes) != 0)
      return fail(errc::address_must_be_a_multiple_of_the_access_width);
  const auto banks = static_cast<std::uint64_t>(a.banks);
  for (std::size_t i = 0; i < phases.size(); ++i) {
    lanes in_order = phases[i];
    std::sort(in_order.begin(), in_order.end());
    std::map<std::uint64_t, std::vector<std::uint64_t>> bank;
    bool any = false;
    std::size_t worst = 0;
    std::uint64_t first_to_reach = 0;  // the first bank to reach `worst` words
    for (int l : in_order) {
      if (std::find(called.begin(), called.end(), l) == called.end()) continue;
      any = true;
      for (std::uint64_t w : words_of(addr[static_cast<std::size_t>(l)], op.bytes, a.bank_bytes)) {
        auto& q = bank[w % banks];
        if (std::find(q.begin(), q.end(), w) == q.end()) q.push_back(w);
        if (q.size() > worst) {
          worst = q.size();
          first_to_reach = w % banks;
        }
      }
    }
    if (!any) continue;
    ++r.ideal;
    r.wavefronts += static_cast<int>(worst);
    if (static_cast<int>(worst) > r.degree && worst >= 2) {
      r.worst = bankcheck::conflict_witness{static_cast<int>(i), static_cast<int>(first_to_reach), -1, -1, 0, 0};
      for (int l : in_order) {
        if (std::find(called.begin(), called.end(), l) == called.end()) continue;
        for (std::uint64_t w : words_of(addr[static_cast<std::size_t>(l)], op.bytes, a.bank_bytes)) {
          if (w % banks != first_to_reach || r.worst.lane_b >= 0) continue;
          if (r.worst.lane_a < 0) {
            r.worst.lane_a = l;
            r.worst.word_a = w;
          } else if (w != r.worst.word_a) {
            r.worst.lane_b = l;
            r.worst.word_b = w;
          }
        }
      }
    }
    r.degree = std::max(r.degree, static_cast<int>(worst));
    r.queues.push_back(bank);
    r.phases.push_back(phases[i]);
  }
  return r;
}

// Address shapes that produce conflicts, broadcasts, merges and none of these; `width`-aligned.
inline std::vector<std::uint64_t> random_addresses(std::mt19937_64& rng, int warp, int width) {
  std::vector<std::uint64_t> a(64);
  const std::uint64_t w = static_cast<std::uint64_t>(width);
  const std::uint64_t base = (rng() % 4 == 0) ? (~std::uint64_t{0} - 4096) / 16 * 16 : w * (rng() % 1024);
  const int shape = static_cast<int>(rng() % 7);
  const std::uint64_t stride = w * (rng() % 40), span_words = 1 + rng() % 96;
  // Shape 5: affine over GF(2) in the lane (an XOR swizzle): lane l's address is the base XOR
  // column j for each bit j of l; columns of one bit, a few bits, or none.
  std::uint64_t column[6] = {};
  for (std::uint64_t& c : column) c = rng() % 3 == 0 ? w << (rng() % 12) : rng() % 4 == 0 ? 0 : w * (rng() % 4096);
  for (int l = 0; l < warp; ++l) {
    const std::uint64_t u = static_cast<std::uint64_t>(l);
    switch (shape) {
      case 0: a[u] = base + stride * u; break;                             // strided
      case 1: a[u] = base + w * (rng() % span_words); break;               // random, small range
      case 2: a[u] = base + w * (u / (std::uint64_t{1} << (rng() % 4))); break;  // groups share
      case 3: a[u] = base + stride * (u >> 1); break;                      // pairs i^1 agree
      case 4: a[u] = base + stride * ((u >> 2) * 2 + (u & 1)); break;      // pairs i^2 agree
      case 5:                                                              // XOR-swizzled
        a[u] = base;
        for (int j = 0; j < 6; ++j) a[u] ^= (u >> j & 1) ? column[j] : 0;
        break;
      default: a[u] = base + w * (rng() % 4096); break;                    // anywhere
    }
  }
  if (shape == 3 && rng() % 3 == 0) a[rng() % static_cast<std::uint64_t>(warp)] += w;  // break one pair
  return a;
}

// An architecture drawn from `next()` (any source of 64-bit values: a random engine, or the
// fuzzer's bytes): 1..64 banks of 1..16 bytes (mostly valid), 1..64 lanes, each table cut into
// 1..8 phases of random lanes; sometimes a merge rule, matrix ops, or a broken table.
template <class Next>
ref_arch random_arch(Next&& next) {
  ref_arch a;
  a.banks = 1 + static_cast<int>(next() % 64);
  a.bank_bytes = 1 << (next() % 5);
  if (next() % 32 == 0) a.bank_bytes = 3;  // invalid
  a.warp = 1 + static_cast<int>(next() % 64);
  a.merge_loads = next() % 2 == 0;
  a.matrix_ops = next() % 4 == 0;
  const auto cut = [&]() {
    const int n = 1 + static_cast<int>(next() % static_cast<std::uint64_t>(std::min(8, a.warp)));
    groups g(static_cast<std::size_t>(n));
    if (next() % 2 == 0) {  // consecutive blocks
      for (int l = 0; l < a.warp; ++l) g[static_cast<std::size_t>(l * n / a.warp)].push_back(l);
    } else {  // any lanes: each group gets one lane first, then the rest anywhere
      for (int l = 0; l < a.warp; ++l)
        g[static_cast<std::size_t>(l < n ? l : static_cast<int>(next() % static_cast<std::uint64_t>(n)))].push_back(l);
    }
    if (n > 1 && next() % 64 == 0) g[1].push_back(g[0][0]);  // a lane in two phases: invalid
    return g;
  };
  for (int i = 0; i < 5; ++i) a.load[i] = cut(), a.store[i] = cut(), a.merged_load[i] = cut();
  return a;
}

}  // namespace bankcheck_test

#endif
