// SPDX-License-Identifier: BSL-1.0
// A libFuzzer target: bytes become an architecture (built in, or one described as data, valid or
// not), an op, a lane mask and 64 addresses; analyze and pass_schedule must agree with the
// reference and keep every property of support/properties.hpp, and conflict_degree must give
// the seed's formula for the first 32 values as word indices. A failure prints what broke and
// aborts. Built with clang's -fsanitize=fuzzer (tests/CMakeLists.txt); without it, replay.cpp
// runs the committed corpus through the same checks.
#include "../support/properties.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

namespace {

// The input, read front to back; past its end, zeros.
struct bytes {
  const std::uint8_t* data;
  std::size_t size;
  std::uint64_t byte() {
    if (size == 0) return 0;
    --size;
    return *data++;
  }
  std::uint64_t u64() {
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v |= byte() << (8 * i);
    return v;
  }
};

bankcheck_test::sample decode(bytes& in) {
  using namespace bankcheck_test;
  sample s{};
  switch (in.byte() % 8) {
    case 0: s.ra = ref_nvidia(); break;
    case 1: s.ra = ref_gfx942(); break;
    case 2: s.ra = ref_gfx950(); break;
    case 3: s.ra = ref_rdna3(); break;
    case 4: s.ra = ref_rdna4(); break;
    default: s.ra = random_arch([&in] { return in.byte(); }); break;
  }
  s.la = to_library(s.ra);

  const std::uint64_t kind = in.byte(), size = in.byte();
  const int n = size >= 250 ? static_cast<int>(size % 20) : 1 << (size % 5);  // mostly valid
  switch (kind % 4) {
    case 0: s.op = bankcheck::load(n); break;
    case 1: s.op = bankcheck::store(n); break;
    case 2: s.op = bankcheck::ldmatrix(size >= 250 ? n : 1 << (size % 3)); break;
    default: s.op = bankcheck::stmatrix(size >= 250 ? n : 1 << (size % 3)); break;
  }

  const std::uint64_t warp = s.ra.warp >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << s.ra.warp) - 1;
  switch (in.byte() % 4) {
    case 0: s.mask = ~std::uint64_t{0}; break;  // whole_warp
    case 1: s.mask = in.u64() & warp; break;     // may be empty
    case 2: s.mask = in.u64(); break;            // may be wider than the warp
    default: s.mask = warp; break;
  }

  const std::uint64_t how = in.byte();
  s.is_signed = (how & 0x80) != 0;
  const std::uint64_t width = static_cast<std::uint64_t>(s.op.bytes > 0 ? s.op.bytes : 1);
  const bool aligned = (how & 0x40) == 0;
  std::uint64_t base = in.u64();
  if (aligned) base -= base % 16;
  const std::uint64_t stride = in.byte() * width;
  s.addr.resize(64);
  for (std::size_t l = 0; l < 64; ++l) {
    switch (how % 4) {
      case 0: s.addr[l] = base + width * in.byte(); break;                 // a small range: conflicts, sharing
      case 1: s.addr[l] = base + stride * l + width * (in.byte() % 4); break;  // strided, with noise
      case 2: s.addr[l] = base + stride * (l >> (in.byte() % 3)); break;       // lanes grouped: merges
      default: s.addr[l] = aligned ? in.u64() / width * width : in.u64(); break;  // anywhere
    }
  }
  return s;
}

// The words of the sample under test, for lambdas without captures.
const std::vector<std::uint64_t>* sample_words = nullptr;

// conflict_degree on the sample's first 32 values as word indices: the seed's formula (the
// reference's degree for 4-byte loads on NVIDIA), or 0 at run time for a word that is negative
// (a signed callable, bit 63 set) or 2^62 or more (its byte address does not fit 64 bits).
// conflict_degree has stages of its own (detail/seed.hpp), which analyze never runs.
std::string check_words(const bankcheck_test::sample& s) {
  std::vector<std::uint64_t> bytes(64);
  bool valid = true;
  for (std::size_t l = 0; l < 32; ++l) {
    valid = valid && (s.addr[l] >> 62) == 0;
    bytes[l] = s.addr[l] * 4;
  }
  const int want =
      valid ? bankcheck_test::reference(bankcheck_test::ref_nvidia(), bankcheck::load(4), 0xffffffff, bytes).degree : 0;
  const std::vector<std::uint64_t>& w = s.addr;
  const auto word = [&w](int l) { return w[static_cast<std::size_t>(l)]; };
  const int got = s.is_signed ? bankcheck::conflict_degree([&word](int l) { return static_cast<std::int64_t>(word(l)); })
                              : bankcheck::conflict_degree(word);
  if (got != want) return "conflict_degree: got " + std::to_string(got) + ", expected " + std::to_string(want);
  // A lambda without captures takes the overload that calls it through a function pointer.
  sample_words = &w;
  const int through_pointer =
      s.is_signed
          ? bankcheck::conflict_degree([](int l) { return static_cast<std::int64_t>(sample_words->at(std::size_t(l))); })
          : bankcheck::conflict_degree([](int l) { return sample_words->at(static_cast<std::size_t>(l)); });
  if (through_pointer == want) return "";
  return "conflict_degree through a function pointer: got " + std::to_string(through_pointer) + ", expected " +
         std::to_string(want);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  bytes in{data, size};
  const bankcheck_test::sample s = decode(in);
  std::mt19937_64 rng(in.u64());  // the permutation, duplication and translation
  bankcheck_test::tally n;
  std::string broken = bankcheck_test::check_sample(s, rng, n);
  if (broken.empty()) broken = check_words(s);
  if (!broken.empty()) {
    std::fprintf(stderr, "bankcheck fuzz: %s (%s, %d banks of %d bytes, warp %d, op width %d%s, mask 0x%llx)\n",
                 broken.c_str(), s.ra.name, s.ra.banks, s.ra.bank_bytes, s.ra.warp, s.op.bytes,
                 s.op.is_matrix() ? " matrix" : "", static_cast<unsigned long long>(s.mask));
    std::abort();
  }
  return 0;
}
