// SPDX-License-Identifier: BSL-1.0
// bankcheck: the one engine. Every query gathers lane addresses, then comes here.
#ifndef BANKCHECK_DETAIL_ENGINE_HPP
#define BANKCHECK_DETAIL_ENGINE_HPP

#include <cstdint>
#include <type_traits>

#include <bankcheck/arch.hpp>
#include <bankcheck/config.hpp>
#include <bankcheck/error.hpp>
#include <bankcheck/op.hpp>
#include <bankcheck/report.hpp>

namespace bankcheck {
namespace detail {

// What the user's callable gave: value[l] for each lane l of `called`, in units of `unit` bytes.
struct lane_values {
  std::uint64_t value[64] = {};
  std::uint64_t called = 0;
  int unit = 1;             // 1: byte addresses; 4: 4-byte word indices (the seed's model)
  bool is_signed = false;   // the callable returns a signed type: value >= 2^63 was negative
};

BANKCHECK_HOST_DEVICE constexpr int lowest_lane(std::uint64_t m) noexcept {
  int l = 0;
  for (int s = 32; s > 0; s >>= 1)
    if ((m & ((std::uint64_t{1} << s) - 1)) == 0) m >>= s, l += s;
  return l;
}
BANKCHECK_HOST_DEVICE constexpr int highest_lane(std::uint64_t m) noexcept {
  int l = 0;
  for (int s = 32; s > 0; s >>= 1)
    if (m >> s) m >>= s, l += s;
  return l;
}

// Lanes whose callable the engine needs, or an error: checks the architecture scalars, the
// op, and the mask. `mask == ~0` means the whole warp.
struct plan {
  errc error = errc::none;
  std::uint64_t active = 0;  // active lanes
  std::uint64_t call = 0;    // lanes whose address is needed
};

BANKCHECK_HOST_DEVICE constexpr plan make_plan(access op, std::uint64_t mask, const architecture& a) noexcept {
  plan p{};
  if (a.banks < 1 || a.banks > 64 || a.warp_size < 1 || a.warp_size > 64 || a.bank_bytes < 1 ||
      a.bank_bytes > 16 || (a.bank_bytes & (a.bank_bytes - 1)) != 0)
    return p.error = violated::architecture_is_invalid(), p;
  if (op.check() != errc::none)
    return p.error = op.is_matrix() ? violated::matrix_count_must_be_1_2_or_4()
                                    : violated::access_width_must_be_1_2_4_8_or_16(),
           p;
  const std::uint64_t warp = lane_range(0, a.warp_size - 1);
  if (mask == ~std::uint64_t{0}) mask = warp;
  if (mask == 0) return p.error = violated::lane_mask_must_not_be_empty(), p;
  if (mask & ~warp) return p.error = violated::lane_mask_must_fit_the_warp(), p;
  p.active = p.call = mask;
  if (op.is_matrix()) {
    if (!a.matrix_ops) return p.error = violated::architecture_has_no_matrix_ops(), p;
    if (mask != warp) return p.error = violated::matrix_ops_need_every_lane_of_the_warp(), p;
    p.call = lane_range(0, 8 * op.matrices - 1);
  }
  return p;
}

// Calls f(lane) once for each lane of `call`, lowest lane first.
BANKCHECK_CALLS_USER_CODE
template <class F>
BANKCHECK_HOST_DEVICE constexpr void gather(F& f, std::uint64_t call, lane_values& v) {
  using result = decltype(f(0));
  static_assert(std::is_integral<result>::value && !std::is_same<result, bool>::value,
                "bankcheck: the address callable must return an integral type (a byte address or word index)");
  v.called = call;
  v.is_signed = result(-1) < result(0);
  const int last = highest_lane(call);
  for (int l = lowest_lane(call); l <= last; ++l)
    if (call >> l & 1) v.value[l] = static_cast<std::uint64_t>(f(l));
}

// Bank queues of one phase. A bank's distinct words form a list of nodes in queue order;
// qbits[b] has bit (word / banks) % 64 set for each, so a new word is mostly found new in O(1).
struct phase_state {
  std::uint64_t used = 0;  // banks with at least one word
  std::uint64_t qbits[64] = {};
  int head[64] = {};
  int tail[64] = {};
  int count[64] = {};
  std::uint64_t node_word[256] = {};
  int node_lane[256] = {};
  int node_next[256] = {};
  int nodes = 0;
  int worst = 0;        // max count
  int worst_bank = -1;  // first bank to reach it
};

// Queue word w (asked by lane) at its bank; returns its pass: its position in the queue.
BANKCHECK_HOST_DEVICE constexpr int serve(phase_state& s, std::uint64_t w, int lane, int banks) noexcept {
  const int b = static_cast<int>(w % static_cast<unsigned>(banks));
  const std::uint64_t bit = std::uint64_t{1} << (w / static_cast<unsigned>(banks) % 64);
  if (!(s.used >> b & 1)) {
    s.used |= std::uint64_t{1} << b;
    s.qbits[b] = bit;
    s.count[b] = 1;
    s.head[b] = s.tail[b] = s.nodes;
  } else {
    if (s.node_word[s.head[b]] == w) return 0;  // broadcast of the bank's first word
    if (s.qbits[b] & bit) {                      // maybe asked before: walk the queue
      int pass = 0;
      for (int n = s.head[b]; n >= 0; n = s.node_next[n], ++pass)
        if (s.node_word[n] == w) return pass;
    }
    s.qbits[b] |= bit;
    s.node_next[s.tail[b]] = s.nodes;
    s.tail[b] = s.nodes;
    ++s.count[b];
  }
  s.node_word[s.nodes] = w;
  s.node_lane[s.nodes] = lane;
  s.node_next[s.nodes] = -1;
  ++s.nodes;
  if (s.count[b] > s.worst) s.worst = s.count[b], s.worst_bank = b;
  return s.count[b] - 1;
}

// Visitors see every lane's pass; no_visitor costs nothing.
struct no_visitor {
  static constexpr bool wants_passes = false;
  BANKCHECK_HOST_DEVICE constexpr void lane(int, int, int) noexcept {}
};
struct table_visitor {
  static constexpr bool wants_passes = true;
  pass_table* out;
  BANKCHECK_HOST_DEVICE constexpr void lane(int lane, int phase, int pass) noexcept {
    out->phase[lane] = static_cast<signed char>(phase);
    out->pass[lane] = static_cast<signed char>(pass);
  }
};

// The load merge rule's condition P(k): no active lane's partner i^k is active with another address.
BANKCHECK_HOST_DEVICE constexpr bool pairs_agree(const lane_values& v, std::uint64_t active, int k) noexcept {
  const int last = highest_lane(active);
  for (int l = lowest_lane(active); l <= last; ++l)
    if ((active >> l & 1) && (active >> (l ^ k) & 1) && v.value[l] != v.value[l ^ k]) return false;
  return true;
}

// The engine: MODEL.md's cost of one instruction whose lane addresses are in v.
template <class Visitor>
BANKCHECK_HOST_DEVICE constexpr report run(const lane_values& v, access op, const plan& p, const architecture& a,
                                           Visitor& visit) noexcept {
  report r{};
  const int width = op.bytes;
  // Validate every address before counting anything.
  {
    const std::uint64_t limit = ~std::uint64_t{0} / static_cast<unsigned>(v.unit);
    const int last = highest_lane(p.call);
    for (int l = lowest_lane(p.call); l <= last; ++l) {
      if (!(p.call >> l & 1)) continue;
      const std::uint64_t x = v.value[l];
      if (v.is_signed && (x >> 63)) return r.error = violated::address_must_not_be_negative(), r;
      if (x > limit) return r.error = violated::address_is_out_of_range(), r;
      if (x * static_cast<unsigned>(v.unit) % static_cast<unsigned>(width) != 0)
        return r.error = violated::address_must_be_a_multiple_of_the_access_width(), r;
    }
  }
  // The phases: one per matrix for ldmatrix/stmatrix, else the architecture's table.
  phase_groups groups{};
  if (op.is_matrix()) {
    for (int m = 0; m < op.matrices; ++m) groups.lanes[m] = lane_range(8 * m, 8 * m + 7);
  } else {
    const int wi = width_index(width);
    groups = op.kind == op_kind::store ? a.store[wi] : a.load[wi];
    if (op.kind == op_kind::load && a.merge_loads && width > a.bank_bytes &&
        (pairs_agree(v, p.active, 1) || pairs_agree(v, p.active, 2))) {
      groups = a.merged_load[wi];
      r.merged = true;
    }
    // A table must cover the warp with disjoint groups.
    std::uint64_t seen = 0;
    for (std::uint64_t m : groups.lanes) {
      if (seen & m) return r.error = violated::architecture_is_invalid(), r;
      seen |= m;
    }
    if (seen != lane_range(0, a.warp_size - 1)) return r.error = violated::architecture_is_invalid(), r;
  }
  const std::uint64_t bb = static_cast<unsigned>(a.bank_bytes);
  const int words_per_lane = width > a.bank_bytes ? width / a.bank_bytes : 1;
  phase_state s{};
  for (int g = 0; g < phase_groups::capacity; ++g) {
    const std::uint64_t lanes = groups.lanes[g] & p.call;
    if (lanes == 0) continue;
    s.used = 0;
    s.nodes = 0;
    s.worst = 0;
    s.worst_bank = -1;
    const int last = highest_lane(lanes);
    for (int l = lowest_lane(lanes); l <= last; ++l) {
      if (!(lanes >> l & 1)) continue;
      const std::uint64_t w0 = v.value[l] * static_cast<unsigned>(v.unit) / bb;
      int pass = 0;
      for (int k = 0; k < words_per_lane; ++k) {
        const int q = serve(s, w0 + static_cast<unsigned>(k), l, a.banks);
        if (q > pass) pass = q;
      }
      if constexpr (Visitor::wants_passes) visit.lane(l, g, pass);
    }
    ++r.ideal;
    r.wavefronts += s.worst;
    if (s.worst > r.degree) {
      r.degree = s.worst;
      if (s.worst > 1) {
        const int first = s.head[s.worst_bank], second = s.node_next[first];
        r.worst = conflict_witness{g, s.worst_bank, s.node_lane[first], s.node_lane[second], s.node_word[first],
                                   s.node_word[second]};
      }
    }
  }
  return r;
}

}  // namespace detail
}  // namespace bankcheck

#endif
