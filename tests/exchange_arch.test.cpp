// SPDX-License-Identifier: BSL-1.0
// Tests for bankcheck/exchange.hpp on architectures other than NVIDIA's: analyze_exchange (which
// analyzes one warp of each set that costs the same) against every instruction of every warp
// analyzed on its own, and exchange_padding's compile-time choice against a run-time search over
// every candidate, each priced by the reference model (tests/support/reference.hpp), not by the
// engine. The NVIDIA tables, against a brute force that counts banks itself, are
// tests/exchange.test.cpp's.
#include <bankcheck/analyze.hpp>
#include <bankcheck/arch.hpp>
#include <bankcheck/exchange.hpp>
#include <doctest/doctest.h>

#include "support/reference.hpp"

#include <cstdint>
#include <cstring>
#include <numeric>
#include <type_traits>
#include <vector>

namespace bc = bankcheck;

namespace {

// NVIDIA's description with another number of banks, as a type that converts to architecture.
template <int Banks>
struct nvidia_banks_t {
  constexpr operator bc::architecture() const noexcept {
    bc::architecture a = bc::arch::nvidia;
    a.name = "nvidia_banks";
    a.banks = Banks;
    return a;
  }
};
// A bank row of 192 bytes, not a power of two.
using banks_48_t = nvidia_banks_t<48>;
// A bank row of 136 bytes, not a multiple of a 16-byte access, so paddings of 16-byte items
// repeat only after 272 bytes. For 3 of them a thread, 32 threads, the least that is
// conflict-free is 144 bytes after every 8 items, above a row.
using banks_34_t = nvidia_banks_t<34>;

struct alignas(16) int4_like {
  int v[4];
};
struct alignas(4) float3_like {
  float v[3];
};

// Hand-counted, from the model's phases (MODEL.md). 4 floats per thread, no padding: lane l's
// blocked item i lies in word 4 l + i. gfx950 (64 banks, 4-byte accesses in one 64-lane phase):
// lanes l, l + 16, l + 32, l + 48 share a bank, 4 wavefronts for each of the 4 blocked stores
// and loads; the striped ones (word 64 i + l) cost 1. Both exchanges: 2 x (4 x 4 + 4) = 40.
constexpr bc::exchange_report gfx950_floats = bc::analyze_exchange<float, 4, 64>(bc::exchange_layout{32, 0}, bc::arch::gfx950);
static_assert(gfx950_floats.wavefronts() == 40 && gfx950_floats.ideal() == 16 && gfx950_floats.degree() == 4);
// gfx942 (32 banks, two 32-lane phases): lanes l, l + 8, l + 16, l + 24 of a phase share a bank.
// A blocked instruction costs 2 x 4, a striped one 2 x 1: 2 x (4 x 8 + 4 x 2) = 80.
constexpr bc::exchange_report gfx942_floats = bc::analyze_exchange<float, 4, 64>(bc::exchange_layout{32, 0}, bc::arch::gfx942);
static_assert(gfx942_floats.wavefronts() == 80 && gfx942_floats.ideal() == 32 && gfx942_floats.degree() == 4);
// rocPRIM's layout for the same exchange, 4 bytes after every 32 floats: lane l's blocked item i
// lies in word 4 l + i + l / 8. On gfx942 the 4 groups of 8 lanes of a phase take banks 4 k + i,
// 4 k + i + 1, .. + 3: all 32, every instruction its ideal. On gfx950, with 64 banks, lane l + 32
// of a blocked instruction lands in lane l + 1's bank (4 words further, l not 7 mod 8: 2-way), and
// lane 63 of a striped one (word 66 i + 64) in lane 0's: 2 x (4 x 2 + 4 x 2) = 32.
constexpr bc::exchange_layout rocprim_floats = bc::rocprim_exchange_layout(4, 4);
static_assert(bc::analyze_exchange<float, 4, 64>(rocprim_floats, bc::arch::gfx942).wavefronts() == 32 &&
              bc::analyze_exchange<float, 4, 64>(rocprim_floats, bc::arch::gfx942).conflict_free());
static_assert(bc::analyze_exchange<float, 4, 64>(rocprim_floats, bc::arch::gfx950).wavefronts() == 32 &&
              bc::analyze_exchange<float, 4, 64>(rocprim_floats, bc::arch::gfx950).ideal() == 16);
// A wave64 block of 64 threads is one warp; on NVIDIA, two.
static_assert(bc::analyze_exchange<float, 4, 64>(bc::exchange_layout{32, 0}).ideal() == 2 * 2 * 4 * 2);
static_assert(gfx950_floats.blocked_to_striped.accesses == 4 + 4);
// The default is NVIDIA's; naming it changes nothing.
static_assert(bc::analyze_exchange<double, 8, 128>(bc::cub_exchange_layout(8, 8)).wavefronts() ==
              bc::analyze_exchange<double, 8, 128>(bc::cub_exchange_layout(8, 8), bc::arch::nvidia).wavefronts());
static_assert(std::is_same_v<bc::exchange_padding<double, 8, 128>::arch_type, bc::arch::nvidia_t>);
// Where no layout is conflict-free, the one with the fewest wavefronts (check_choice searches
// every candidate at run time): 4 floats a thread on gfx950, 4 bytes after every 4 items, 24
// against CUB's 40 (unpadded, above) and rocPRIM's 32.
using gfx950_four_floats = bc::exchange_padding_choice<float, 4, 64, bc::arch::gfx950_t>;
static_assert(!gfx950_four_floats::conflict_free && gfx950_four_floats::group == 4 && gfx950_four_floats::bytes == 4);
static_assert(gfx950_four_floats::wavefronts == 24 && gfx950_four_floats::ideal == 16);
static_assert(bc::exchange_padding<int4_like, 3, 32, banks_34_t>::bytes == 144 &&
              bc::exchange_padding<int4_like, 3, 32, banks_34_t>::group == 8);

// Wavefronts and ideal summed over instructions, or the first one's error.
struct counts {
  long long wavefronts = 0, ideal = 0;
  bc::errc error = bc::errc::none;
};
// Both exchanges through `layout`, every instruction of every warp priced on its own by
// price(op, lanes, addresses): items and pieces as exchange.hpp's model has them, warps of
// `warp_size` lanes.
template <class Price>
counts every_instruction(int warp_size, int item_bytes, int width, int ipt, int threads, bc::exchange_layout layout,
                         const Price& price) {
  counts c{};
  for (int half = 0; half < 4; ++half) {
    const bool blocked = half == 0 || half == 3;
    const bc::access op{half % 2 == 0 ? bc::op_kind::store : bc::op_kind::load, width, 0};
    for (int i = 0; i < ipt; ++i)
      for (int j = 0; j < item_bytes / width; ++j)
        for (int w = 0; w * warp_size < threads; ++w) {
          std::vector<long long> a(64, 0);
          std::uint64_t lanes = 0;
          for (int l = 0; l < warp_size; ++l) {
            const long long t = static_cast<long long>(warp_size) * w + l;
            if (t >= threads) continue;
            lanes |= std::uint64_t{1} << l;
            const long long x = blocked ? t * ipt + i : static_cast<long long>(i) * threads + t;
            a[static_cast<std::size_t>(l)] = layout.offset(x, item_bytes) + static_cast<long long>(j) * width;
          }
          const counts one = price(op, lanes, a);
          if (one.error != bc::errc::none) return one;
          c.wavefronts += one.wavefronts;
          c.ideal += one.ideal;
        }
  }
  return c;
}

// Each instruction priced by the engine, analyze.
template <class Arch>
counts by_engine(const Arch& given, int item_bytes, int width, int ipt, int threads, bc::exchange_layout layout) {
  const bc::architecture arch = given;
  return every_instruction(arch.warp_size, item_bytes, width, ipt, threads, layout,
                           [&arch](bc::access op, std::uint64_t lanes, const std::vector<long long>& a) {
                             const bc::report r = bc::analyze([&a](int l) { return a[static_cast<std::size_t>(l)]; }, op,
                                                              lanes, arch);
                             return counts{r.wavefronts, r.ideal, r.error};
                           });
}

// The reference's description of an architecture these tests use: MODEL.md's tables, transcribed
// apart from the library's, or NVIDIA's with another number of banks (nvidia_banks_t).
bankcheck_test::ref_arch reference_of(const bc::architecture& a) {
  const char* const name = a.name;
  bankcheck_test::ref_arch r = std::strcmp(name, "gfx942") == 0   ? bankcheck_test::ref_gfx942()
                               : std::strcmp(name, "gfx950") == 0 ? bankcheck_test::ref_gfx950()
                               : std::strcmp(name, "rdna3") == 0  ? bankcheck_test::ref_rdna3()
                               : std::strcmp(name, "rdna4") == 0  ? bankcheck_test::ref_rdna4()
                                                                  : bankcheck_test::ref_nvidia();
  if (std::strcmp(name, "nvidia_banks") == 0) {
    r.banks = a.banks;
  } else {
    CAPTURE(name);
    REQUIRE(std::strcmp(r.name, name) == 0);  // one the reference describes
    REQUIRE(r.banks == a.banks);
  }
  return r;
}

// Each instruction priced by the reference model, which shares no code with the engine.
template <class Arch>
counts by_reference(const Arch& given, int item_bytes, int width, int ipt, int threads, bc::exchange_layout layout) {
  const bc::architecture arch = given;
  const bankcheck_test::ref_arch ref = reference_of(arch);
  return every_instruction(arch.warp_size, item_bytes, width, ipt, threads, layout,
                           [&ref](bc::access op, std::uint64_t lanes, const std::vector<long long>& a) {
                             const std::vector<std::uint64_t> addresses(a.begin(), a.end());
                             const bankcheck_test::ref_result r = bankcheck_test::reference(ref, op, lanes, addresses);
                             return counts{r.wavefronts, r.ideal, r.error};
                           });
}

// analyze_exchange on Arch against every instruction analyzed by the engine, for every group and
// every padding below 40 bytes (a misaligning one is an error in both), and against every
// instruction priced by the reference for CUB's and rocPRIM's layouts (rocPRIM's: a 4-byte word
// after 128 one-byte or 64 two-byte items).
template <class T, int Ipt, int Threads, class Arch>
void check_layouts(const Arch& arch) {
  const int size = static_cast<int>(sizeof(T)), width = alignof(T) < 16 ? static_cast<int>(alignof(T)) : 16;
  const auto check = [&](const bc::exchange_layout& layout, const counts& c) {
    CAPTURE(size);
    CAPTURE(Ipt);
    CAPTURE(Threads);
    CAPTURE(layout.group);
    CAPTURE(layout.padding);
    const bc::exchange_report r = bc::analyze_exchange<T, Ipt, Threads>(layout, arch);
    CHECK(r.blocked_to_striped.error == c.error);
    CHECK(r.striped_to_blocked.error == c.error);
    CHECK(r.wavefronts() == c.wavefronts);
    CHECK(r.ideal() == c.ideal);
    return c.error == bc::errc::none;
  };
  for (int group = 32; group >= 1; group /= 2)
    for (int padding = 0; padding < 40; ++padding) {
      const bc::exchange_layout layout{group, padding};
      check(layout, by_engine(arch, size, width, Ipt, Threads, layout));
    }
  for (const bc::exchange_layout layout : {bc::cub_exchange_layout(Ipt, size), bc::rocprim_exchange_layout(Ipt, size)})
    CHECK(check(layout, by_reference(arch, size, width, Ipt, Threads, layout)));
}

// exchange_padding_choice on Arch against a run-time search of every group (32 .. 1) and every
// padding below the least common multiple of the bank row and the access width, in steps of the
// access width, each priced by the reference: the fewest wavefronts (conflict-free when any is),
// then the fewest padding bytes per item, then the larger group, then the smaller padding.
template <class T, int Ipt, int Threads, class Arch>
void check_choice() {
  using choice = bc::exchange_padding_choice<T, Ipt, Threads, Arch>;
  const bc::architecture arch = Arch{};
  const int size = static_cast<int>(sizeof(T)), width = choice::access_bytes;
  bool any = false;
  counts best{};
  int best_group = 32, best_padding = 0;
  for (int group = 32; group >= 1; group /= 2)
    for (int padding = 0; padding < std::lcm(arch.banks * arch.bank_bytes, width); padding += width) {
      const counts c = by_reference(arch, size, width, Ipt, Threads, bc::exchange_layout{group, padding});
      REQUIRE(c.error == bc::errc::none);
      if (any && (c.wavefronts > best.wavefronts ||
                  (c.wavefronts == best.wavefronts &&
                   static_cast<long long>(padding) * best_group >= static_cast<long long>(best_padding) * group)))
        continue;
      any = true;
      best = c;
      best_group = group;
      best_padding = padding;
    }
  CAPTURE(arch.name);
  CAPTURE(size);
  CAPTURE(Ipt);
  CAPTURE(Threads);
  CHECK(choice::conflict_free == (best.wavefronts == best.ideal));
  CHECK(choice::group == best_group);
  CHECK(choice::bytes == best_padding);
  CHECK(choice::wavefronts == best.wavefronts);
  CHECK(choice::ideal == best.ideal);
  // Never more than CUB's layout, which stays the reference where nothing is conflict-free.
  const counts cub = by_reference(arch, size, width, Ipt, Threads, bc::cub_exchange_layout(Ipt, size));
  CHECK(choice::wavefronts <= cub.wavefronts);
  CHECK((std::is_same_v<typename choice::arch_type, Arch>));
  // The run-time chooser, on the architecture as a value, as a value of its type, and named as a type.
  const int alignment = static_cast<int>(alignof(T));
  const bc::exchange_choice each[] = {bc::choose_exchange_padding(arch, size, alignment, Ipt, Threads),
                                      bc::choose_exchange_padding(Arch{}, size, alignment, Ipt, Threads),
                                      bc::choose_exchange_padding<Arch>(size, alignment, Ipt, Threads)};
  for (const bc::exchange_choice& c : each) {
    CHECK(c.ok());
    CHECK(c.layout.group == choice::group);
    CHECK(c.layout.padding == choice::bytes);
    CHECK(c.wavefronts == choice::wavefronts);
    CHECK(c.ideal == choice::ideal);
    CHECK(c.degree == choice::degree);
    CHECK(c.conflict_free() == choice::conflict_free);
  }
}

}  // namespace

