// SPDX-License-Identifier: BSL-1.0
// bankcheck: the padding, in bytes, that makes a block-wide blocked <-> striped exchange through
// shared memory (CUB's BlockExchange) conflict-free for a given item type, and the exchange's
// shared memory laid out so (exchange_storage).
#ifndef BANKCHECK_EXCHANGE_HPP
#define BANKCHECK_EXCHANGE_HPP

#include <cstdint>

#include <bankcheck/analyze.hpp>
#include <bankcheck/arch.hpp>
#include <bankcheck/config.hpp>
#include <bankcheck/op.hpp>
#include <bankcheck/padded_tile.hpp>
#include <bankcheck/pattern.hpp>
#include <bankcheck/tile.hpp>

BANKCHECK_DETAIL_COMMAS_BEGIN

namespace bankcheck {

// The exchange, as modelled (CUB 3.0, cub/block/block_exchange.cuh, BlockedToStriped and
// StripedToBlocked). Threads threads (1..1024, a thread block) each hold IPT = ItemsPerThread
// items; on an architecture of W-lane warps (32 on NVIDIA, 64 on CDNA), thread t = W w + l is
// lane l of warp w. Item x (0 <= x < Threads * IPT) lies at byte
//   offset(x) = x * sizeof(T) + (x / group) * padding      (from a base aligned to a bank row)
// blocked: thread t's item i is x = t * IPT + i;   striped: x = i * Threads + t.
// blocked -> striped: for i = 0 .. IPT-1 each warp stores its blocked item i; a barrier; then for
// each i it loads its striped item i. striped -> blocked: stores striped, loads blocked.
// Each item moves in pieces of access_bytes = min(alignof(T), 16): piece j of item x at
// offset(x) + j * access_bytes, one warp instruction per item i and piece j (what nvcc emits for a
// copy of T: an int4 is one STS.128, a 12-byte float3 three STS.32, a char[3] three STS.8).
// CUB: group = 32 and padding = sizeof(T) when IPT > 4 is a power of two (INSERT_PADDING:
// item_offset += item_offset >> 5), else no padding. With WARP_TIME_SLICING each slice holds one
// warp's 32 * IPT items laid out the same way: its instructions are those of Threads = 32.
// On other architectures the exchange is the same; their warps and banks price it. rocPRIM's
// block_exchange moves items the same way through its own layout (rocprim_exchange_layout).
// A layout needs group >= 1 and padding >= 0; analyze_exchange gives any other the error
// exchange_layout_is_invalid (offset and required_bytes assume them).
struct exchange_layout {
  int group = 32;    // items between two paddings (exchange_padding's: 1, 2, 4, 8, 16 or 32)
  int padding = 0;   // bytes inserted after every `group` items
  // Example: exchange_layout{32, 4}.offset(33, 4) -> 33 * 4 + 4 = 136
  BANKCHECK_HOST_DEVICE constexpr long long offset(long long item, int item_bytes) const noexcept {
    return item * item_bytes + item / group * padding;
  }
  // Bytes a buffer of `items` items needs.
  BANKCHECK_HOST_DEVICE constexpr long long required_bytes(long long items, int item_bytes) const noexcept {
    return items > 0 ? offset(items - 1, item_bytes) + item_bytes : 0;
  }
};

// CUB's BlockExchange layout: one item after every 32 items when IPT > 4 is a power of two.
// Example: cub_exchange_layout(8, 8) -> {32, 8}; cub_exchange_layout(6, 4) -> {32, 0}
BANKCHECK_HOST_DEVICE constexpr exchange_layout cub_exchange_layout(int items_per_thread, int item_bytes) noexcept {
  const bool pad = items_per_thread > 4 && (items_per_thread & (items_per_thread - 1)) == 0;
  return exchange_layout{32, pad ? item_bytes : 0};
}

// rocPRIM's block_exchange layout (ROCm/rocm-libraries, projects/rocprim, block/block_exchange.hpp,
// padded_config and index(), with the default block_padding_hint::avoid_conflicts): when IPT >= 2
// is a power of two, item n at index n + n / (32 b) * b, b = max(1, 4 / item_bytes) items: a
// 4-byte word after every 128 one-byte or 64 two-byte items, one item after every 32 larger ones
// (32: get_lds_banks_no(), on every architecture). Else no padding. (Earlier rocPRIM, 2021,
// padded one item after every 32 whatever the size: the same for items of 4 bytes or more.)
// Example: rocprim_exchange_layout(2, 8) -> {32, 8}; rocprim_exchange_layout(8, 1) -> {128, 4}
BANKCHECK_HOST_DEVICE constexpr exchange_layout rocprim_exchange_layout(int items_per_thread, int item_bytes) noexcept {
  const bool pad = items_per_thread >= 2 && (items_per_thread & (items_per_thread - 1)) == 0;
  const int per_word = item_bytes > 0 && item_bytes < 4 ? 4 / item_bytes : 1;
  return pad ? exchange_layout{32 * per_word, per_word * item_bytes} : exchange_layout{32, 0};
}

// Both exchanges' totals over every warp instruction of every warp.
struct exchange_report {
  tile_report blocked_to_striped;  // stores of blocked items, then loads of striped ones
  tile_report striped_to_blocked;  // stores of striped items, then loads of blocked ones

