// SPDX-License-Identifier: BSL-1.0
// The cost's properties (support/properties.hpp: bounds, permutations inside a phase,
// duplicated addresses, translations by bank rows and by bank bytes, the pass schedule) over
// random patterns on every built-in architecture and on random ones, valid and not.
#include <doctest/doctest.h>

#include "support/properties.hpp"

#include <cstdint>
#include <cstdio>
#include <random>
#include <string>

using namespace bankcheck;
using namespace bankcheck_test;

namespace {

sample draw(std::mt19937_64& rng) {
  sample s{};
  const int pick = static_cast<int>(rng() % 6);
  s.ra = pick == 0 ? ref_nvidia() : pick == 1 ? ref_gfx942() : pick == 2 ? ref_gfx950() : pick == 3 ? ref_rdna3()
       : pick == 4 ? ref_rdna4() : random_arch(rng);
  s.la = to_library(s.ra);
  const int kind = static_cast<int>(rng() % 10);
  s.op = kind < 6 ? load(1 << (rng() % 5)) : store(1 << (rng() % 5));
  if (kind == 9 && s.ra.matrix_ops) s.op = rng() % 2 ? ldmatrix(1 << (rng() % 3)) : stmatrix(1 << (rng() % 3));
  const std::uint64_t warp = s.ra.warp == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << s.ra.warp) - 1;
  s.mask = warp;
  if (!s.op.is_matrix() && rng() % 2)
    s.mask = (rng() & warp) | (std::uint64_t{1} << (rng() % static_cast<std::uint64_t>(s.ra.warp)));
  s.addr = random_addresses(rng, 64, s.op.bytes);
  s.is_signed = rng() % 4 == 0;
  // Mostly below 2^62, so that translations have room; sometimes at the top of the range.
  if (rng() % 8 != 0)
    for (std::uint64_t& a : s.addr) a %= std::uint64_t{1} << 62;
  return s;
}

}  // namespace

TEST_CASE("the cost's properties hold on 10,000 random patterns") {
  const std::uint64_t seed = 0x9e0be271;
  std::printf("properties: seed 0x%llx\n", static_cast<unsigned long long>(seed));
  std::mt19937_64 rng(seed);
  tally n;
  for (int i = 0; i < 10000; ++i) {
    const sample s = draw(rng);
    const std::string broken = check_sample(s, rng, n);
    INFO("case " << i << ": " << std::string(s.ra.name) << ", " << s.ra.banks << " banks of " << s.ra.bank_bytes
                 << " bytes, warp " << s.ra.warp << ", width " << s.op.bytes
                 << std::string(s.op.is_matrix() ? " (matrix)" : "") << std::string(s.is_signed ? ", signed" : ""));
    CHECK(broken == "");
  }
  std::printf("properties: %d valid (%d merged), %d rejected: %d permuted, %d duplicated, %d translated\n", n.valid,
              n.merged, n.rejected, n.permuted, n.duplicated, n.translated);
  CHECK(n.valid > 6000);
  CHECK(n.rejected > 100);
  CHECK(n.merged > 100);
  CHECK(n.permuted > 5000);
  CHECK(n.duplicated > 4000);
  CHECK(n.translated > 15000);
}
