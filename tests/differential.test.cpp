// SPDX-License-Identifier: BSL-1.0
// analyze against a deliberately simple reference written from MODEL.md with std containers
// (support/reference.hpp), over random patterns: architectures (as tag types and as values), ops,
// widths, lane masks, address shapes.
#include <bankcheck/analyze.hpp>
#include <doctest/doctest.h>

#include "support/reference.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <map>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

using namespace bankcheck;

namespace {

using namespace bankcheck_test;

const ref_arch ref_arches[] = {ref_nvidia(), ref_gfx942(), ref_gfx950(), ref_rdna3(), ref_rdna4()};

architecture lib_arch(int i) {
  switch (i) {
    case 0: return arch::nvidia;
    case 1: return arch::gfx942;
    case 2: return arch::gfx950;
    case 3: return arch::rdna3;
    default: return arch::rdna4;
  }
}

// f(the built-in architecture i as its tag type, arch::nvidia_t ...): the engine as most users
// call it, instantiated for the tag (arrays sized to its warp and banks, its tables static).
template <class F>
ref_result with_tag(int i, F f) {
  switch (i) {
    case 0: return f(arch::nvidia);
    case 1: return f(arch::gfx942);
    case 2: return f(arch::gfx950);
    case 3: return f(arch::rdna3);
    default: return f(arch::rdna4);
  }
}

// analyze and pass_schedule against the reference on one access: counts, merge, the witness
// and every lane's pass, on the architecture as a value or as its tag. Returns the reference's answer.
template <class Arch>
ref_result compare(const ref_arch& ra, const Arch& la, access op, std::uint64_t mask,
                   const std::vector<std::uint64_t>& addr, const std::string& where) {
  const auto at = [&addr](int l) { return addr[static_cast<std::size_t>(l)]; };
  const ref_result want = reference(ra, op, mask, addr);
  const report got = analyze(at, op, mask, la);
  INFO(where);
  REQUIRE(got.ok());
  CHECK(got.wavefronts == want.wavefronts);
  CHECK(got.ideal == want.ideal);
  CHECK(got.degree == want.degree);
  CHECK(got.merged == want.merged);
  const pass_table t = pass_schedule(at, op, mask, la);
  REQUIRE(t.ok());
  // The witness names two lanes of a worst phase asking one bank for different words. Its phase
  // is the index in the architecture's table, as in pass_table, where phases without an
  // active lane count too; the reference keeps only the active ones, so they are found by lane.
  if (got.degree > 1) {
    const auto& w = got.worst;
    const auto phase_of = [&want](int lane) {
      std::size_t p = 0;
      while (p < want.phases.size() &&
             std::find(want.phases[p].begin(), want.phases[p].end(), lane) == want.phases[p].end())
        ++p;
      return p;
    };
    const std::size_t p = phase_of(w.lane_a);
    REQUIRE(p < want.phases.size());
    CHECK(phase_of(w.lane_b) == p);
    CHECK(t.phase[w.lane_a] == w.phase);
    CHECK(t.phase[w.lane_b] == w.phase);
    CHECK(static_cast<int>(want.queues[p].at(static_cast<std::uint64_t>(w.bank)).size()) == got.degree);
    CHECK(w.word_a != w.word_b);
    const int words = std::max(1, op.bytes / 4);
    for (const auto& [lane, word] : {std::pair<int, std::uint64_t>{w.lane_a, w.word_a}, {w.lane_b, w.word_b}}) {
      CHECK(word % static_cast<std::uint64_t>(ra.banks) == static_cast<std::uint64_t>(w.bank));
      CHECK(addr[static_cast<std::size_t>(lane)] / 4 <= word);
      CHECK(word < addr[static_cast<std::size_t>(lane)] / 4 + static_cast<std::uint64_t>(words));
    }
    // And they are the first lane of the phase to ask that bank, and the first after it to ask
    // the bank for another word, whichever path of the engine costed the phase.
    std::vector<int> lanes = want.phases[p];
    std::sort(lanes.begin(), lanes.end());
    int first = -1, second = -1;
    std::uint64_t first_word = 0;
    for (const int l : lanes) {
      if (!(mask >> l & 1) || (op.is_matrix() && l >= 8 * op.matrices)) continue;
      for (int k = 0; k < words; ++k) {
        const std::uint64_t word = addr[static_cast<std::size_t>(l)] / 4 + static_cast<std::uint64_t>(k);
        if (word % static_cast<std::uint64_t>(ra.banks) != static_cast<std::uint64_t>(w.bank)) continue;
        if (first < 0) {
          first = l;
          first_word = word;
        } else if (second < 0 && word != first_word) {
          second = l;
        }
      }
    }
    CHECK(w.lane_a == first);
    CHECK(w.word_a == first_word);
    CHECK(w.lane_b == second);
  }
  // The documented choice among the conflicts as bad: the reference's witness.
  CHECK(got.worst.phase == want.worst.phase);
  CHECK(got.worst.bank == want.worst.bank);
  CHECK(got.worst.lane_a == want.worst.lane_a);
  CHECK(got.worst.lane_b == want.worst.lane_b);
  CHECK(got.worst.word_a == want.worst.word_a);
  CHECK(got.worst.word_b == want.worst.word_b);
  // Every lane's pass is the latest queue position among its words.
  CHECK(t.passes == want.degree);
  for (std::size_t p = 0; p < want.phases.size(); ++p)
    for (int l : want.phases[p]) {
      if (!(mask >> l & 1) || (op.is_matrix() && l >= 8 * op.matrices)) continue;
      int pass = 0;
      for (int k = 0; k < std::max(1, op.bytes / 4); ++k) {
        const std::uint64_t word = addr[static_cast<std::size_t>(l)] / 4 + static_cast<std::uint64_t>(k);
        const auto& q = want.queues[p].at(word % static_cast<std::uint64_t>(ra.banks));
        pass = std::max(pass, static_cast<int>(std::find(q.begin(), q.end(), word) - q.begin()));
      }
      CHECK(t[l] == pass);
      CHECK(t.phase[l] >= 0);
    }
  return want;
}

// A load or store of 1 to 16 bytes, or (a tenth of the time, where the architecture has them)
// an ldmatrix or stmatrix of 1, 2 or 4 matrices.
access random_op(std::mt19937_64& rng, const ref_arch& ra) {
  const int kind = static_cast<int>(rng() % 10);
  const int width = 1 << (rng() % 5);
  access op = kind < 6 ? load(width) : store(width);
  if (ra.matrix_ops && kind == 9) op = rng() % 2 ? ldmatrix(1 << (rng() % 3)) : stmatrix(1 << (rng() % 3));
  return op;
}

// One query of a differential test: an architecture (its index in ref_arches), an op, a lane mask
// and 64 addresses.
struct query {
  int arch;
  access op;
  std::uint64_t mask;
  std::vector<std::uint64_t> addr;
};
struct outcome {
  int conflicted = 0, merged = 0;
};

// `count` queries made by make(rng) from a generator seeded with `seed`, each compared with the
// reference; `what` names them in the output and in a failed check's message. Returns how many
// had conflicts and how many merged.
template <class Make>
outcome compare_all(const char* what, std::uint64_t seed, int count, Make make) {
  std::printf("%s: seed 0x%llx\n", what, static_cast<unsigned long long>(seed));
  std::mt19937_64 rng(seed);
  outcome o;
  for (int n = 0; n < count; ++n) {
    const query q = make(rng);
    const ref_arch& ra = ref_arches[q.arch];
    // Every other query through the architecture's tag type, the rest through its value.
    const std::string where = std::string(ra.name) + " " + what + ", case " + std::to_string(n);
    const ref_result want =
        n % 2 == 0 ? with_tag(q.arch, [&](const auto& tag) { return compare(ra, tag, q.op, q.mask, q.addr, where + " (tag)"); })
                   : compare(ra, lib_arch(q.arch), q.op, q.mask, q.addr, where);
    o.conflicted += want.wavefronts > want.ideal;
    o.merged += want.merged;
  }
  return o;
}

}  // namespace