TEST_CASE("analyze_exchange on every built-in architecture and one of one's own, against every instruction") {
  const auto each = [](const auto& arch) {
    check_layouts<char, 5, 128>(arch);
    check_layouts<char, 8, 128>(arch);
    check_layouts<short, 8, 96>(arch);
    check_layouts<short, 16, 128>(arch);
    check_layouts<float, 4, 64>(arch);
    check_layouts<float, 6, 256>(arch);
    check_layouts<float3_like, 3, 128>(arch);
    check_layouts<double, 8, 128>(arch);
    check_layouts<int4_like, 2, 192>(arch);
  };
  each(bc::arch::nvidia);
  each(bc::arch::gfx942);
  each(bc::arch::gfx950);
  each(bc::arch::rdna3);
  each(bc::arch::rdna4);
  each(banks_48_t{});
  each(banks_34_t{});
}

TEST_CASE("exchange_padding_choice on other architectures against a search of every candidate") {
  check_choice<float, 4, 64, bc::arch::gfx950_t>();
  check_choice<float, 8, 256, bc::arch::gfx942_t>();
  check_choice<double, 8, 128, bc::arch::gfx950_t>();
  check_choice<double, 8, 128, bc::arch::gfx942_t>();
  check_choice<char, 8, 128, bc::arch::gfx950_t>();
  check_choice<short, 3, 96, bc::arch::gfx942_t>();
  check_choice<int4_like, 8, 128, bc::arch::rdna4_t>();
  check_choice<int4_like, 8, 128, bc::arch::rdna3_t>();
  check_choice<float, 6, 128, bc::arch::gfx950_t>();
  check_choice<float, 8, 128, bc::arch::gfx950_t>();
  check_choice<int4_like, 8, 128, bc::arch::gfx942_t>();
  check_choice<float, 8, 128, banks_48_t>();
  check_choice<int4_like, 3, 32, banks_34_t>();
  check_choice<double, 4, 64, banks_34_t>();
}
