// SPDX-License-Identifier: BSL-1.0
// Runs every catalogue entry on the GPU, one kernel each, for Nsight Compute or clock64() timing.
//
//   harness --list                  the catalogue as TSV, with each lane's byte address (no GPU needed)
//   harness --mode ncu [-n N]       launches each kernel once, N x unroll accesses per lane (ncu)
//   harness --mode clock [-n N]     times each kernel with clock64(): cycles per access, as TSV
//
// Kernel pattern_kernel<I, kind, bytes, matrices> runs entry I: each lane in the entry's mask
// does the access at its address `unroll` times per iteration, in inline PTX (ld/st.volatile.shared,
// ldmatrix, stmatrix), so the width is exact and the compiler can neither drop nor merge the
// accesses; each load's address depends on the value the previous one loaded (through a run-time
// zero), so the loads form a chain. check_sass.py checks the SASS of every kernel.
#include "catalogue.hpp"

#include <cuda_runtime.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>

namespace bankcheck_gpu {

constexpr int unroll = 8;  // accesses per loop iteration: the SASS of each kernel holds exactly this many
constexpr int lanes = bankcheck_gpu::warp_lanes;
constexpr int kind_load = static_cast<int>(bankcheck::op_kind::load);
constexpr int kind_store = static_cast<int>(bankcheck::op_kind::store);
constexpr int kind_ldmatrix = static_cast<int>(bankcheck::op_kind::ldmatrix);

// One access of `Bytes` (or `Matrices` 8x8 b16 matrices) at shared address a; returns what a
// load read (for the dependency chain) or v after a store.
template <int Kind, int Bytes, int Matrices>
__device__ __forceinline__ unsigned shared_access(unsigned a, unsigned v) {
  unsigned r0 = v, r1 = v, r2 = v, r3 = v;
  if constexpr (Kind == kind_load) {
    if constexpr (Bytes == 1) {
      asm volatile("ld.volatile.shared.u8 %0, [%1];" : "=r"(r0) : "r"(a) : "memory");
    } else if constexpr (Bytes == 2) {
      asm volatile("ld.volatile.shared.u16 %0, [%1];" : "=r"(r0) : "r"(a) : "memory");
    } else if constexpr (Bytes == 4) {
      asm volatile("ld.volatile.shared.u32 %0, [%1];" : "=r"(r0) : "r"(a) : "memory");
    } else if constexpr (Bytes == 8) {
      asm volatile("ld.volatile.shared.v2.u32 {%0, %1}, [%2];" : "=r"(r0), "=r"(r1) : "r"(a) : "memory");
    } else {
      static_assert(Bytes == 16, "harness: a load is 1, 2, 4, 8 or 16 bytes.");
      asm volatile("ld.volatile.shared.v4.u32 {%0, %1, %2, %3}, [%4];"
                   : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
                   : "r"(a)
                   : "memory");
    }
    return r0 | r1 | r2 | r3;
  } else if constexpr (Kind == kind_store) {
    if constexpr (Bytes == 1) {
      asm volatile("st.volatile.shared.u8 [%0], %1;" ::"r"(a), "r"(v) : "memory");
    } else if constexpr (Bytes == 2) {
      asm volatile("st.volatile.shared.u16 [%0], %1;" ::"r"(a), "r"(v) : "memory");
    } else if constexpr (Bytes == 4) {
      asm volatile("st.volatile.shared.u32 [%0], %1;" ::"r"(a), "r"(v) : "memory");
    } else if constexpr (Bytes == 8) {
      asm volatile("st.volatile.shared.v2.u32 [%0], {%1, %2};" ::"r"(a), "r"(v), "r"(v + 1) : "memory");
    } else {
      static_assert(Bytes == 16, "harness: a store is 1, 2, 4, 8 or 16 bytes.");
      asm volatile("st.volatile.shared.v4.u32 [%0], {%1, %2, %3, %4};" ::"r"(a), "r"(v), "r"(v + 1), "r"(v + 2),
                   "r"(v + 3)
                   : "memory");
    }
    return v + 1;
  } else if constexpr (Kind == kind_ldmatrix) {
    if constexpr (Matrices == 1) {
      asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(r0) : "r"(a) : "memory");
    } else if constexpr (Matrices == 2) {
      asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];" : "=r"(r0), "=r"(r1) : "r"(a) : "memory");
    } else {
      static_assert(Matrices == 4, "harness: ldmatrix takes 1, 2 or 4 matrices.");
      asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                   : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
                   : "r"(a)
                   : "memory");
    }
    return r0 | r1 | r2 | r3;
  } else {
    if constexpr (Matrices == 1) {
      asm volatile("stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};" ::"r"(a), "r"(v) : "memory");
    } else if constexpr (Matrices == 2) {
      asm volatile("stmatrix.sync.aligned.m8n8.x2.shared.b16 [%0], {%1, %2};" ::"r"(a), "r"(v), "r"(v + 1) : "memory");
    } else {
      static_assert(Matrices == 4, "harness: stmatrix takes 1, 2 or 4 matrices.");
      asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};" ::"r"(a), "r"(v), "r"(v + 1),
                   "r"(v + 2), "r"(v + 3)
                   : "memory");
    }
    return v + 1;
  }
}

