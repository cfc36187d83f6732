// SPDX-License-Identifier: BSL-1.0
// bankcheck: what one warp-wide access costs, as the engine reports it.
#ifndef BANKCHECK_REPORT_HPP
#define BANKCHECK_REPORT_HPP

#include <cstdint>

#include <bankcheck/config.hpp>
#include <bankcheck/error.hpp>

namespace bankcheck {

// The worst conflict: in phase `phase`, bank `bank` must deliver different words to lanes
// lane_a (word_a) and lane_b (word_b); a word is a bank's unit, byte address / bank_bytes (4
// bytes on the built-in architectures). All -1 / 0 when no bank delivers two words. Phases are
// numbered as the architecture's table for the op lists them, those without an active lane
// included (as in pass_table::phase). On a tie: the first phase to cost the most; in it, the
// bank that first reaches that many words, lanes taken in order and a lane's words in address
// order (not the lowest-numbered such bank); lane_a is the first lane to ask that bank, lane_b
// the lane of the first word after it, in that order, that differs from word_a (lane_a itself
// when its access is wider than a row of banks and covers two words of the bank).
struct conflict_witness {
  int phase = -1;
  int bank = -1;
  int lane_a = -1;
  int lane_b = -1;
  std::uint64_t word_a = 0;
  std::uint64_t word_b = 0;
};

// wavefronts = sum over phases with an active lane of (max over banks of distinct words);
// ideal = number of such phases; degree = the worst phase's wavefronts.
// With an error, every count is 0 and conflict_free() is false: read error first.
struct report {
  errc error = errc::none;
  int wavefronts = 0;
  int ideal = 0;
  int degree = 0;
  bool merged = false;  // the load merge rule applied (8- and 16-byte loads on NVIDIA)
  conflict_witness worst{};

  BANKCHECK_HOST_DEVICE constexpr bool ok() const noexcept { return error == errc::none; }
  // Costs its ideal: no bank serves two different words in any phase.
  BANKCHECK_HOST_DEVICE constexpr bool conflict_free() const noexcept { return ok() && wavefronts == ideal; }
  // Extra wavefronts caused by bank conflicts (what Nsight Compute's conflict counter counts).
  BANKCHECK_HOST_DEVICE constexpr int conflicts() const noexcept { return wavefronts - ideal; }
  // ideal / wavefronts: the fraction of shared-memory bandwidth delivered; 0 on error.
  BANKCHECK_HOST_DEVICE constexpr double bandwidth() const noexcept {
    return wavefronts > 0 ? static_cast<double>(ideal) / wavefronts : 0.0;
  }
};

// When each lane is served: its phase, and its pass inside the phase (a word's position in
// its bank's queue of distinct words, queue order = first lane asking). A lane touching several
// words is done in the latest of their passes. Inactive lanes hold -1, as do the lanes that give
// a matrix op no address (lanes 8 and up of an ldmatrix.x1).
struct pass_table {
  static constexpr int max_lanes = 64;
  errc error = errc::none;
  int lanes = 0;   // warp size
  int passes = 0;  // the worst phase's pass count (the degree); 0 on error
  short pass[max_lanes] = {};  // up to 1023: 64 lanes x 16 one-byte words in one bank
  signed char phase[max_lanes] = {};

  BANKCHECK_HOST_DEVICE constexpr bool ok() const noexcept { return error == errc::none; }
  BANKCHECK_HOST_DEVICE constexpr int operator[](int lane) const noexcept { return pass[lane]; }
};

}  // namespace bankcheck

#endif
