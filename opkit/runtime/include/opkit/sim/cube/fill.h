// Fill (the older name InitConstValue) with InitConstValueParams: one value into a tensor in L1 (A1/B1, 32-byte
// blocks) or L0A/L0B (A2/B2, 512-byte blocks): repeatTimes iterations of blockNum blocks, dstGap blocks between one
// iteration's end and the next one's start; repeatTimes or blockNum 0 is a no-op (CANN's Fill page).
// LoadData2DParamsV2 is declared for the Ascend 950 (dav-3510) branches CANN's examples keep beside the dav-2201 code;
// loading with it is not simulated.
#pragma once

#include <cstdint>
#include <type_traits>

#include "opkit/sim/cube/operand.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/tensor.h"

namespace AscendC {

template <typename T>
struct InitConstValueParams {
  InitConstValueParams() = default;
  InitConstValueParams(uint16_t repeatTimesIn, uint16_t blockNumIn, uint16_t dstGapIn, T initValueIn)
      : repeatTimes(repeatTimesIn), blockNum(blockNumIn), dstGap(dstGapIn), initValue(initValueIn) {}
  InitConstValueParams(uint16_t repeatTimesIn, T initValueIn) : repeatTimes(repeatTimesIn), initValue(initValueIn) {}
  uint16_t repeatTimes = 0;
  uint16_t blockNum = 0;
  uint16_t dstGap = 0;
  T initValue = 0;
};

struct LoadData2DParamsV2 {
  LoadData2DParamsV2() = default;
  LoadData2DParamsV2(uint32_t mStartPositionIn, uint32_t kStartPositionIn, uint16_t mStepIn, uint16_t kStepIn,
                     int32_t srcStrideIn, uint16_t dstStrideIn, bool ifTransposeIn, uint8_t sidIn)
      : mStartPosition(mStartPositionIn), kStartPosition(kStartPositionIn), mStep(mStepIn), kStep(kStepIn),
        srcStride(srcStrideIn), dstStride(dstStrideIn), ifTranspose(ifTransposeIn), sid(sidIn) {}
  uint32_t mStartPosition = 0;
  uint32_t kStartPosition = 0;
  uint16_t mStep = 0;
  uint16_t kStep = 0;
  int32_t srcStride = 0;
  uint16_t dstStride = 0;
  bool ifTranspose = false;
  uint8_t sid = 0;
};

template <typename T, typename U = T>
void Fill(const LocalTensor<T>& dst, const InitConstValueParams<U>& p, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  static_assert(std::is_same_v<T, U>, "Fill: the InitConstValueParams value type must be the tensor's type");
  static_assert(sizeof(T) == 2 || sizeof(T) == 4,
                "Fill of L1/L0A/L0B: int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t or float");
  const char* api = "Fill";
  const d::Mem m = d::mem_of(dst.opkit_pos);
  if (m != d::Mem::L1 && m != d::Mem::L0A && m != d::Mem::L0B) {
    d::fault(api, d::cat("dst is a tensor at position ", d::position_name(dst.opkit_pos), " (", d::mem_name(m),
                         "); Fill with InitConstValueParams fills L1 (A1/B1), L0A (A2) or L0B (B2)"), where);
  }
  if (p.repeatTimes == 0 || p.blockNum == 0) return;
  const uint64_t block = m == d::Mem::L1 ? 32 : 512;
  const uint64_t bytes = ((uint64_t(p.repeatTimes) - 1) * (uint64_t(p.blockNum) + p.dstGap) + p.blockNum) * block;
  d::require_cube_operand(api, "dst", dst, m, bytes, where);
  const uint64_t per_block = block / sizeof(T);
  for (uint64_t r = 0; r < p.repeatTimes; ++r) {
    T* o = dst.opkit_addr + r * (uint64_t(p.blockNum) + p.dstGap) * per_block;
    for (uint64_t i = 0; i < uint64_t(p.blockNum) * per_block; ++i) o[i] = p.initValue;
  }
}

// CANN's older name of the same instruction.
template <typename T, typename U = T>
void InitConstValue(const LocalTensor<T>& dst, const InitConstValueParams<U>& p, OPKIT_SIM_HERE) {
  Fill(dst, p, where);
}

template <typename T>
void LoadData(const LocalTensor<T>&, const LocalTensor<T>&, const LoadData2DParamsV2&, OPKIT_SIM_HERE) {
  opkit::sim::detail::fault("LoadData", "LoadData2DParamsV2 (the Ascend 950 form) is not simulated; on dav-2201 "
                            "load with LoadData2DParams", where);
}

}  // namespace AscendC