  BANKCHECK_HOST_DEVICE constexpr bool ok() const noexcept { return blocked_to_striped.ok() && striped_to_blocked.ok(); }
  BANKCHECK_HOST_DEVICE constexpr long long wavefronts() const noexcept {
    return blocked_to_striped.wavefronts + striped_to_blocked.wavefronts;
  }
  BANKCHECK_HOST_DEVICE constexpr long long ideal() const noexcept { return blocked_to_striped.ideal + striped_to_blocked.ideal; }
  // Wavefronts over the ideal, as tile_report's (Nsight Compute's bank-conflict count).
  BANKCHECK_HOST_DEVICE constexpr long long conflicts() const noexcept { return wavefronts() - ideal(); }
  BANKCHECK_HOST_DEVICE constexpr bool conflict_free() const noexcept {
    return blocked_to_striped.conflict_free() && striped_to_blocked.conflict_free();
  }
  // The larger of the two exchanges' degree(): the worst phase's wavefronts of the instruction
  // with the most conflicts (tile_report::degree).
  BANKCHECK_HOST_DEVICE constexpr int degree() const noexcept {
    return blocked_to_striped.degree() > striped_to_blocked.degree() ? blocked_to_striped.degree()
                                                                    : striped_to_blocked.degree();
  }
};

namespace detail {

struct exchange_shape {
  int item_bytes, access_bytes, ipt, threads;
};
// Whether a half's lane accesses, items per thread x pieces x threads, fit in int, and so its
// warp instructions (items per thread x pieces x warps), their counts and their numbers.
BANKCHECK_HOST_DEVICE constexpr bool exchange_fits_int(long long ipt, long long item_bytes, long long access_bytes,
                                                       long long threads) noexcept {
  return ipt * (item_bytes / access_bytes) <= int_max / threads;
}

// One half of an exchange: every warp's instruction for item i and piece j, stores or loads, of
// blocked (or striped) items. Instructions that are others moved by a multiple of the bank width
// (bank_bytes) and of the access width cost the same (the banks are rotated alike; aligned
// addresses stay aligned, equal ones equal), so only one of each such set is analyzed: pieces j
// and j + bank_bytes / access_bytes; a warp that is warp 0 moved so; and warp 0 of item i that
// is warp 0 of item i - 1 moved so. The layout says when every lane moves alike: always without
// padding; a warp w, when the items between its threads and warp 0's fill whole groups; item i,
// striped when the threads fill whole groups, blocked when a thread's items and a group are one
// a multiple of the other. (A move by the bank width alone may misalign a warp whose first warp
// is aligned: 4 bytes after 32 doubles put warp 1's at 8 x + 4.) The warp-access index k is
// (i * pieces + j) * warps + w; the worst is the one of least k among those with the most
// conflicts. With stop_above >= 0, it stops after the instruction that takes its conflicts
// (wavefronts over the ideal) above stop_above: 0 stops at the first conflict.
template <class Arch>
BANKCHECK_HOST_DEVICE constexpr tile_report exchange_half(const exchange_shape& e, const exchange_layout& layout, bool blocked,
                                                          op_kind kind, const Arch& arch, long long stop_above = -1) {
  // The whole architecture, whose scalars the warps and the classes divide by, before any
  // instruction (analyze checks the scalars again, with its instruction's table).
  if constexpr (!builtin_arch<Arch>)
    if (!valid_architecture(arch)) return tile_report{violated::architecture_is_invalid()};
  // A layout from outside (analyze_exchange's): offset divides by its group.
  if (layout.group < 1 || layout.padding < 0) return tile_report{violated::exchange_layout_is_invalid()};
  tile_report t{};
  const int lanes_per_warp = arch.warp_size;
  const int warps = (e.threads + lanes_per_warp - 1) / lanes_per_warp, pieces = e.item_bytes / e.access_bytes;
  const int cycle = arch.bank_bytes > e.access_bytes ? arch.bank_bytes / e.access_bytes : 1;
  const int classes = pieces < cycle ? pieces : cycle;
  const long long align = arch.bank_bytes / gcd(arch.bank_bytes, e.access_bytes) * e.access_bytes;
  const access op{kind, e.access_bytes, 0};
  // Item x = thread * per_thread + i * per_item.
  const long long per_thread = blocked ? e.ipt : 1, per_item = blocked ? 1 : e.threads;
  const bool items_alike =
      layout.padding == 0 || (blocked ? e.ipt % layout.group == 0 || layout.group % e.ipt == 0 : e.threads % layout.group == 0);
  for (int j = 0; j < classes; ++j) {
    const int weight = (pieces - 1 - j) / classes + 1;  // pieces j, j + classes, ... below `pieces`
    long long warp0_address = 0;                         // lane 0's, of warp 0 of the last item
    report warp0_report{};
    for (int i = 0; i < e.ipt; ++i)
      for (int w = 0; w < warps; ++w) {
        const long long first_thread = static_cast<long long>(lanes_per_warp) * w;
        const long long active = e.threads - first_thread < lanes_per_warp ? e.threads - first_thread : lanes_per_warp;
        const std::uint64_t lanes = first_lanes(static_cast<int>(active));
        const long long address =
            layout.offset(first_thread * per_thread + i * per_item, e.item_bytes) + static_cast<long long>(j) * e.access_bytes;
        const bool alike = w > 0 ? active == lanes_per_warp &&
                                       (layout.padding == 0 || first_thread * per_thread % layout.group == 0)
                                 : i > 0 && items_alike;
        report r = warp0_report;
        if (!alike || (address - warp0_address) % align != 0) {
          long long a[64] = {};
          for (int l = 0; l < active; ++l)
            a[l] = layout.offset((first_thread + l) * per_thread + i * per_item, e.item_bytes) +
                   static_cast<long long>(j) * e.access_bytes;
          r = bankcheck::analyze([&a](int lane) { return a[lane]; }, op, lanes, arch);
          if (!r.ok()) return tile_report{r.error};
        }
        if (w == 0) warp0_address = address, warp0_report = r;
        const int k = (i * pieces + j) * warps + w;
        t.accesses += weight;
        t.wavefronts += static_cast<long long>(weight) * r.wavefronts;
        t.ideal += static_cast<long long>(weight) * r.ideal;
        if (t.worst_access < 0 || r.conflicts() > t.worst.conflicts() || (r.conflicts() == t.worst.conflicts() && k < t.worst_access))
          t.worst_access = k, t.worst = r;
        if (stop_above >= 0 && t.conflicts() > stop_above) return t;
      }
  }
  return t;
}

// Warp instruction k of a half, as exchange_half numbers them: k = (item * pieces + piece) * warps
// + warp (its tile_report's worst_access is one).
struct exchange_instruction {
  int item, piece, warp;
};
BANKCHECK_HOST_DEVICE constexpr exchange_instruction instruction_at(int k, int pieces, int warps) noexcept {
  return exchange_instruction{k / warps / pieces, k / warps % pieces, k % warps};
}

// The four halves in the order the exchanges run them: h = 0, 1 blocked -> striped (stores of
// blocked items, loads of striped ones), h = 2, 3 striped -> blocked (stores of striped, loads of
// blocked).
BANKCHECK_HOST_DEVICE constexpr bool half_is_blocked(int h) noexcept { return h == 0 || h == 3; }
BANKCHECK_HOST_DEVICE constexpr op_kind half_kind(int h) noexcept { return h % 2 == 0 ? op_kind::store : op_kind::load; }

template <class Arch>
BANKCHECK_HOST_DEVICE constexpr exchange_report exchange_cost(const exchange_shape& e, const exchange_layout& layout,
                                                              const Arch& arch) {
  tile_report half[4] = {};
  for (int h = 0; h < 4; ++h) half[h] = exchange_half(e, layout, half_is_blocked(h), half_kind(h), arch);
  return exchange_report{join(half[0], half[1]), join(half[2], half[3])};
}

// Each half of each candidate is its own constant evaluation, with its own step budget. The
// first search only asks whether a candidate is conflict-free, so it stops at the first conflict
// (MostConflicts = 0); the search for the fewest wavefronts, when none is, stops a half once
// the candidate's conflicts pass the fewest yet (MostConflicts; -1: never). Arch (the type of an
// architecture, as padded_tile's) is a parameter, so the call depends on it: Clang instantiates
// a constexpr callee of a call that depends on nothing when it parses the template, here the
// whole engine (18 M instructions in every unit that includes this header; benchmarks/README.md).
template <int ItemBytes, int AccessBytes, int IPT, int Threads, int Group, int Padding, int Half, class Arch, long long MostConflicts>
inline constexpr tile_report exchange_half_v =
    exchange_half(exchange_shape{ItemBytes, AccessBytes, IPT, Threads}, exchange_layout{Group, Padding}, half_is_blocked(Half),
                  half_kind(Half), arch_of_type<Arch>::value(), MostConflicts);

// A candidate's cost: its totals, or, once its conflicts pass MostConflicts (when it is 0 or
// more), only "more than MostConflicts" (not usable), its halves not evaluated further.
// MostConflicts = 0 asks only whether it is conflict-free.
template <int ItemBytes, int AccessBytes, int IPT, int Threads, int Group, int Padding, class Arch, long long MostConflicts>
BANKCHECK_HOST_DEVICE constexpr layout_cost exchange_probe() noexcept {
  layout_cost c{};
  constexpr tile_report a = exchange_half_v<ItemBytes, AccessBytes, IPT, Threads, Group, Padding, 0, Arch, MostConflicts>;
  constexpr long long left_a = MostConflicts < 0 ? -1 : MostConflicts - a.conflicts();
  if constexpr (MostConflicts < 0 || left_a >= 0) {
    constexpr tile_report b = exchange_half_v<ItemBytes, AccessBytes, IPT, Threads, Group, Padding, 1, Arch, left_a>;
    constexpr long long left_b = MostConflicts < 0 ? -1 : left_a - b.conflicts();
    if constexpr (MostConflicts < 0 || left_b >= 0) {
      constexpr tile_report d = exchange_half_v<ItemBytes, AccessBytes, IPT, Threads, Group, Padding, 2, Arch, left_b>;
      constexpr long long left_d = MostConflicts < 0 ? -1 : left_b - d.conflicts();
      if constexpr (MostConflicts < 0 || left_d >= 0) {
        constexpr tile_report f = exchange_half_v<ItemBytes, AccessBytes, IPT, Threads, Group, Padding, 3, Arch, left_d>;
        if constexpr (MostConflicts < 0 || left_d - f.conflicts() >= 0) {
          c.usable = true;
          c.add(a), c.add(b), c.add(d), c.add(f);
        }
      }
    }
  }
  return c;
}

// exchange_padding's candidates for one group: padding I * AccessBytes bytes (an item keeps its
// alignment), each probed with bound MostConflicts (by default whether it is conflict-free).
template <int ItemBytes, int AccessBytes, int IPT, int Threads, int Group, class Arch>
struct exchange_paddings {
  template <int I, long long MostConflicts = 0>
  BANKCHECK_HOST_DEVICE static constexpr layout_cost cost() noexcept {
    return exchange_probe<ItemBytes, AccessBytes, IPT, Threads, Group, I * AccessBytes, Arch, MostConflicts>();
  }
};

// The search for the fewest wavefronts over candidates I .. Last - 1, walked in the order in which
// they lose a tie: candidate I wins with fewer conflicts than the best before it (Best; -1: none
// yet), or with as many where it wins the tie (I < TieBelow). It is walked with the most it may
// have as its bound, and stops once past it (conflicts only grow along a walk); one that would need
// fewer than none is not walked. Returns the last winner, which is the best, or an unusable cost
// where none won. (Each loser of a tie walked to its end cost the search about 9% more:
// benchmarks/README.md, thirty-second session.)
template <long long Best, int TieBelow, int I>
inline constexpr long long least_bound = Best < 0 ? -1 : I < TieBelow ? Best : Best - 1;
template <class Candidates, int I, int Last, long long Best, int TieBelow>
BANKCHECK_HOST_DEVICE constexpr choice least_in_block() noexcept {
  constexpr long long bound = least_bound<Best, TieBelow, I>;
  constexpr choice here = Best >= 0 && bound < 0 ? choice{} : choice{I, Candidates::template cost<I, bound>()};
  if constexpr (I + 1 >= Last) {
    return here;
  } else {
    constexpr long long best = here.cost.usable ? here.cost.wavefronts - here.cost.ideal : Best;
    constexpr int tie_below = here.cost.usable ? 0 : TieBelow;
    constexpr choice rest = least_in_block<Candidates, I + 1, Last, best, tie_below>();
    return rest.cost.usable ? rest : here;
  }
}
// least_in_block over I .. Last - 1, in blocks of choice_block as choose walks.
template <class Candidates, int I, int Last, long long Best, int TieBelow>
BANKCHECK_HOST_DEVICE constexpr choice least() noexcept {
  constexpr int end = Last - I > choice_block ? I + choice_block : Last;
  constexpr choice here = least_in_block<Candidates, I, end, Best, TieBelow>();
  if constexpr (end >= Last) {
    return here;
  } else {
    constexpr long long best = here.cost.usable ? here.cost.wavefronts - here.cost.ideal : Best;
    constexpr int tie_below = here.cost.usable ? 0 : TieBelow;
    constexpr choice rest = least<Candidates, end, Last, best, tie_below>();
    return rest.cost.usable ? rest : here;
  }
}

struct exchange_best {
  int group = 0, padding = 0;
  layout_cost cost{};
};
// a beats b: in the choosers' order (conflict-free first, then fewer wavefronts), then with fewer
// padding bytes per item (padding / group); on a tie b, the larger group, searched first, stays.
BANKCHECK_HOST_DEVICE constexpr bool better_exchange(const exchange_best& a, const exchange_best& b) noexcept {
  if (better(a.cost, b.cost)) return true;
  if (better(b.cost, a.cost)) return false;
  return static_cast<long long>(a.padding) * b.group < static_cast<long long>(b.padding) * a.group;
}

// The best layout over groups Group, 2 Group, ... 32 on Arch. Larger groups are searched first; a
// group then only tries paddings below the best conflict-free one's bytes per item, and, by the
// cost repeating when the padding grows by a bank row and keeps items aligned (every address
// moves by whole rows of banks x bank_bytes, 128 bytes on NVIDIA), paddings below the least
// common multiple of a bank row and the access width: a bank row on the built-in architectures.
// An architecture that breaks a rule of check() fails here, naming it: with no bank row there is
// no candidate to walk, and an empty layout would stand without a word.
template <int ItemBytes, int AccessBytes, int IPT, int Threads, int Group, class Arch>
struct exchange_search {
  static constexpr exchange_best before = exchange_search<ItemBytes, AccessBytes, IPT, Threads, Group * 2, Arch>::value;
  static constexpr int bank_row = !static_cast<bool>(check(arch_of_type<Arch>::value()))
                                      ? arch_of_type<Arch>::value().banks * arch_of_type<Arch>::value().bank_bytes
                                      : static_cast<int>(violated::architecture_is_invalid());
  static constexpr int period = bank_row / static_cast<int>(gcd(bank_row, AccessBytes)) * AccessBytes;
  static constexpr int last =
      before.cost.conflict_free()
          ? static_cast<int>((static_cast<long long>(before.padding) * Group + static_cast<long long>(before.group) * AccessBytes - 1) /
                             (static_cast<long long>(before.group) * AccessBytes))
          : period / AccessBytes;
  BANKCHECK_HOST_DEVICE static constexpr exchange_best search() noexcept {
    if constexpr (last > 0) {
      constexpr choice c = choose<exchange_paddings<ItemBytes, AccessBytes, IPT, Threads, Group, Arch>, 0, last>();
      constexpr exchange_best here{Group, c.index * AccessBytes, c.cost};
      return better_exchange(here, before) ? here : before;
    } else {
      return before;
    }
  }
  static constexpr exchange_best value = search();
};
template <int ItemBytes, int AccessBytes, int IPT, int Threads, class Arch>
struct exchange_search<ItemBytes, AccessBytes, IPT, Threads, 64, Arch> {
  static constexpr exchange_best value{};
};

// When no layout is conflict-free: the one with the fewest wavefronts over the same groups and
// paddings (below the least common multiple of a bank row and the access width: a larger padding
// keeps every bank and may only split a word that lanes shared), then the fewest padding bytes
// per item, then the larger group. Each candidate is walked with the fewest conflicts found
// before it as its bound (one fewer where it would lose a tie): a worse one stops early.
template <int ItemBytes, int AccessBytes, int IPT, int Threads, int Group, class Arch>
struct exchange_least_search {
  static constexpr exchange_best before = exchange_least_search<ItemBytes, AccessBytes, IPT, Threads, Group * 2, Arch>::value;
  static constexpr int last = exchange_search<ItemBytes, AccessBytes, IPT, Threads, Group, Arch>::period / AccessBytes;
  // The best of the larger groups, which padding I beats on a tie when it pads fewer bytes per
  // item: I * AccessBytes / Group < before.padding / before.group.
  static constexpr long long best = before.cost.usable ? before.cost.wavefronts - before.cost.ideal : -1;
  static constexpr int tie_below =
      before.cost.usable
          ? static_cast<int>((static_cast<long long>(before.padding) * Group + static_cast<long long>(before.group) * AccessBytes - 1) /
                             (static_cast<long long>(before.group) * AccessBytes))
          : 0;
  BANKCHECK_HOST_DEVICE static constexpr exchange_best search() noexcept {
    constexpr choice c = least<exchange_paddings<ItemBytes, AccessBytes, IPT, Threads, Group, Arch>, 0, last, best, tie_below>();
    if constexpr (c.cost.usable)
      return exchange_best{Group, c.index * AccessBytes, c.cost};
    else
      return before;
  }
  static constexpr exchange_best value = search();
};
template <int ItemBytes, int AccessBytes, int IPT, int Threads, class Arch>
struct exchange_least_search<ItemBytes, AccessBytes, IPT, Threads, 64, Arch> {
  static constexpr exchange_best value{};
};

}  // namespace detail

// The cost, in the model's wavefronts, of both exchanges of T (ItemsPerThread items per thread,
// Threads threads) through `layout`, on the architecture `given` (NVIDIA, warps of 32 lanes as
// CUB's, by default; a built-in one, an `architecture`, or a value of a type that converts to it). An
// architecture that breaks a rule, a layout whose group is below 1 or whose padding is negative
// (exchange_layout_is_invalid), or one that misaligns an item, gives the rule in both reports'
// error (a compile error in a constant expression).
// Example: analyze_exchange<float, 8, 128>(cub_exchange_layout(8, 4)).conflict_free() -> true
//          analyze_exchange<float, 4, 64>(exchange_layout{32, 0}, arch::gfx950).degree() -> 4
BANKCHECK_CALLS_USER_CODE  // (Arch: a user's conversion, plain constexpr)
template <class T, int ItemsPerThread, int Threads, class Arch = arch::nvidia_t>
BANKCHECK_HOST_DEVICE constexpr detail::if_architecture<Arch, exchange_report> analyze_exchange(const exchange_layout& layout,
                                                                                              Arch given = {}) {
  using Item = typename detail::element_required<T>::stand_in;  // T, where it is an element type
  static_assert(ItemsPerThread > 0 && Threads > 0, "exchange: the items per thread and the threads must be positive.");
  static_assert(Threads <= dynamic_thread_block::max_threads, "exchange: at most 1024 threads (CUDA's and HIP's largest block).");
  constexpr int access_bytes = alignof(Item) < 16 ? static_cast<int>(alignof(Item)) : 16;
  constexpr bool fits = detail::exchange_fits_int(ItemsPerThread, sizeof(Item), access_bytes, Threads);
  static_assert(fits, "exchange: the lane accesses must fit in int (fewer than 2^31 a half: items per thread x "
                      "pieces x threads).");
  if constexpr (!fits) {  // (no walk of 2^31 accesses after the static_assert)
    return exchange_report{tile_report{violated::exchange_shape_is_invalid()}, tile_report{}};
  } else {
    // A built-in tag, or the architecture given.
    const auto arch = static_cast<typename detail::arch_value<Arch>::type>(given);
    return detail::exchange_cost(detail::exchange_shape{static_cast<int>(sizeof(Item)), access_bytes, ItemsPerThread, Threads},
                                 layout, arch);
  }
}

// The layout with the fewest padding bytes per item (padding / group) that makes every warp
// instruction of both exchanges cost its ideal on Arch, over groups 32, 16, 8, 4, 2, 1 items and
// paddings below a bank row (128 bytes on NVIDIA, 256 on gfx950; where a row is not a multiple
// of access_bytes, below their least common multiple) in steps of access_bytes (larger groups
// first on a tie; a bank row more moves every address by whole bank rows and costs the same).
// When none does, conflict_free is false and the layout is the one of those with the fewest
// wavefronts (then the fewest padding bytes per item, then the larger group), as padded_tile's
// choice is then: never more than CUB's. Never fails to compile; exchange_padding does then.
// Arch, as padded_tile's: a built-in architecture (NVIDIA by default) or a type whose value
// converts to `architecture`. choose_exchange_padding (below) makes the same search at run time.
// Example: exchange_padding_choice<double, 8, 128> -> group 16, bytes 8 (CUB: 8 per 32 items, 2-way)
template <class T, int ItemsPerThread, int Threads, class Arch = arch::nvidia_t>
struct exchange_padding_choice {
  static_assert(ItemsPerThread > 0 && Threads > 0, "exchange: the items per thread and the threads must be positive.");
  static_assert(Threads <= dynamic_thread_block::max_threads, "exchange: at most 1024 threads (CUDA's and HIP's largest block).");
  using arch_type = Arch;
  using item_type = typename detail::element_required<T>::stand_in;  // T, where it is an element type
  static constexpr int item_bytes = static_cast<int>(sizeof(item_type));
  static constexpr int access_bytes = alignof(item_type) < 16 ? static_cast<int>(alignof(item_type)) : 16;
  static_assert(detail::exchange_fits_int(ItemsPerThread, item_bytes, access_bytes, Threads),
                "exchange: the lane accesses must fit in int (fewer than 2^31 a half: items per thread x "
                "pieces x threads).");
  // The search for a conflict-free layout; when it finds none, the search for the fewest wavefronts.
  BANKCHECK_HOST_DEVICE static constexpr detail::exchange_best find() noexcept {
    constexpr detail::exchange_best first = detail::exchange_search<item_bytes, access_bytes, ItemsPerThread, Threads, 1, Arch>::value;
    if constexpr (first.cost.conflict_free())
      return first;
    else
      return detail::exchange_least_search<item_bytes, access_bytes, ItemsPerThread, Threads, 1, Arch>::value;
  }
  static constexpr detail::exchange_best found = find();
  static constexpr bool conflict_free = found.cost.conflict_free();