TEST_CASE("analyze and pass_schedule agree with the reference on 12,000 random patterns") {
  const outcome o = compare_all("differential test", 0x5eedba2c, 12000, [](std::mt19937_64& rng) {
    const int ai = static_cast<int>(rng() % 5);
    const ref_arch& ra = ref_arches[ai];
    const access op = random_op(rng, ra);
    const std::uint64_t warp_mask = ra.warp == 64 ? ~std::uint64_t{0} : 0xffffffffull;
    std::uint64_t mask = warp_mask;
    if (!op.is_matrix()) {
      switch (rng() % 4) {
        case 0: mask = rng() & warp_mask; break;
        case 1: mask = std::uint64_t{1} << (rng() % static_cast<unsigned>(ra.warp)); break;
        default: break;
      }
      if (mask == 0) mask = 1;
    }
    return query{ai, op, mask, random_addresses(rng, ra.warp, op.bytes)};
  });
  std::printf("differential test: 12000 patterns, %d merged, %d with conflicts\n", o.merged, o.conflicted);
  CHECK(o.merged > 100);
  CHECK(o.conflicted > 1000);
}

// Addresses affine over GF(2) in the lane (XOR swizzles, power-of-two strides, lanes sharing
// words) in an aligned block of lanes are costed by a closed form (detail::xor_affine). Here
// most columns are small, so that groups of banks meet and the ranks vary; some patterns are
// broken at one lane, and some masks leave the block partial or scattered.
TEST_CASE("analyze and pass_schedule agree with the reference on 6,000 XOR-swizzled patterns") {
  int broken = 0;
  const outcome o = compare_all("XOR-swizzled patterns", 0x5eedf00d, 6000, [&broken](std::mt19937_64& rng) {
    const int ai = static_cast<int>(rng() % 5);
    const ref_arch& ra = ref_arches[ai];
    const access op = random_op(rng, ra);
    const int unit = op.is_matrix() ? 16 : op.bytes;
    std::uint64_t mask = ra.warp == 64 ? ~std::uint64_t{0} : 0xffffffffull;
    if (!op.is_matrix() && rng() % 3 == 0) {  // an aligned block of 2^k lanes, or (rarely) scattered lanes
      const int k = static_cast<int>(rng() % 6);
      const int first = static_cast<int>(rng() % static_cast<std::uint64_t>(ra.warp)) >> k << k;
      mask = rng() % 8 == 0 ? rng() & mask : ((std::uint64_t{1} << (1 << k)) - 1) << first & mask;
      if (mask == 0) mask = 1;
    }
    const std::uint64_t u = static_cast<std::uint64_t>(unit);
    std::uint64_t column[6] = {};
    for (int j = 0; j < 6; ++j) {
      switch (rng() % 5) {
        case 0: column[j] = 0; break;                                            // lanes share the address
        case 1: column[j] = u << (rng() % 10); break;                            // one bit
        case 2: column[j] = u * (rng() % 64); break;                             // a few bits
        case 3: column[j] = column[rng() % 6] ^ column[rng() % 6]; break;         // often dependent
        default: column[j] = u * (rng() % 65536); break;                         // anywhere
      }
    }
    const std::uint64_t base =
        rng() % 8 == 0 ? (~std::uint64_t{0} - (std::uint64_t{1} << 24)) / u * u : u * (rng() % 4096);
    std::vector<std::uint64_t> addr(64);
    for (std::uint64_t l = 0; l < 64; ++l) {
      addr[l] = base;
      for (int j = 0; j < 6; ++j) addr[l] ^= (l >> j & 1) ? column[j] : 0;
    }
    if (rng() % 6 == 0) {  // not affine (at one lane, if called)
      addr[rng() % 64] ^= u << (rng() % 8);
      ++broken;
    }
    return query{ai, op, mask, addr};
  });
  std::printf("XOR-swizzled patterns: 6000, %d broken at one lane, %d with conflicts\n", broken, o.conflicted);
  CHECK(broken > 500);
  CHECK(o.conflicted > 2000);
}