// Entry I of the catalogue, launched as one warp. Lanes outside `mask` return before the loop,
// so they issue nothing. out[0] receives the lowest active lane's clock64() cycles for the loop;
// out[1 + lane] a value that depends on every access (so none is dead).
template <int I, int Kind, int Bytes, int Matrices>
__global__ void __launch_bounds__(32) pattern_kernel(bankcheck_gpu::lane_addresses addresses, unsigned mask,
                                                     int iterations, unsigned zero, unsigned long long* out) {
  __shared__ __align__(1024) unsigned char buffer[bankcheck_gpu::shared_bytes];
  const unsigned lane = threadIdx.x;
  constexpr bool is_load = Kind == kind_load || Kind == kind_ldmatrix;
  if (!(mask >> lane & 1u)) return;
  unsigned a = static_cast<unsigned>(__cvta_generic_to_shared(buffer)) + addresses.byte[lane];
  unsigned v = lane;
  const long long start = clock64();
#pragma unroll 1
  for (int i = 0; i < iterations; ++i) {
#pragma unroll
    for (int u = 0; u < unroll; ++u) {
      const unsigned r = shared_access<Kind, Bytes, Matrices>(a, v);
      if constexpr (is_load) {
        a ^= r & zero;  // zero is 0 at run time: the next address waits for this load
      } else {
        v = r;
      }
    }
  }
  const long long stop = clock64();
  if (lane == static_cast<unsigned>(__ffs(static_cast<int>(mask)) - 1))
    out[0] = static_cast<unsigned long long>(stop - start);
  out[1 + lane] = a ^ v;
}

}  // namespace bankcheck_gpu