  static constexpr exchange_layout layout{found.group, found.padding};
  static constexpr int group = layout.group;      // items between two paddings
  static constexpr int bytes = layout.padding;    // padding bytes after every `group` items
  // Both exchanges' cost with this layout, summed over every warp instruction.
  static constexpr exchange_report report = analyze_exchange<T, ItemsPerThread, Threads>(layout, detail::arch_of_type<Arch>::value());
  static constexpr long long wavefronts = report.wavefronts();
  static constexpr long long ideal = report.ideal();
  static constexpr int degree = report.degree();
  // The buffer's size in bytes, and item x's byte offset in it.
  static constexpr long long storage_bytes = layout.required_bytes(static_cast<long long>(ItemsPerThread) * Threads, item_bytes);
  BANKCHECK_HOST_DEVICE static constexpr long long offset(long long item) noexcept {
    return exchange_layout{group, bytes}.offset(item, item_bytes);  // from scalars: device code may not use `layout`
  }
};

// exchange_padding_choice, required to be conflict-free.
// Example: exchange_padding<float, 8, 128>::bytes -> 4, ::group -> 32 (CUB's padding for float)
template <class T, int ItemsPerThread, int Threads, class Arch = arch::nvidia_t>
struct exchange_padding : exchange_padding_choice<T, ItemsPerThread, Threads, Arch> {
  static_assert(exchange_padding_choice<T, ItemsPerThread, Threads, Arch>::conflict_free,
                "exchange_padding: no padding makes the exchange free of conflicts (none below a bank row, or below "
                "the least common multiple of a row and the access width, after every 1, 2, 4, 8, 16 or 32 items); "
                "exchange_padding_choice<T, ItemsPerThread, Threads, Arch> gives the layout with the fewest wavefronts then.");
};

// The exchange's shared memory, typed, through exchange_padding_choice's layout (conflict-free
// where a padding is: ::conflict_free says; static_assert it, or use exchange_padding's facts, to
// require it). A trivial aggregate: declare it __shared__, write each thread's items one way,
// synchronize the block, and read them the other. Item x at offset(x) of `storage`; thread t's
// item i is item t * ItemsPerThread + i blocked, i * Threads + t striped. Aligned to T and to a
// bank's bytes at least, on which the costs hold for any base (moving every address by whole
// bank words rotates the banks).
// Example: __shared__ exchange_storage<double, 8, 128> ex;      // 8 bytes after every 16 doubles
//          for (int i = 0; i < 8; ++i) ex.blocked(threadIdx.x, i) = items[i];
//          __syncthreads();
//          for (int i = 0; i < 8; ++i) items[i] = ex.striped(threadIdx.x, i);
template <class T, int ItemsPerThread, int Threads, class Arch = arch::nvidia_t>
struct exchange_storage : exchange_padding_choice<T, ItemsPerThread, Threads, Arch> {
  // The layout pads in pieces of min(alignof(T), 16) bytes: an item aligned to more would be
  // misaligned (alignas(32): item 8 of <T, 8, 128> at 16 bytes past a multiple of 32).
  static_assert(alignof(T) <= 16, "exchange_storage: T must be aligned to 16 bytes or fewer (the exchange moves items "
                                  "in pieces of at most 16 bytes, and pads by them).");
  using choice = exchange_padding_choice<T, ItemsPerThread, Threads, Arch>;
  using value_type = typename choice::item_type;
  static constexpr int alignment = detail::largest(static_cast<int>(alignof(value_type)),
                                                   detail::arch_of_type<Arch>::value().bank_bytes, 1);

