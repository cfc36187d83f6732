// SPDX-License-Identifier: BSL-1.0
// Tests for benchmarks/gpu/catalogue.hpp, the ground-truth harness's catalogue: its coverage, and
// every prediction against MODEL.md's rules written out by brute force.
#include "../benchmarks/gpu/catalogue.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace gpu = bankcheck_gpu;
using bankcheck::op_kind;

namespace {

constexpr bool same(const char* a, const char* b) {
  for (; *a != '\0' && *a == *b; ++a, ++b) {
  }
  return *a == *b;
}
// The entry called `name`; a name not in the catalogue fails constant evaluation.
constexpr const gpu::entry& find(const char* name) {
  int i = 0;
  while (i < gpu::catalogue.size && !same(gpu::catalogue.entries[i].name, name)) ++i;
  return i < gpu::catalogue.size ? gpu::catalogue.entries[i] : throw "no such entry";
}

}  // namespace

// Known values from MODEL.md, as the catalogue predicts them.
static_assert(find("ld4_stride128B").predicted == 32, "a column of float[32][32]: 32 passes");
static_assert(find("float32x32_column_read").predicted == 32, "the same, through column_segments");
static_assert(find("float32x33_column_read").predicted == 1, "padded by one float: 1 pass");
static_assert(find("float32x34_column_read").predicted == 2, "padded by two: 2 passes");
static_assert(find("ld4_stride2").predicted == 2, "word stride 2: gcd(2, 32) = 2");
static_assert(find("ld4_same_address").predicted == 1, "word stride 0: a broadcast");
static_assert(find("ld16_same_address").predicted == 2 && find("ld16_same_address").merged,
              "every lane loads the same 16 bytes: 2 wavefronts (merge rule)");
static_assert(find("st16_same_address").predicted == 4, "stores never merge");
static_assert(find("int4_8x8_column_store").predicted == 8, "TMA example: 8 wavefronts");
static_assert(find("int4_8x8_column_store_swizzle128B").predicted == 1, "TMA example, 128B swizzle: 1");
static_assert(find("ldmatrix_x4_pitch144B").predicted == 4, "pitch 144: 144 / 16 odd, conflict-free");
static_assert(find("ldmatrix_x1_pitch128B").predicted == 8, "pitch 128: 8 rows in one bank group");
static_assert(find("padded_tile_float32x32_column_read").predicted == 1, "padded_tile's choice is conflict-free");
static_assert(find("swizzled_tile_float32x32_column_read").predicted == 1, "swizzled_tile's choice is conflict-free");

namespace {

const std::uint32_t whole_warp = 0xffffffffu;

bool active(const gpu::entry& e, int lane) { return lane >= 0 && lane < 32 && (e.mask >> lane & 1u) != 0; }

// P(k) of MODEL.md: every active lane i has lane i ^ k inactive or at the same address.
bool partners_agree(const gpu::entry& e, int k) {
  for (int i = 0; i < 32; ++i)
    if (active(e, i) && active(e, i ^ k) && e.address.byte[i] != e.address.byte[i ^ k]) return false;
  return true;
}

struct model_cost {
  int wavefronts = 0;
  int ideal = 0;
};

// MODEL.md's NVIDIA rules, written out: the phases (lanes served together) of the instruction,
// then for each phase with an active lane, the most distinct 4-byte words any of the 32 banks
// must deliver. `merge_rule` false ignores the load merge rule.
model_cost model(const gpu::entry& e, bool merge_rule = true) {
  std::vector<std::vector<int>> phases;
  int width = e.op.bytes;
  if (e.op.kind == op_kind::ldmatrix || e.op.kind == op_kind::stmatrix) {
    width = 16;  // each of lanes 8m..8m+7 gives one 16-byte row of matrix m; one phase per matrix
    for (int m = 0; m < e.op.matrices; ++m) {
      phases.emplace_back();
      for (int r = 0; r < 8; ++r) phases.back().push_back(8 * m + r);
    }
  } else {
    int size = width <= 4 ? 32 : width == 8 ? 16 : 8;
    if (merge_rule && e.op.kind == op_kind::load && width >= 8 && (partners_agree(e, 1) || partners_agree(e, 2)))
      size = width == 8 ? 32 : 16;
    for (int first = 0; first < 32; first += size) {
      phases.emplace_back();
      for (int l = first; l < first + size; ++l)
        if (active(e, l)) phases.back().push_back(l);
    }
  }
  model_cost cost{};
  for (const std::vector<int>& lanes : phases) {
    if (lanes.empty()) continue;
    std::map<unsigned, std::set<unsigned>> words_of_bank;
    for (int l : lanes) {
      const unsigned a = e.address.byte[l];
      for (unsigned w = a / 4; w <= (a + static_cast<unsigned>(width) - 1) / 4; ++w) words_of_bank[w % 32].insert(w);
    }
    std::size_t most = 0;
    for (const auto& bank : words_of_bank) most = bank.second.size() > most ? bank.second.size() : most;
    cost.wavefronts += static_cast<int>(most);
    cost.ideal += 1;
  }
  return cost;
}

std::vector<const gpu::entry*> entries() {
  std::vector<const gpu::entry*> v;
  for (int i = 0; i < gpu::catalogue.size; ++i) v.push_back(&gpu::catalogue.entries[i]);
  return v;
}

bool has(const gpu::entry& e, unsigned category) { return (e.categories & category) != 0; }

int count_if_entry(bool (*predicate)(const gpu::entry&)) {
  int n = 0;
  for (const gpu::entry* e : entries()) n += predicate(*e) ? 1 : 0;
  return n;
}

}  // namespace