// Lanes sharing values in groups of 2^k from the first called lane, the groups' values affine
// (four lanes reading one float, pairs reading one float4) are costed by a closed form
// (detail::affine_groups). Here groups of 2 to 32 lanes, of 1 (affine lanes), or of 3 or 6, which
// are left to counting; steps of a few chunks or none, of part of a bank word at 1 and 2 bytes
// (counted), falling, or over 2^32 (counted); groups not aligned to lane 0; masks of consecutive
// lanes from any lane, where the first group may be cut short; and some patterns broken at a run
// of 1 to 4 lanes moved together, which a test of every other lane's difference would miss (at
// run time the affine tests take each difference in turn, with no early exit to skip one).
TEST_CASE("analyze and pass_schedule agree with the reference on 6,000 patterns of lanes sharing values") {
  int broken = 0;
  const outcome o = compare_all("lanes sharing values", 0x5eedfeed, 6000, [&broken](std::mt19937_64& rng) {
    const int ai = static_cast<int>(rng() % 5);
    const ref_arch& ra = ref_arches[ai];
    const access op = random_op(rng, ra);
    const std::uint64_t u = static_cast<std::uint64_t>(op.is_matrix() ? 16 : op.bytes);
    const std::uint64_t warp = static_cast<std::uint64_t>(ra.warp);
    std::uint64_t mask = warp == 64 ? ~std::uint64_t{0} : 0xffffffffull;
    if (!op.is_matrix() && rng() % 3 == 0) {  // consecutive lanes from any lane
      const std::uint64_t first = rng() % warp, count = 1 + rng() % (warp - first);
      mask = (count == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << count) - 1) << first;
    }
    const std::uint64_t shape = rng() % 8,
                        group = shape == 0 ? 3 * (1 + rng() % 2) : shape == 1 ? 1 : std::uint64_t{2} << (rng() % 5),
                        offset = rng() % 4 == 0 ? rng() % group : 0;
    std::uint64_t step = 0, base = u * (rng() % 4096);
    switch (rng() % 5) {
      case 0: step = u * (rng() % 64); break;                          // a few chunks, or none
      case 1: step = u << (rng() % 12); break;                         // a power of two
      case 2: step = 0 - u * (rng() % 4096); base += std::uint64_t{1} << 24; break;  // falling
      case 3: step = u * (rng() % 4 + 1) * (std::uint64_t{1} << 32); break;  // over 2^32: counted
      default: step = 4 * u * (rng() % 1024) + u; break;                // part of a word at 1 and 2 bytes
    }
    std::vector<std::uint64_t> addr(64);
    for (std::uint64_t l = 0; l < 64; ++l) addr[l] = base + step * ((l + offset) / group);
    if (rng() % 6 == 0) {  // not affine (where a lane of the run is called)
      const std::uint64_t at = rng() % 64, run = 1 + rng() % 4;
      for (std::uint64_t l = at; l < at + run && l < 64; ++l) addr[l] += u;
      ++broken;
    }
    return query{ai, op, mask, addr};
  });
  std::printf("lanes sharing values: 6000, %d broken at a run of lanes, %d with conflicts\n", broken, o.conflicted);
  CHECK(broken > 500);
  CHECK(o.conflicted > 1500);
}

