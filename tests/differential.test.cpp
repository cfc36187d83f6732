// SPDX-License-Identifier: BSL-1.0
// analyze against a deliberately simple reference written from MODEL.md with std containers,
// over random patterns: architectures, ops, widths, lane masks, address shapes.
#include <bankcheck/analyze.hpp>
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

using namespace bankcheck;

namespace {

using lanes = std::vector<int>;
using groups = std::vector<lanes>;

lanes span(int first, int last) {
  lanes v;
  for (int l = first; l <= last; ++l) v.push_back(l);
  return v;
}
lanes join(lanes a, const lanes& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}
groups consecutive(int warp, int size) {
  groups g;
  for (int f = 0; f < warp; f += size) g.push_back(span(f, f + size - 1));
  return g;
}
groups plus32(groups g) {
  const std::size_t n = g.size();
  for (std::size_t i = 0; i < n; ++i) {
    lanes up;
    for (int l : g[i]) up.push_back(l + 32);
    g.push_back(up);
  }
  return g;
}

// MODEL.md's tables, transcribed independently of arch.hpp.
struct ref_arch {
  const char* name;
  int banks, warp;
  bool nvidia;
  groups (*phases)(bool store, int width);
};
groups nvidia_phases(bool, int w) { return consecutive(32, w == 8 ? 16 : w == 16 ? 8 : 32); }
groups rdna3_b128() { return {join(span(0, 3), span(20, 23)), join(span(4, 7), span(16, 19)), join(span(8, 11), span(28, 31)), join(span(12, 15), span(24, 27))}; }
groups gfx942_phases(bool store, int w) {
  if (w <= 4) return consecutive(64, 32);
  if (w == 8) return consecutive(64, 16);
  return store ? consecutive(64, 8) : plus32(rdna3_b128());
}
groups gfx950_phases(bool, int w) {
  if (w <= 4) return consecutive(64, 64);
  if (w == 8) return consecutive(64, 32);
  return plus32({join(join(span(0, 3), span(12, 15)), join(span(20, 23), span(24, 27))),
                 join(join(span(4, 7), span(8, 11)), join(span(16, 19), span(28, 31)))});
}
groups rdna3_phases(bool, int w) { return w <= 4 ? consecutive(32, 32) : w == 8 ? consecutive(32, 16) : rdna3_b128(); }
groups rdna4_phases(bool, int w) { return w <= 4 ? consecutive(32, 32) : w == 8 ? consecutive(32, 16) : consecutive(32, 8); }

const ref_arch ref_arches[] = {{"nvidia", 32, 32, true, nvidia_phases},
                               {"gfx942", 32, 64, false, gfx942_phases},
                               {"gfx950", 64, 64, false, gfx950_phases},
                               {"rdna3", 32, 32, false, rdna3_phases},
                               {"rdna4", 32, 32, false, rdna4_phases}};

architecture lib_arch(int i) {
  switch (i) {
    case 0: return arch::nvidia;
    case 1: return arch::gfx942;
    case 2: return arch::gfx950;
    case 3: return arch::rdna3;
    default: return arch::rdna4;
  }
}

struct ref_result {
  int wavefronts = 0, ideal = 0, degree = 0;
  bool merged = false;
  std::vector<std::map<int, std::vector<std::uint64_t>>> queues;  // per phase: bank -> distinct words in order
  groups phases;
};

// The cost, straight from the definition: per phase, per bank, the set of distinct words.
ref_result reference(const ref_arch& a, access op, std::uint64_t mask, const std::vector<std::uint64_t>& addr) {
  ref_result r;
  auto active = [&](int l) { return (mask >> l & 1) != 0; };
  int width = op.bytes;
  groups phases;
  if (op.is_matrix()) {
    for (int m = 0; m < op.matrices; ++m) phases.push_back(span(8 * m, 8 * m + 7));
  } else {
    phases = a.phases(op.kind == op_kind::store, width);
    if (a.nvidia && op.kind == op_kind::load && width >= 8) {
      for (int k : {1, 2}) {
        bool holds = true;
        for (int l = 0; l < 32; ++l)
          if (active(l) && active(l ^ k) && addr[l] != addr[l ^ k]) holds = false;
        r.merged = r.merged || holds;
      }
      if (r.merged) phases = consecutive(32, width == 8 ? 32 : 16);
    }
  }
  for (const lanes& phase : phases) {
    std::map<int, std::vector<std::uint64_t>> bank;
    bool any = false;
    for (int l : phase) {
      if (!active(l)) continue;
      any = true;
      const int words = std::max(1, width / 4);
      for (int k = 0; k < words; ++k) {
        const std::uint64_t w = addr[l] / 4 + k;
        auto& q = bank[static_cast<int>(w % a.banks)];
        if (std::find(q.begin(), q.end(), w) == q.end()) q.push_back(w);
      }
    }
    if (!any) continue;
    std::size_t worst = 0;
    for (auto& b : bank) worst = std::max(worst, b.second.size());
    ++r.ideal;
    r.wavefronts += static_cast<int>(worst);
    r.degree = std::max(r.degree, static_cast<int>(worst));
    r.queues.push_back(bank);
    r.phases.push_back(phase);
  }
  return r;
}

// Address shapes that produce conflicts, broadcasts, merges and none of these.
std::vector<std::uint64_t> addresses(std::mt19937_64& rng, int warp, int width) {
  std::vector<std::uint64_t> a(64);
  const std::uint64_t base = (rng() % 4 == 0) ? (~std::uint64_t{0} - 4096) / 16 * 16 : width * (rng() % 1024);
  const int shape = static_cast<int>(rng() % 6);
  const std::uint64_t stride = width * (rng() % 40), span_words = 1 + rng() % 96;
  for (int l = 0; l < warp; ++l) {
    switch (shape) {
      case 0: a[l] = base + stride * l; break;                                  // strided
      case 1: a[l] = base + width * (rng() % span_words); break;                 // random, small range
      case 2: a[l] = base + width * (l / (1 << (rng() % 4))); break;             // groups share
      case 3: a[l] = base + stride * (l >> 1); break;                            // pairs i^1 agree
      case 4: a[l] = base + stride * ((l >> 2) * 2 + (l & 1)); break;            // pairs i^2 agree
      default: a[l] = base + width * (rng() % 4096); break;                      // anywhere
    }
  }
  if (shape == 3 && rng() % 3 == 0) a[rng() % warp] += width;  // break one pair
  return a;
}

}  // namespace