TEST_CASE("gpu catalogue: at least 60 entries, each named once, each inside the shared buffer") {
  CHECK(gpu::catalogue.size >= 60);
  std::set<std::string> names;
  for (const gpu::entry* e : entries()) {
    INFO(e->name);
    CHECK(std::strlen(e->name) > 0);
    CHECK(names.insert(e->name).second);
    CHECK(e->mask != 0);
    for (int l = 0; l < 32; ++l) {
      CHECK(e->address.byte[l] + static_cast<unsigned>(e->op.bytes) <= static_cast<unsigned>(gpu::shared_bytes));
      if (active(*e, l)) CHECK(e->address.byte[l] % static_cast<unsigned>(e->op.bytes) == 0);
    }
    if (e->op.is_matrix()) CHECK(e->mask == whole_warp);
  }
}

TEST_CASE("gpu catalogue: every category the issue lists") {
  for (op_kind kind : {op_kind::load, op_kind::store})
    for (int w : {1, 2, 4, 8, 16}) {
      INFO("kind " << static_cast<int>(kind) << ", width " << w);
      int n = 0;
      for (const gpu::entry* e : entries()) n += e->op.kind == kind && e->op.bytes == w;
      CHECK(n >= 3);
    }
  for (op_kind kind : {op_kind::ldmatrix, op_kind::stmatrix})
    for (int m : {1, 2, 4}) {
      INFO("matrix kind " << static_cast<int>(kind) << ", x" << m);
      int n = 0;
      for (const gpu::entry* e : entries()) n += e->op.kind == kind && e->op.matrices == m;
      CHECK(n >= 2);
    }
  // Broadcast: several lanes on one address; sub-word: 1- and 2-byte lanes sharing a word.
  CHECK(count_if_entry([](const gpu::entry& e) { return has(e, gpu::category::broadcast); }) >= 8);
  CHECK(count_if_entry([](const gpu::entry& e) { return has(e, gpu::category::subword); }) >= 4);
  // The merge rule's cases, by name: pairs i ^ 1 and i ^ 2, uniform, mixed halves, inactive partners.
  for (const char* name : {"ld8_pairs_xor1", "ld16_pairs_xor1", "ld8_pairs_xor2", "ld16_pairs_xor2",
                           "ld16_same_address", "ld16_mixed_halves", "ld16_xor1_then_xor2", "ld16_even_lanes",
                           "ld16_bit1_clear_lanes", "st16_pairs_xor1"}) {
    INFO(name);
    bool found = false;
    for (const gpu::entry* e : entries())
      found = found || (std::strcmp(e->name, name) == 0 && has(*e, gpu::category::merge));
    CHECK(found);
  }
  CHECK(find("ld16_pairs_xor1").merged);
  CHECK(find("ld16_pairs_xor2").merged);
  CHECK(find("ld16_even_lanes").merged);
  CHECK_FALSE(find("ld16_mixed_halves").merged);
  CHECK_FALSE(find("ld16_xor1_then_xor2").merged);
  CHECK_FALSE(find("st16_pairs_xor1").merged);
  CHECK(count_if_entry([](const gpu::entry& e) { return e.mask != whole_warp; }) >= 10);
  CHECK(count_if_entry([](const gpu::entry& e) { return has(e, gpu::category::padded); }) >= 5);
  CHECK(count_if_entry([](const gpu::entry& e) { return has(e, gpu::category::swizzled); }) >= 5);
  CHECK(count_if_entry([](const gpu::entry& e) { return has(e, gpu::category::random); }) >= 10);
  CHECK(count_if_entry([](const gpu::entry& e) { return has(e, gpu::category::tile); }) >= 10);
}

TEST_CASE("gpu catalogue: every prediction is MODEL.md's rules, brute force") {
  for (const gpu::entry* e : entries()) {
    INFO(e->name);
    const model_cost m = model(*e);
    CHECK(e->predicted == m.wavefronts);
    CHECK(e->ideal == m.ideal);
  }
}

TEST_CASE("gpu catalogue: a GPU run can tell each rule apart") {
  // Entries whose count depends on the merge rule: on the GPU they confirm or refute it.
  int merge_decides = 0;
  for (const gpu::entry* e : entries()) merge_decides += model(*e, true).wavefronts != model(*e, false).wavefronts;
  CHECK(merge_decides >= 10);
  // Conflicts of every degree from 1 to 32 among the predictions, and in the random entries more than one value.
  std::set<int> degrees, random_predictions;
  for (const gpu::entry* e : entries()) {
    degrees.insert(e->predicted / e->ideal);
    if (has(*e, gpu::category::random)) random_predictions.insert(e->predicted);
  }
  for (int d : {1, 2, 4, 8, 16, 32}) CHECK(degrees.count(d) == 1);
  CHECK(random_predictions.size() >= 4);
}