// Random words nearby, the whole wave64 warp: at run time the counters record each phase's lanes
// for the witness where a phase spans 56 lanes at most (gfx942's 32-lane phases), and gfx950's
// 64-lane phases of 1 to 4 bytes record none and search for it. The random patterns above reach
// these paths only a few times.
TEST_CASE("analyze and pass_schedule agree with the reference on 2,000 wave64 patterns of random words nearby") {
  const outcome o = compare_all("wave64 random words", 0x5eed6464, 2000, [](std::mt19937_64& rng) {
    const int ai = 1 + static_cast<int>(rng() % 2);  // gfx942, gfx950
    const access op = rng() % 2 ? load(1 << (rng() % 5)) : store(1 << (rng() % 5));
    const std::uint64_t u = static_cast<std::uint64_t>(op.bytes), base = u * (rng() % 4096),
                        range = 64 + rng() % 1024;  // within 64 bank rows at 1 to 4 bytes, not always wider
    std::vector<std::uint64_t> addr(64);
    for (std::uint64_t& a : addr) a = base + u * (rng() % range);
    return query{ai, op, ~std::uint64_t{0}, addr};
  });
  std::printf("wave64 random words: 2000, %d with conflicts\n", o.conflicted);
  CHECK(o.conflicted > 1500);
}

// The words of the pattern under test, for a callable without captures: conflict_degree takes
// such a callable through a function pointer, by a path of its own
// (detail/seed.hpp, seed_degree_through), and one with captures by the gather into an array.
namespace {
const std::uint64_t* current_words = nullptr;
}  // namespace