  alignas(alignment) unsigned char storage[static_cast<unsigned long long>(choice::storage_bytes)];

  BANKCHECK_HOST_DEVICE value_type& item(int x) noexcept {
    return *reinterpret_cast<value_type*>(storage + choice::offset(x));
  }
  BANKCHECK_HOST_DEVICE const value_type& item(int x) const noexcept {
    return *reinterpret_cast<const value_type*>(storage + choice::offset(x));
  }
  BANKCHECK_HOST_DEVICE value_type& blocked(int thread, int i) noexcept { return item(thread * ItemsPerThread + i); }
  BANKCHECK_HOST_DEVICE const value_type& blocked(int thread, int i) const noexcept {
    return item(thread * ItemsPerThread + i);
  }
  BANKCHECK_HOST_DEVICE value_type& striped(int thread, int i) noexcept { return item(i * Threads + thread); }
  BANKCHECK_HOST_DEVICE const value_type& striped(int thread, int i) const noexcept { return item(i * Threads + thread); }
};

// choose_exchange_padding's answer: the layout, and both exchanges' cost through it.
struct exchange_choice {
  errc error = errc::none;  // a rule the shape or the architecture breaks; the rest is then 0
  exchange_layout layout{32, 0};
  long long wavefronts = 0;
  long long ideal = 0;
  int degree = 0;  // exchange_report::degree() of the layout