TEST_CASE("analyze and pass_schedule agree with the reference on 12,000 random patterns") {
  const std::uint64_t seed = 0x5eedba2c;
  std::printf("differential test: seed 0x%llx\n", static_cast<unsigned long long>(seed));
  std::mt19937_64 rng(seed);
  int compared = 0, merged = 0, conflicted = 0;
  for (int n = 0; n < 12000; ++n) {
    const int ai = static_cast<int>(rng() % 5);
    const ref_arch& ra = ref_arches[ai];
    const architecture la = lib_arch(ai);
    const int kind = static_cast<int>(rng() % 10);
    const int width = 1 << (rng() % 5);
    access op = kind < 6 ? load(width) : store(width);
    if (ra.nvidia && kind == 9) op = rng() % 2 ? ldmatrix(1 << (rng() % 3)) : stmatrix(1 << (rng() % 3));
    const std::uint64_t warp_mask = ra.warp == 64 ? ~std::uint64_t{0} : 0xffffffffull;
    std::uint64_t mask = warp_mask;
    if (!op.is_matrix()) {
      switch (rng() % 4) {
        case 0: mask = rng() & warp_mask; break;
        case 1: mask = std::uint64_t{1} << (rng() % ra.warp); break;
        default: break;
      }
      if (mask == 0) mask = 1;
    }
    const std::vector<std::uint64_t> addr = addresses(rng, ra.warp, op.bytes);
    const auto at = [&addr](int l) { return addr[static_cast<std::size_t>(l)]; };

    const ref_result want = reference(ra, op, mask, addr);
    const report got = analyze(at, op, mask, la);
    const std::string where = std::string(ra.name) + " case " + std::to_string(n);
    INFO(where);
    REQUIRE(got.ok());
    CHECK(got.wavefronts == want.wavefronts);
    CHECK(got.ideal == want.ideal);
    CHECK(got.degree == want.degree);
    CHECK(got.merged == want.merged);
    merged += want.merged;
    conflicted += want.wavefronts > want.ideal;

    // The witness names two lanes of the worst phase asking one bank for different words.
    if (got.degree > 1) {
      const auto& w = got.worst;
      const auto& q = want.queues[static_cast<std::size_t>(w.phase)].at(w.bank);
      CHECK(static_cast<int>(q.size()) == got.degree);
      CHECK(w.word_a != w.word_b);
      CHECK(w.word_a % ra.banks == static_cast<std::uint64_t>(w.bank));
      CHECK(w.word_b % ra.banks == static_cast<std::uint64_t>(w.bank));
      CHECK(addr[w.lane_a] / 4 <= w.word_a);
      CHECK(w.word_a < addr[w.lane_a] / 4 + std::max(1, op.bytes / 4));
    }
    // Every lane's pass is the latest queue position among its words.
    const pass_table t = pass_schedule(at, op, mask, la);
    REQUIRE(t.ok());
    CHECK(t.passes == want.degree);
    for (std::size_t p = 0; p < want.phases.size(); ++p)
      for (int l : want.phases[p]) {
        if (!(mask >> l & 1) || (op.is_matrix() && l >= 8 * op.matrices)) continue;
        int pass = 0;
        for (int k = 0; k < std::max(1, op.bytes / 4); ++k) {
          const std::uint64_t word = addr[l] / 4 + k;
          const auto& q = want.queues[p].at(static_cast<int>(word % ra.banks));
          pass = std::max(pass, static_cast<int>(std::find(q.begin(), q.end(), word) - q.begin()));
        }
        CHECK(t[l] == pass);
        CHECK(t.phase[l] >= 0);
      }
    ++compared;
  }
  std::printf("differential test: %d patterns, %d merged, %d with conflicts\n", compared, merged, conflicted);
  CHECK(compared == 12000);
  CHECK(merged > 100);
  CHECK(conflicted > 1000);
}

