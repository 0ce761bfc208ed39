// Sort32: sort each run of 32 scores (descending) with their uint32 indices into (score, index) pairs.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "opkit/sim/vec/common.h"

namespace AscendC {

// dst gets 8 bytes per element: the score in the low bytes (half: bytes 0-1, bytes 2-3 zero; float: bytes 0-3) and
// its index in bytes 4-7; every repeat sorts 32 elements of src0 (and src1's 32 indices), descending, ties keeping
// their input order.
template <typename T>
void Sort32(const LocalTensor<T>& dstLocal, const LocalTensor<T>& src0Local, const LocalTensor<uint32_t>& src1Local,
            const int32_t repeatTimes, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "Sort32: T must be half or float");
  if (repeatTimes < 0 || repeatTimes > 255) {
    d::fault("Sort32", d::cat("repeatTimes ", repeatTimes, " is outside [0, 255]"), where);
  }
  const uint64_t n = uint64_t(repeatTimes) * 32;
  d::require_ub_operand("Sort32", "dst", dstLocal, n * 8, where);
  d::require_ub_operand("Sort32", "src0", src0Local, n * sizeof(T), where);
  d::require_ub_operand("Sort32", "src1", src1Local, n * sizeof(uint32_t), where);
  for (int32_t r = 0; r < repeatTimes; ++r) {
    uint32_t order[32];
    float score[32];
    for (uint32_t j = 0; j < 32; ++j) order[j] = j, score[j] = static_cast<float>(src0Local.opkit_addr[r * 32 + j]);
    std::stable_sort(order, order + 32, [&](uint32_t a, uint32_t b) { return score[a] > score[b]; });
    T vals[32];
    uint32_t idx[32];
    for (uint32_t j = 0; j < 32; ++j) vals[j] = src0Local.opkit_addr[r * 32 + order[j]],
                                      idx[j] = src1Local.opkit_addr[r * 32 + order[j]];
    auto* out = reinterpret_cast<uint8_t*>(dstLocal.opkit_addr) + uint64_t(r) * 32 * 8;
    for (uint32_t j = 0; j < 32; ++j) {
      std::memset(out + j * 8, 0, 4);
      std::memcpy(out + j * 8, static_cast<const void*>(&vals[j]), sizeof(T));
      std::memcpy(out + j * 8 + 4, &idx[j], 4);
    }
  }
}

}  // namespace AscendC