  BANKCHECK_HOST_DEVICE constexpr bool ok() const noexcept { return !static_cast<bool>(error); }
  BANKCHECK_HOST_DEVICE constexpr bool conflict_free() const noexcept { return ok() && wavefronts == ideal; }
};

namespace detail {
// A candidate's cost, walked with bound `above` as exchange_probe walks it (-1: no bound), in one
// evaluation; unusable once its conflicts pass the bound, or with the error of a half that failed.
template <class Arch>
BANKCHECK_HOST_DEVICE constexpr layout_cost exchange_capped(const exchange_shape& e, const exchange_layout& layout,
                                                            const Arch& arch, long long above) {
  layout_cost c{};
  for (int h = 0; h < 4; ++h) {
    const long long left = above < 0 ? -1 : above - (c.wavefronts - c.ideal);
    const tile_report t = exchange_half(e, layout, half_is_blocked(h), half_kind(h), arch, left);
    c.add(t);
    if (!t.ok() || (above >= 0 && c.wavefronts - c.ideal > above)) return c;
  }
  c.usable = true;
  return c;
}
}  // namespace detail

// exchange_padding_choice's search at run time (or in one constant evaluation), for an item given
// by its size and alignment, as a tool picking among item types or block sizes calls it: the same
// candidates, order and costs, so the same layout. Items move in pieces of min(item_alignment, 16)
// bytes, as alignof(T) gives exchange_padding_choice. On `arch` (first argument; NVIDIA without
// it). A shape that breaks a rule (exchange_shape_is_invalid: more than 1024 threads, say) or an
// architecture that does (architecture_is_invalid) gives it in `error` (a compile error in a
// constant expression). The cost grows with the instructions the exchange issues: items per thread
// x pieces x warps. In a constant expression the whole search is one evaluation, under one step
// limit: clang's 1,048,576 holds 8 doubles or 6 floats a thread, 128 threads, on NVIDIA, but not 4
// floats a thread, 64 threads, on gfx950, where none is conflict-free; exchange_padding_choice
// spreads its search over many evaluations.
// Example: choose_exchange_padding(8, 8, 8, 128).layout -> {16, 8} (exchange_padding<double, 8, 128>)
//          choose_exchange_padding(arch::gfx950, 4, 4, 4, 64).wavefronts -> 24 (none is conflict-free)
BANKCHECK_CALLS_USER_CODE  // (Arch: a user's conversion, plain constexpr)
template <class Arch>
BANKCHECK_HOST_DEVICE constexpr detail::if_architecture<Arch, exchange_choice> choose_exchange_padding(
    Arch given, int item_bytes, int item_alignment, int items_per_thread, int threads) {
  // A built-in tag, or the architecture given.
  const auto arch = static_cast<typename detail::arch_value<Arch>::type>(given);
  if (!detail::valid_architecture(arch)) return exchange_choice{violated::architecture_is_invalid()};
  if (item_bytes < 1 || items_per_thread < 1 || threads < 1 || threads > dynamic_thread_block::max_threads ||
      item_alignment < 1 || (item_alignment & (item_alignment - 1)) != 0 || item_bytes % item_alignment != 0 ||
      !detail::exchange_fits_int(items_per_thread, item_bytes, item_alignment < 16 ? item_alignment : 16, threads))
    return exchange_choice{violated::exchange_shape_is_invalid()};
  const int access_bytes = item_alignment < 16 ? item_alignment : 16;
  const detail::exchange_shape e{item_bytes, access_bytes, items_per_thread, threads};
  const int row = arch.banks * arch.bank_bytes;
  const int last = row / static_cast<int>(detail::gcd(row, access_bytes));  // paddings below lcm(row, access_bytes)
  // As exchange_search: the conflict-free layout with the fewest padding bytes per item, each
  // candidate walked to its first conflict; a group tries only paddings below the best's bytes
  // per item. Then, where none is, exchange_least_search's: the fewest conflicts, a candidate
  // walked while it may still win (as many as the best where it wins a tie on bytes per item).
  detail::exchange_best best{};
  for (int group = 32; group >= 1; group /= 2)
    for (int i = 0; i < last && (!best.cost.usable || static_cast<long long>(i) * access_bytes * best.group <
                                                           static_cast<long long>(best.padding) * group);
         ++i) {
      const detail::layout_cost c = detail::exchange_capped(e, exchange_layout{group, i * access_bytes}, arch, 0);
      if (static_cast<bool>(c.error)) return exchange_choice{c.error};
      if (c.usable) {
        best = detail::exchange_best{group, i * access_bytes, c};
        break;
      }
    }
  const bool none_free = !best.cost.usable;
  for (int group = 32; group >= 1 && none_free; group /= 2) {  // the second search, over every group
    for (int i = 0; i < last; ++i) {
      const long long fewest = best.cost.usable ? best.cost.wavefronts - best.cost.ideal : -1;
      const bool wins_a_tie = static_cast<long long>(i) * access_bytes * best.group < static_cast<long long>(best.padding) * group;
      const long long above = fewest < 0 ? -1 : wins_a_tie ? fewest : fewest - 1;
      if (fewest >= 0 && above < 0) continue;
      const detail::layout_cost c = detail::exchange_capped(e, exchange_layout{group, i * access_bytes}, arch, above);
      if (static_cast<bool>(c.error)) return exchange_choice{c.error};
      if (c.usable) best = detail::exchange_best{group, i * access_bytes, c};
    }
  }
  return exchange_choice{errc::none, exchange_layout{best.group, best.padding}, best.cost.wavefronts, best.cost.ideal,
                         best.cost.degree};
}
// Without the architecture's value: NVIDIA, or the one that Arch names, as exchange_padding_choice's
// Arch (choose_exchange_padding<arch::gfx950_t>(4, 4, 8, 128)). A template, so that the search is
// compiled only where it is called: as a plain function this overload made every unit that
// includes the header compile the search and the engine (include only, g++ / clang++: 167 / 176
// -> 213 / 210 M instructions; benchmarks/README.md, thirty-second session).
template <class Arch = arch::nvidia_t>
BANKCHECK_HOST_DEVICE constexpr exchange_choice choose_exchange_padding(int item_bytes, int item_alignment,
                                                                        int items_per_thread, int threads) {
  return choose_exchange_padding(detail::arch_of_type<Arch>::value(), item_bytes, item_alignment, items_per_thread, threads);
}

}  // namespace bankcheck

BANKCHECK_DETAIL_COMMAS_END

#endif
