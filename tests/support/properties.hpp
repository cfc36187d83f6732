// SPDX-License-Identifier: BSL-1.0
// The properties the cost must have whatever the pattern, as one check shared by
// tests/property.test.cpp (random patterns) and the fuzzer (tests/fuzz):
//   analyze and pass_schedule agree with the reference (reference.hpp), errors included;
//   ideal <= wavefronts <= sum over active phases of the words their lanes ask;
//   permuting lanes inside a phase keeps the cost;
//   making a lane ask another lane's address (in its phase) never raises it;
//   translating every address by a multiple of bank bytes and of the access width keeps it;
//   the pass schedule serves every lane once, and in each pass a bank delivers one word.
#ifndef BANKCHECK_TESTS_PROPERTIES_HPP
#define BANKCHECK_TESTS_PROPERTIES_HPP

#include <bankcheck/analyze.hpp>

#include "reference.hpp"

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <numeric>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace bankcheck_test {

// One query: an architecture (as the reference and the library see it), an op, a lane mask and
// 64 addresses (lanes past the warp unused); `is_signed` makes the callable return int64 values,
// negative when bit 63 is set.
struct sample {
  ref_arch ra;
  bankcheck::architecture la;
  bankcheck::access op;
  std::uint64_t mask = 0;
  std::vector<std::uint64_t> addr;
  bool is_signed = false;
};

// What the checks did, over many samples.
struct tally {
  int valid = 0, rejected = 0, merged = 0, permuted = 0, duplicated = 0, translated = 0;
};

inline bankcheck::report cost(const sample& s, const std::vector<std::uint64_t>& addr, std::uint64_t mask) {
  if (s.is_signed)
    return bankcheck::analyze([&addr](int l) { return static_cast<std::int64_t>(addr[static_cast<std::size_t>(l)]); },
                              s.op, mask, s.la);
  return bankcheck::analyze([&addr](int l) { return addr[static_cast<std::size_t>(l)]; }, s.op, mask, s.la);
}
inline bankcheck::pass_table schedule(const sample& s) {
  const std::vector<std::uint64_t>& addr = s.addr;
  if (s.is_signed)
    return bankcheck::pass_schedule(
        [&addr](int l) { return static_cast<std::int64_t>(addr[static_cast<std::size_t>(l)]); }, s.op, s.mask, s.la);
  return bankcheck::pass_schedule([&addr](int l) { return addr[static_cast<std::size_t>(l)]; }, s.op, s.mask, s.la);
}

// The k (1 or 2) for which the merge rule's P(k) holds, 0 if none or the rule does not apply.
inline int merge_partner(const ref_arch& a, bankcheck::access op, std::uint64_t mask, const std::vector<std::uint64_t>& addr) {
  if (op.kind != bankcheck::op_kind::load || !a.merge_loads || op.bytes <= a.bank_bytes) return 0;
  for (int k : {1, 2}) {
    bool holds = true;
    for (int l = 0; l < a.warp; ++l)
      if ((mask >> l & 1) && (l ^ k) < 64 && (mask >> (l ^ k) & 1) &&
          addr[static_cast<std::size_t>(l)] != addr[static_cast<std::size_t>(l ^ k)])
        holds = false;
    if (holds) return k;
  }
  return 0;
}

// Checks one sample; `rng` draws the permutation, duplication and translation. Returns "" when
// every property holds, else what broke.
inline std::string check_sample(const sample& s, std::mt19937_64& rng, tally& n) {
  using namespace bankcheck;
  std::ostringstream why;
  const auto fail = [&why](const char* what, long long got, long long want) {
    why << what << ": got " << got << ", expected " << want;
    return why.str();
  };
  // The reference, for these addresses (negative where the callable is signed and bit 63 is set).
  const auto expect = [&s](std::uint64_t mask, const std::vector<std::uint64_t>& addr) {
    std::vector<bool> negative(64);
    for (std::size_t l = 0; l < 64; ++l) negative[l] = s.is_signed && (addr[l] >> 63) != 0;
    return reference(s.ra, s.op, mask, addr, negative);
  };
  const ref_result want = expect(s.mask, s.addr);
  const report r = cost(s, s.addr, s.mask);
  if (r.error != want.error) return fail("error", static_cast<int>(r.error), static_cast<int>(want.error));
  const pass_table t = schedule(s);
  if (t.error != want.error) return fail("schedule error", static_cast<int>(t.error), static_cast<int>(want.error));
  if (want.error != errc::none) {
    ++n.rejected;
    if (r.wavefronts != 0 || r.ideal != 0 || r.degree != 0 || t.passes != 0) return "an error with a count";
    return "";
  }
  ++n.valid;
  if (r.wavefronts != want.wavefronts) return fail("wavefronts", r.wavefronts, want.wavefronts);
  if (r.ideal != want.ideal) return fail("ideal", r.ideal, want.ideal);
  if (r.degree != want.degree) return fail("degree", r.degree, want.degree);
  if (r.merged != want.merged) return fail("merged", r.merged, want.merged);
  n.merged += r.merged;
  // The witness is the documented one (report.hpp), whichever path of the engine costed it.
  const conflict_witness &w = r.worst, &ww = want.worst;
  if (w.phase != ww.phase) return fail("witness phase", w.phase, ww.phase);
  if (w.bank != ww.bank) return fail("witness bank", w.bank, ww.bank);
  if (w.lane_a != ww.lane_a) return fail("witness lane_a", w.lane_a, ww.lane_a);
  if (w.lane_b != ww.lane_b) return fail("witness lane_b", w.lane_b, ww.lane_b);
  if (w.word_a != ww.word_a || w.word_b != ww.word_b)
    return fail("witness word_a", static_cast<long long>(w.word_a), static_cast<long long>(ww.word_a));

  // Bounds: each active phase costs at least 1 and at most one wavefront per word asked.
  long long bound = 0;
  for (const lanes& phase : want.phases)
    for (int l : phase)
      if (s.op.is_matrix() ? l < 8 * s.op.matrices : (s.mask >> l & 1) != 0)
        bound += static_cast<long long>(words_of(s.addr[static_cast<std::size_t>(l)], s.op.bytes, s.ra.bank_bytes).size());
  if (r.ideal < 1 || r.ideal > r.wavefronts) return fail("ideal out of [1, wavefronts]", r.ideal, r.wavefronts);
  if (r.wavefronts > bound) return fail("wavefronts above the words asked", r.wavefronts, bound);

  // Permuting lanes inside each phase. Under P(k) pairs {l, l ^ k} move as units, so P(k) still
  // holds; that needs every pair inside one phase.
  const int k = r.merged ? merge_partner(s.ra, s.op, s.mask, s.addr) : 0;
  bool pairs_stay = true;
  for (const lanes& phase : want.phases)
    for (int l : phase)
      if (k != 0 && std::find(phase.begin(), phase.end(), l ^ k) == phase.end()) pairs_stay = false;
  if (!s.op.is_matrix() && pairs_stay) {
    std::vector<std::uint64_t> addr = s.addr;
    std::uint64_t mask = s.mask;
    for (const lanes& phase : want.phases) {
      std::vector<int> units;  // each unit's lowest lane: a lane, or a pair {l, l ^ k}
      for (int l : phase)
        if ((l & k) == 0) units.push_back(l);
      std::vector<int> to = units;
      std::shuffle(to.begin(), to.end(), rng);
      for (std::size_t u = 0; u < units.size(); ++u)
        for (int member : {0, k}) {
          const int from = units[u] ^ member, dest = to[u] ^ member;
          addr[static_cast<std::size_t>(dest)] = s.addr[static_cast<std::size_t>(from)];
          mask = (mask & ~(std::uint64_t{1} << dest)) | ((s.mask >> from & 1) << dest);
          if (k == 0) break;
        }
    }
    // Unmerged, a permutation may make the merge rule hold, and then the phases differ: only
    // permutations that leave the rule as it was are compared (almost all).
    // A permutation that changes whether the rule holds uses the other table, which may be
    // invalid (on a random architecture): then the error must be the reference's.
    const report p = cost(s, addr, mask);
    const errc expected = expect(mask, addr).error;
    if (p.error != expected) return fail("a permutation's error", static_cast<int>(p.error), static_cast<int>(expected));
    if (p.ok() && p.merged == r.merged) {
      if (p.wavefronts != r.wavefronts) return fail("permuted wavefronts", p.wavefronts, r.wavefronts);
      if (p.ideal != r.ideal || p.degree != r.degree) return fail("permuted ideal or degree", p.ideal, r.ideal);
      ++n.permuted;
    }
  }

  // Duplicating: an active lane j asks the address of lane i of its phase (under P(k), j's
  // partner too, so P(k) still holds). Never costs more.
  if (!s.op.is_matrix()) {
    const lanes& phase = want.phases[rng() % want.phases.size()];
    std::vector<int> active;
    for (int l : phase)
      if (s.mask >> l & 1) active.push_back(l);
    const int i = active[rng() % active.size()], j = active[rng() % active.size()];
    std::vector<int> movers{j};
    if (k != 0 && (j ^ k) < s.ra.warp && (s.mask >> (j ^ k) & 1)) movers.push_back(j ^ k);
    bool same_phase = true;
    for (int m : movers) same_phase = same_phase && std::find(phase.begin(), phase.end(), m) != phase.end();
    if (same_phase) {
      std::vector<std::uint64_t> addr = s.addr;
      for (int m : movers) addr[static_cast<std::size_t>(m)] = s.addr[static_cast<std::size_t>(i)];
      const report d = cost(s, addr, s.mask);
      const errc expected = expect(s.mask, addr).error;
      if (d.error != expected) return fail("a duplicate's error", static_cast<int>(d.error), static_cast<int>(expected));
      if (d.ok() && d.merged == r.merged) {  // else the phases differ (the merge rule now holds)
        if (d.wavefronts > r.wavefronts) return fail("a duplicated address raised wavefronts", d.wavefronts, r.wavefronts);
        ++n.duplicated;
      }
    }
  }

  // Translating by a multiple of a bank row (and of 16, to stay aligned), and by a multiple of a
  // bank's bytes and of the access width (the banks rotate alike: tile.hpp's walks count on it),
  // when it does not wrap.
  const std::uint64_t bank_bytes = static_cast<std::uint64_t>(s.ra.bank_bytes);
  for (const std::uint64_t unit : {16 * static_cast<std::uint64_t>(s.ra.banks) * bank_bytes,
                                   std::lcm(bank_bytes, static_cast<std::uint64_t>(s.op.bytes))}) {
    const std::uint64_t by = unit * (1 + rng() % (std::uint64_t{1} << 36));
    std::uint64_t top = 0;
    for (std::uint64_t a : s.addr) top = std::max(top, a);
    const std::uint64_t limit = s.is_signed ? ~std::uint64_t{0} >> 1 : ~std::uint64_t{0};
    if (top <= limit - by) {
      std::vector<std::uint64_t> addr = s.addr;
      for (std::uint64_t& a : addr) a += by;
      const report m = cost(s, addr, s.mask);
      if (!m.ok()) return fail("a translation's error", static_cast<int>(m.error), 0);
      if (m.wavefronts != r.wavefronts) return fail("translated wavefronts", m.wavefronts, r.wavefronts);
      if (m.ideal != r.ideal || m.degree != r.degree || m.merged != r.merged) return fail("translated ideal", m.ideal, r.ideal);
      ++n.translated;
    }
  }

  // The schedule: every lane whose address counts is served once, in a pass below its phase's
  // cost; the others never. In each pass a bank delivers one word (checked on lanes asking one
  // word). The phases' pass counts add up to the wavefronts.
  if (t.passes != r.degree) return fail("schedule passes", t.passes, r.degree);
  for (int l = 0; l < 64; ++l) {
    const bool asked = l < s.ra.warp && (s.op.is_matrix() ? l < 8 * s.op.matrices : (s.mask >> l & 1) != 0);
    if ((t.pass[l] >= 0) != asked || (t.phase[l] >= 0) != asked) return fail("lane served (1) or not (0)", t.pass[l] >= 0, asked);
  }
  long long total = 0;
  for (std::size_t p = 0; p < want.phases.size(); ++p) {
    int passes = 0;
    std::map<std::pair<int, std::uint64_t>, std::set<std::uint64_t>> delivered;  // (pass, bank) -> words
    for (int l : want.phases[p]) {
      if (t.pass[l] < 0) continue;
      passes = std::max(passes, t.pass[l] + 1);
      const std::vector<std::uint64_t> words = words_of(s.addr[static_cast<std::size_t>(l)], s.op.bytes, s.ra.bank_bytes);
      if (words.size() == 1) delivered[{t.pass[l], words[0] % static_cast<std::uint64_t>(s.ra.banks)}].insert(words[0]);
    }
    for (const auto& d : delivered)
      if (d.second.size() != 1) return fail("words a bank delivers in one pass", static_cast<long long>(d.second.size()), 1);
    total += passes;
  }
  if (total != r.wavefronts) return fail("the schedule's passes over phases", total, r.wavefronts);
  return "";
}

}  // namespace bankcheck_test

#endif
