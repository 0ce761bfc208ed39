// Two baselines for the add kernel that use no Ascend C API beyond GetBlockIdx and the tiling: launched through the
// same simulator launch (same thread pool, same block split, same tiles), they separate what the simulator's API
// costs from what the kernel's data movement costs on a CPU.
//  - staged_floor moves every tile GM -> a per-thread buffer -> GM with memcpy and adds in between with the same
//    vector loop as AscendC::Add: the cheapest possible rendering of the kernel's GM -> UB -> GM staging.
//  - fused_floor is the loop torch runs: z = x + y straight from GM to GM, with nothing staged.
#include <cstring>
#include <vector>

#include "kernel_operator.h"
#include "kernel_tiling.h"

namespace {

struct BlockRange {
  uint32_t start, length;
};

BlockRange block_range(const AddTiling& t) {
  const uint32_t start = t.blockLength * static_cast<uint32_t>(AscendC::GetBlockIdx());
  const uint32_t left = start >= t.totalLength ? 0 : t.totalLength - start;
  return {start, left < t.blockLength ? left : t.blockLength};
}

const AddTiling& tiling_of(GM_ADDR tiling) { return *reinterpret_cast<const AddTiling*>(tiling); }

}  // namespace

extern "C" void staged_floor(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR, GM_ADDR tiling) {
  const AddTiling& t = tiling_of(tiling);
  const BlockRange r = block_range(t);
  // Three double-buffered tiles, as the add kernel's queues lay them out in UB.
  static thread_local std::vector<float> ub;
  ub.resize(6 * size_t(t.tileLength));
  const auto* xs = reinterpret_cast<const float*>(x) + r.start;
  const auto* ys = reinterpret_cast<const float*>(y) + r.start;
  auto* zs = reinterpret_cast<float*>(z) + r.start;
  uint32_t slot = 0;
  for (uint32_t offset = 0; offset < r.length; offset += t.tileLength, slot ^= 1) {
    const uint32_t count = r.length - offset < t.tileLength ? r.length - offset : t.tileLength;
    float* ux = ub.data() + slot * size_t(t.tileLength);
    float* uy = ux + 2 * size_t(t.tileLength);
    float* uz = uy + 2 * size_t(t.tileLength);
    std::memcpy(ux, xs + offset, count * sizeof(float));
    std::memcpy(uy, ys + offset, count * sizeof(float));
    opkit::sim::detail::map_binary_plain(uz, ux, uy, count, [](float a, float b) { return a + b; });
    std::memcpy(zs + offset, uz, count * sizeof(float));
  }
}

extern "C" void fused_floor(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR, GM_ADDR tiling) {
  const BlockRange r = block_range(tiling_of(tiling));
  const auto* xs = reinterpret_cast<const float*>(x) + r.start;
  const auto* ys = reinterpret_cast<const float*>(y) + r.start;
  opkit::sim::detail::map_binary_plain(reinterpret_cast<float*>(z) + r.start, xs, ys, r.length,
                                    [](float a, float b) { return a + b; });
}
