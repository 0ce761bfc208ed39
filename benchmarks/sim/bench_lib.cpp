// The add and copy kernels on the simulator, and a threaded memcpy, as a shared library that bench_sim.py loads
// with ctypes: the simulator then runs in the same process as numpy and torch, so the measurements can be
// interleaved call by call (a shared, noisy machine shifts all of them alike) instead of compared across runs.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>

#include "kernel_operator.h"
#include "kernel_tiling.h"

extern "C" void add_custom(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling);
extern "C" void copy_custom(GM_ADDR x, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling);
extern "C" void staged_floor(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling);
extern "C" void fused_floor(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling);
extern "C" void vec_bench(GM_ADDR x, GM_ADDR tiling);

namespace {

// Blocks get whole 512 B of data (blockLength a multiple of 128 floats), as the generated TilingFunc splits them.
AddTiling split(uint32_t n, uint32_t blocks, uint32_t tile) {
  return AddTiling{n, ((n + blocks - 1) / blocks + 127) / 128 * 128, tile};
}

// 0 on success; a KernelFault is printed (the benchmark treats it as a failed run).
template <typename Body>
int guarded(Body&& body) {
  try {
    body();
    return 0;
  } catch (const opkit::sim::KernelFault& f) {
    std::fprintf(stderr, "%s\n", f.what());
    return 1;
  }
}

}  // namespace

#define OPKIT_BENCH_API extern "C" __attribute__((visibility("default")))

using AddEntry = void (*)(GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR);

// kernel 0: the add kernel; 1: staged_floor; 2: fused_floor (floor_kernels.cpp). Same launch for all three.
OPKIT_BENCH_API int opkit_bench_add(float* x, float* y, float* z, uint32_t n, uint32_t blocks, uint32_t tile,
                                    uint32_t kernel) {
  static const AddEntry kEntries[] = {add_custom, staged_floor, fused_floor};
  AddTiling tiling = split(n, blocks, tile);
  auto* t = reinterpret_cast<uint8_t*>(&tiling);
  const uint64_t bytes = uint64_t(n) * sizeof(float);
  return guarded([&] {
    opkit::sim::Launch launch("add_custom", opkit::sim::kDefaultSoc, blocks);
    launch.register_gm(x, bytes, "x").register_gm(y, bytes, "y").register_gm(z, bytes, "z");
    launch.register_gm(t, sizeof tiling, "tiling");
    launch.run(kEntries[kernel], reinterpret_cast<uint8_t*>(x), reinterpret_cast<uint8_t*>(y),
               reinterpret_cast<uint8_t*>(z), nullptr, t);
  });
}

OPKIT_BENCH_API int opkit_bench_copy(float* x, float* z, uint32_t n, uint32_t blocks, uint32_t tile) {
  AddTiling tiling = split(n, blocks, tile);
  auto* t = reinterpret_cast<uint8_t*>(&tiling);
  const uint64_t bytes = uint64_t(n) * sizeof(float);
  return guarded([&] {
    opkit::sim::Launch launch("copy_custom", opkit::sim::kDefaultSoc, blocks);
    launch.register_gm(x, bytes, "x").register_gm(z, bytes, "z").register_gm(t, sizeof tiling, "tiling");
    launch.run(copy_custom, reinterpret_cast<uint8_t*>(x), reinterpret_cast<uint8_t*>(z), nullptr, t);
  });
}

// One vector instruction `reps` times on `count` floats in UB (vec_kernel.cpp), one block.
OPKIT_BENCH_API int opkit_bench_vec(float* x, uint32_t op, uint32_t count, uint32_t reps) {
  uint32_t tiling[3] = {op, count, reps};
  auto* t = reinterpret_cast<uint8_t*>(tiling);
  return guarded([&] {
    opkit::sim::Launch launch("vec_bench", opkit::sim::kDefaultSoc, 1);
    launch.register_gm(x, uint64_t(count) * sizeof(float), "x").register_gm(t, sizeof tiling, "tiling");
    launch.run(vec_bench, reinterpret_cast<uint8_t*>(x), t);
  });
}

// The bandwidth ceiling the copy kernel is compared with: glibc memcpy split over `threads` threads.
OPKIT_BENCH_API void opkit_bench_memcpy(uint8_t* dst, const uint8_t* src, uint64_t bytes, uint32_t threads) {
  std::vector<std::thread> pool;
  const uint64_t chunk = (bytes + threads - 1) / threads;
  for (uint32_t i = 0; i < threads; ++i) {
    const uint64_t begin = std::min(bytes, i * chunk), end = std::min(bytes, begin + chunk);
    pool.emplace_back([=] { std::memcpy(dst + begin, src + begin, end - begin); });
  }
  for (auto& t : pool) t.join();
}