// conflict_degree has stages of its own (one bank row, affine words, q-bit buckets, and q-bits
// checked against the lanes before for words spanning 64 bank rows or more, where q-bits alias);
// each shape below lands in one of them, by both paths.
TEST_CASE("conflict_degree agrees with the reference on 12,000 random word patterns") {
  const std::uint64_t seed = 0x5eedc0de;
  std::printf("conflict_degree differential test: seed 0x%llx\n", static_cast<unsigned long long>(seed));
  std::mt19937_64 rng(seed);
  int conflicted = 0;
  for (int n = 0; n < 12000; ++n) {
    const std::uint64_t base = rng() % 3 == 0 ? (std::uint64_t{1} << 61) - 100000 : 4000 + rng() % 100000;  // 4000: negative strides stay positive
    const int shape = static_cast<int>(rng() % 7);
    const std::int64_t stride = static_cast<std::int64_t>(rng() % 200) - 100;
    const std::uint64_t w = std::uint64_t{1} << (rng() % 6);
    const std::uint64_t q = 1 + rng() % 70, x = rng() % 32, range = 1 + rng() % 5000;
    std::vector<std::uint64_t> words(32);
    for (int l = 0; l < 32; ++l) {
      const std::uint64_t u = static_cast<std::uint64_t>(l);
      switch (shape) {
        case 0: words[u] = base + static_cast<std::uint64_t>(stride * l); break;  // affine, either sign
        case 1: words[u] = base / 32 * 32 + (u ^ x); break;                      // one bank row, swizzled
        case 2: words[u] = base + u / w; break;                                   // groups share a word
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
    current_words = words.data();
    CHECK(conflict_degree([](int l) { return current_words[l]; }) == want);
    conflicted += want > 1;
  }
  std::printf("conflict_degree differential test: 12000 patterns, %d with conflicts\n", conflicted);
  CHECK(conflicted > 3000);
}

// Architectures are data: random ones, valid and not, each with random ops, masks and addresses.
TEST_CASE("analyze agrees with the reference on 6,000 random architectures") {
  const std::uint64_t seed = 0xa2c4f00d;
  std::printf("custom architectures: seed 0x%llx\n", static_cast<unsigned long long>(seed));
  std::mt19937_64 rng(seed);
  int valid = 0, errors = 0, merged = 0, conflicted = 0;
  for (int n = 0; n < 6000; ++n) {
    const ref_arch ra = random_arch(rng);
    const architecture la = to_library(ra);
    const int kind = static_cast<int>(rng() % 10);
    const int width = 1 << (rng() % 5);
    access op = kind < 6 ? load(width) : store(width);
    if (kind == 9) op = rng() % 2 ? ldmatrix(1 << (rng() % 3)) : stmatrix(1 << (rng() % 3));
    const std::uint64_t warp_mask = ra.warp == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << ra.warp) - 1;
    std::uint64_t mask = rng() % 2 ? warp_mask : rng() & warp_mask;
    if (rng() % 50 == 0) mask = rng();  // often wider than the warp, or empty
    std::vector<std::uint64_t> addr = random_addresses(rng, 64, op.bytes);
    if (rng() % 50 == 0) addr[rng() % 64] += 1;  // misaligned (for widths above 1)
    const auto at = [&addr](int l) { return addr[static_cast<std::size_t>(l)]; };

    const ref_result want = reference(ra, op, mask, addr);
    const report got = analyze(at, op, mask, la);
    INFO("case " << n << ": " << ra.banks << " banks of " << ra.bank_bytes << " bytes, warp " << ra.warp);
    CHECK(got.error == want.error);
    CHECK(got.wavefronts == want.wavefronts);
    CHECK(got.ideal == want.ideal);
    CHECK(got.degree == want.degree);
    CHECK(got.merged == (want.error == errc::none && want.merged));
    const pass_table t = pass_schedule(at, op, mask, la);
    CHECK(t.error == want.error);
    CHECK(t.passes == want.degree);
    if (want.error == errc::none) {
      ++valid;
      merged += want.merged;
      conflicted += want.wavefronts > want.ideal;
    } else {
      ++errors;
    }
  }
  std::printf("custom architectures: %d valid (%d merged, %d with conflicts), %d rejected\n", valid, merged, conflicted,
              errors);
  CHECK(valid > 3000);
  CHECK(errors > 300);
  CHECK(merged > 100);
  CHECK(conflicted > 1000);
}