namespace {

using bankcheck_gpu::lanes;
using bankcheck_gpu::unroll;

using launcher = void (*)(int iterations, unsigned long long* out);

template <int I>
void launch(int iterations, unsigned long long* out) {
  constexpr const bankcheck_gpu::entry& e = bankcheck_gpu::catalogue.entries[I];
  bankcheck_gpu::pattern_kernel<I, static_cast<int>(e.op.kind), e.op.bytes, e.op.matrices>
      <<<1, lanes>>>(e.address, e.mask, iterations, 0u, out);
}

template <std::size_t... I>
constexpr std::array<launcher, sizeof...(I)> make_launchers(std::index_sequence<I...>) {
  return {{&launch<static_cast<int>(I)>...}};
}
constexpr auto launchers = make_launchers(std::make_index_sequence<bankcheck_gpu::catalogue.size>{});

const char* op_text(const bankcheck::access& op, char (&buffer)[32]) {
  switch (op.kind) {
    case bankcheck::op_kind::load: std::snprintf(buffer, sizeof buffer, "load(%d)", op.bytes); break;
    case bankcheck::op_kind::store: std::snprintf(buffer, sizeof buffer, "store(%d)", op.bytes); break;
    case bankcheck::op_kind::ldmatrix: std::snprintf(buffer, sizeof buffer, "ldmatrix(%d)", op.matrices); break;
    case bankcheck::op_kind::stmatrix: std::snprintf(buffer, sizeof buffer, "stmatrix(%d)", op.matrices); break;
  }
  return buffer;
}

int list() {
  std::printf("index\tname\tcategories\top\tmask\tpredicted\tideal\tmerged\tunroll\taddresses\n");
  for (int i = 0; i < bankcheck_gpu::catalogue.size; ++i) {
    const bankcheck_gpu::entry& e = bankcheck_gpu::catalogue.entries[i];
    char categories[256] = {}, op[32] = {};
    for (int c = 0; c < bankcheck_gpu::category::count; ++c)
      if (e.categories >> c & 1u) {
        if (categories[0] != '\0') std::strncat(categories, ",", sizeof categories - std::strlen(categories) - 1);
        std::strncat(categories, bankcheck_gpu::category::names[c], sizeof categories - std::strlen(categories) - 1);
      }
    std::printf("%d\t%s\t%s\t%s\t0x%08x\t%d\t%d\t%d\t%d\t", i, e.name, categories, op_text(e.op, op), e.mask, e.predicted,
                e.ideal, e.merged ? 1 : 0, unroll);
    for (int l = 0; l < lanes; ++l) std::printf(l + 1 < lanes ? "%u," : "%u\n", e.address.byte[l]);
  }
  return 0;
}

bool ok(cudaError_t status, const char* what) {
  if (status == cudaSuccess) return true;
  std::fprintf(stderr, "harness: %s: %s\n", what, cudaGetErrorString(status));
  return false;
}

int run(bool clock_mode, int iterations) {
  int device = 0;
  cudaDeviceProp prop{};
  if (!ok(cudaGetDevice(&device), "no CUDA device") || !ok(cudaGetDeviceProperties(&prop, device), "device properties"))
    return 2;
  if (prop.major < 9) {
    std::fprintf(stderr, "harness: %s is compute capability %d.%d; the harness needs 9.0 (stmatrix, sm_90 SASS)\n",
                 prop.name, prop.major, prop.minor);
    return 2;
  }
  unsigned long long* out = nullptr;
  if (!ok(cudaMalloc(&out, sizeof(unsigned long long) * (1 + lanes)), "cudaMalloc")) return 2;
  if (clock_mode) std::printf("index\tname\tcycles\taccesses\tcycles_per_access\n");
  for (int i = 0; i < bankcheck_gpu::catalogue.size; ++i) {
    if (clock_mode) launchers[static_cast<std::size_t>(i)](2, out);  // warm-up: instruction cache, clocks
    launchers[static_cast<std::size_t>(i)](iterations, out);
    const char* name = bankcheck_gpu::catalogue.entries[i].name;
    if (!ok(cudaGetLastError(), name) || !ok(cudaDeviceSynchronize(), name)) return 1;
    if (clock_mode) {
      unsigned long long cycles = 0;
      if (!ok(cudaMemcpy(&cycles, out, sizeof cycles, cudaMemcpyDeviceToHost), "cudaMemcpy")) return 1;
      const long long accesses = static_cast<long long>(iterations) * unroll;
      std::printf("%d\t%s\t%llu\t%lld\t%.3f\n", i, bankcheck_gpu::catalogue.entries[i].name, cycles, accesses,
                  static_cast<double>(cycles) / static_cast<double>(accesses));
    }
  }
  if (!clock_mode) std::printf("harness: launched %d kernels, %d accesses per active lane each\n",
                               bankcheck_gpu::catalogue.size, iterations * unroll);
  cudaFree(out);
  return 0;
}

int usage() {
  std::fprintf(stderr, "usage: harness --list | --mode ncu|clock [-n ITERATIONS]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  bool clock_mode = false, listing = false, mode_given = false;
  int iterations = -1;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--list") == 0) {
      listing = true;
    } else if (std::strcmp(argv[i], "--mode") == 0 && i + 1 < argc) {
      ++i;
      mode_given = true;
      if (std::strcmp(argv[i], "clock") == 0) clock_mode = true;
      else if (std::strcmp(argv[i], "ncu") != 0) return usage();
    } else if (std::strcmp(argv[i], "-n") == 0 && i + 1 < argc) {
      iterations = std::atoi(argv[++i]);
      if (iterations < 1) return usage();
    } else {
      return usage();
    }
  }
  if (listing) return list();
  if (!mode_given) return usage();
  return run(clock_mode, iterations > 0 ? iterations : clock_mode ? 1024 : 16);
}
