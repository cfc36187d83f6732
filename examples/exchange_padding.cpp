// SPDX-License-Identifier: BSL-1.0
// CUB's BlockExchange pads one item after every 32 items (when items per thread > 4 is a power
// of two), whatever the item's size. exchange_padding chooses the padding in bytes, and the items
// between paddings, for the item's size. Both exchanges (blocked -> striped, striped -> blocked)
// of 128 threads, in the model's wavefronts summed over every warp instruction: on NVIDIA against
// CUB's layout; then on AMD's wave64 CDNA3 (gfx942, 32 banks) and CDNA4 (gfx950, 64 banks)
// against rocPRIM's block_exchange layout, which assumes 32 banks everywhere.
#include <bankcheck/bankcheck.hpp>
#include <bankcheck/exchange.hpp>

#include <cstdio>

namespace {

struct alignas(4) float3_like {
  float v[3];
};
struct alignas(16) int4_like {
  int v[4];
};

constexpr int threads = 128;

// A choice in a cell: its padding and group, and where none is conflict-free its wavefronts
// after a "*" (the last cell of a row without trailing blanks).
template <class Choice>
void cell(bool last) {
  std::printf(" | %3d B / %2d", Choice::bytes, Choice::group);
  if (!Choice::conflict_free)
    std::printf(" * %4lld", Choice::wavefronts);
  else if (!last)
    std::printf("%7s", "");
}

template <class T, int ItemsPerThread>
void row(const char* type) {
  using ours = bankcheck::exchange_padding_choice<T, ItemsPerThread, threads>;
  constexpr bankcheck::exchange_layout cub = bankcheck::cub_exchange_layout(ItemsPerThread, static_cast<int>(sizeof(T)));
  constexpr bankcheck::exchange_report cub_cost = bankcheck::analyze_exchange<T, ItemsPerThread, threads>(cub);
  std::printf("%-7s %4d %4d | %3d B / %2d %6lld %6lld %2d | ", type, static_cast<int>(sizeof(T)), ItemsPerThread,
              cub.padding, cub.group, cub_cost.wavefronts(), cub_cost.ideal(), cub_cost.degree());
  std::printf("%3d B / %2d %6lld %2d%s\n", ours::bytes, ours::group, ours::wavefronts, ours::degree,
              ours::conflict_free ? "" : " *");
}

// rocPRIM's layout priced on Arch, and the choice there.
template <class T, int ItemsPerThread, class Arch>
void amd_cells(bankcheck::exchange_layout rocprim, bool last) {
  constexpr bankcheck::architecture arch = Arch{};
  const bankcheck::exchange_report cost = bankcheck::analyze_exchange<T, ItemsPerThread, threads>(rocprim, arch);
  std::printf(" | %5lld %5lld %3d", cost.wavefronts(), cost.ideal(), cost.degree());
  cell<bankcheck::exchange_padding_choice<T, ItemsPerThread, threads, Arch>>(last);
}

template <class T, int ItemsPerThread>
void amd_row(const char* type) {
  constexpr bankcheck::exchange_layout rocprim = bankcheck::rocprim_exchange_layout(ItemsPerThread, static_cast<int>(sizeof(T)));
  std::printf("%-7s %4d %4d | %3d B / %3d", type, static_cast<int>(sizeof(T)), ItemsPerThread, rocprim.padding, rocprim.group);
  amd_cells<T, ItemsPerThread, bankcheck::arch::gfx942_t>(rocprim, false);
  amd_cells<T, ItemsPerThread, bankcheck::arch::gfx950_t>(rocprim, true);
  std::printf("\n");
}

template <class T, int ItemsPerThread>
void line(const char* type, bool amd) {
  if (amd)
    amd_row<T, ItemsPerThread>(type);
  else
    row<T, ItemsPerThread>(type);
}

// The rows of both tables.
void lines(bool amd) {
  line<char, 8>("char", amd);
  line<char, 5>("char", amd);
  line<short, 8>("short", amd);
  line<short, 3>("short", amd);
  line<float, 4>("float", amd);
  line<float, 8>("float", amd);
  line<float, 16>("float", amd);
  line<float, 6>("float", amd);
  line<double, 2>("double", amd);
  line<double, 8>("double", amd);
  line<double, 32>("double", amd);
  line<float3_like, 8>("float3", amd);
  line<int4_like, 2>("int4", amd);
  line<int4_like, 8>("int4", amd);
  line<int4_like, 16>("int4", amd);
}

}  // namespace

int main() {
  std::printf("Both exchanges of %d threads; padding: bytes after every G items; wavefronts summed over\n"
              "every warp instruction; degree: the worst instruction's wavefronts. Ours: exchange_padding's\n"
              "choice (* where none is conflict-free: the layout with the fewest wavefronts).\n\n",
              threads);
  std::printf("NVIDIA, against CUB's layout:\n");
  std::printf("%-7s %4s %4s | %-9s %6s %6s %2s | %-9s %6s %2s\n", "item", "size", "IPT", "CUB pad", "wavefr", "ideal", "dg",
              "ours pad", "wavefr", "dg");
  lines(false);
  std::printf("\nAMD (64-lane warps), against rocPRIM's layout (32 banks assumed):\n");
  std::printf("%-7s %4s %4s | %-11s | %-15s | %-17s | %-15s | %s\n", "item", "size", "IPT", "rocPRIM pad", "gfx942 wf/id dg",
              "ours", "gfx950 wf/id dg", "ours");
  lines(true);
}