// conflict_degree has stages of its own (one bank row, affine words, q-bit buckets, and queues
// for words spanning 64 bank rows or more); each shape below lands in one of them.
TEST_CASE("conflict_degree agrees with the reference on 12,000 random word patterns") {
  const std::uint64_t seed = 0x5eedc0de;
  std::printf("conflict_degree differential test: seed 0x%llx\n", static_cast<unsigned long long>(seed));
  std::mt19937_64 rng(seed);
  int conflicted = 0;
  for (int n = 0; n < 12000; ++n) {
    const std::uint64_t base = rng() % 3 == 0 ? (std::uint64_t{1} << 61) - 100000 : 4000 + rng() % 100000;  // 4000: negative strides stay positive
    const int shape = static_cast<int>(rng() % 7);
    const std::int64_t stride = static_cast<std::int64_t>(rng() % 200) - 100;
    const int w = 1 << (rng() % 6);
    const std::uint64_t q = 1 + rng() % 70, x = rng() % 32, range = 1 + rng() % 5000;
    std::vector<std::uint64_t> words(32);
    for (int l = 0; l < 32; ++l) {
      const std::uint64_t u = static_cast<std::uint64_t>(l);
      switch (shape) {
        case 0: words[u] = base + static_cast<std::uint64_t>(stride * l); break;  // affine, either sign
        case 1: words[u] = base / 32 * 32 + (u ^ x); break;                      // one bank row, swizzled
        case 2: words[u] = base + u / static_cast<std::uint64_t>(w); break;       // groups share a word
        case 3: words[u] = base + u / w * q + u % w; break;                       // 2-D thread block
        case 4: words[u] = base + rng() % range; break;                            // random, narrow or wide
        case 5: words[u] = base + (u == 7 ? 32 : u); break;                        // affine but for one lane
        default: words[u] = base + (rng() % 4) * (std::uint64_t{1} << (20 + rng() % 30)) + u; break;  // rows far apart
      }
    }
    std::vector<std::uint64_t> addr(64);
    for (int l = 0; l < 32; ++l) addr[static_cast<std::size_t>(l)] = 4 * words[static_cast<std::size_t>(l)];
    const int want = reference(ref_arches[0], load(4), 0xffffffff, addr).degree;
    INFO("case " << n << ", shape " << shape);
    CHECK(conflict_degree([&words](int l) { return words[static_cast<std::size_t>(l)]; }) == want);
    conflicted += want > 1;
  }
  std::printf("conflict_degree differential test: 12000 patterns, %d with conflicts\n", conflicted);
  CHECK(conflicted > 3000);
}
