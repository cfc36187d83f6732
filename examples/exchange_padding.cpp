// SPDX-License-Identifier: BSL-1.0
// CUB's BlockExchange pads one item after every 32 items (when items per thread > 4 is a power
// of two), whatever the item's size. exchange_padding chooses the padding in bytes, and the items
// between paddings, for the item's size. Both exchanges (blocked -> striped, striped -> blocked)
// of 128 threads, in the model's wavefronts summed over every warp instruction; then the choice
// on AMD's wave64 CDNA3 (gfx942, 32 banks) and CDNA4 (gfx950, 64 banks), whose warps and banks
// differ.
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

// A choice in a cell: its padding and group, or "-" where none is conflict-free.
template <class Choice>
void cell() {
  if (Choice::conflict_free)
    std::printf(" | %3d B / %2d", Choice::bytes, Choice::group);
  else
    std::printf(" | %10s", "-");
}

template <class T, int ItemsPerThread>
void row(const char* type) {
  using ours = bankcheck::exchange_padding_choice<T, ItemsPerThread, threads>;
  constexpr bankcheck::exchange_layout cub = bankcheck::cub_exchange_layout(ItemsPerThread, static_cast<int>(sizeof(T)));
  constexpr bankcheck::exchange_report cub_cost = bankcheck::analyze_exchange<T, ItemsPerThread, threads>(cub);
  std::printf("%-7s %4d %4d | %3d B / %2d %6lld %6lld %2d | ", type, static_cast<int>(sizeof(T)), ItemsPerThread,
              cub.padding, cub.group, cub_cost.wavefronts(), cub_cost.ideal(), cub_cost.degree());
  if (ours::conflict_free)
    std::printf("%3d B / %2d %6lld %2d", ours::bytes, ours::group, ours::wavefronts, ours::degree);
  else
    std::printf("%-9s %6lld %2d", "-", ours::wavefronts, ours::degree);
  cell<bankcheck::exchange_padding_choice<T, ItemsPerThread, threads, bankcheck::arch::gfx942_t>>();
  cell<bankcheck::exchange_padding_choice<T, ItemsPerThread, threads, bankcheck::arch::gfx950_t>>();
  std::printf("\n");
}

}  // namespace

int main() {
  std::printf("Both exchanges of %d threads; padding: bytes after every G items; wavefronts summed over\n"
              "every warp instruction; degree: the worst instruction's wavefronts. Ours: exchange_padding's\n"
              "choice (- where none is conflict-free: CUB's layout is kept); on NVIDIA, then gfx942 and gfx950.\n\n",
              threads);
  std::printf("%-7s %4s %4s | %-9s %6s %6s %2s | %-9s %6s %2s | %-10s | %-10s\n", "item", "size", "IPT", "CUB pad",
              "wavefr", "ideal", "dg", "ours pad", "wavefr", "dg", "gfx942 pad", "gfx950 pad");
  row<char, 8>("char");
  row<char, 5>("char");
  row<short, 8>("short");
  row<short, 3>("short");
  row<float, 4>("float");
  row<float, 8>("float");
  row<float, 16>("float");
  row<float, 6>("float");
  row<double, 2>("double");
  row<double, 8>("double");
  row<double, 32>("double");
  row<float3_like, 8>("float3");
  row<int4_like, 2>("int4");
  row<int4_like, 8>("int4");
  row<int4_like, 16>("int4");
}
