// The split plans of CANN's deprecated Gemm and Conv2D (GetGemmTiling, GetConv2dTiling; kernel_struct_conv2d.h's
// structs): M and N in one iteration, K in tiles that fill half of L0A and L0B. Gemm and Conv2D themselves are not
// simulated; CANN declares both planners [[deprecated]], and so does this header.
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "opkit/sim/cube/memory.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/numeric.h"

namespace AscendC {

enum class LoopMode : uint8_t { MODE_NM = 0, MODE_MN = 1, MODE_KM = 2, MODE_KN = 3 };

inline constexpr int32_t CONV2D_IMG_SIZE = 2;
inline constexpr int32_t CONV2D_KERNEL_SIZE = 2;
inline constexpr int32_t CONV2D_STRIDE = 2;
inline constexpr int32_t CONV2D_PAD = 4;
inline constexpr int32_t CONV2D_DILATION = 2;

struct GemmTiling {
  GemmTiling() {}
  const uint32_t blockSize = 16;
  LoopMode loopMode = LoopMode::MODE_NM;
  uint32_t mNum = 0, nNum = 0, kNum = 0;
  uint32_t roundM = 0, roundN = 0, roundK = 0;
  uint32_t c0Size = 32;
  uint32_t dtypeSize = 1;
  uint32_t mBlockNum = 0, nBlockNum = 0, kBlockNum = 0;
  uint32_t mIterNum = 1, nIterNum = 1, kIterNum = 1;
  uint32_t mTileBlock = 0, nTileBlock = 0, kTileBlock = 0;
  uint32_t kTailBlock = 0, mTailBlock = 0, nTailBlock = 0;
  bool kHasTail = false, mHasTail = false, nHasTail = false;
  bool kHasTailEle = false;
  uint32_t kTailEle = 0;
};

struct Conv2dParams {
  Conv2dParams() {}
  Conv2dParams(const uint32_t imgShapeIn[CONV2D_IMG_SIZE], const uint32_t kernelShapeIn[CONV2D_KERNEL_SIZE],
               const uint32_t strideIn[CONV2D_STRIDE], const uint32_t cinIn, const uint32_t coutIn,
               const uint32_t padListIn[CONV2D_PAD], const uint32_t dilationIn[CONV2D_DILATION], const uint32_t initYIn,
               const bool partialSumIn)
      : cin(cinIn), cout(coutIn), initY(initYIn), partialSum(partialSumIn) {
    for (int32_t i = 0; i < 2; ++i) {
      imgShape[i] = imgShapeIn[i];
      kernelShape[i] = kernelShapeIn[i];
      stride[i] = strideIn[i];
      dilation[i] = dilationIn[i];
    }
    for (int32_t i = 0; i < CONV2D_PAD; ++i) padList[i] = padListIn[i];
  }
  uint32_t imgShape[CONV2D_IMG_SIZE] = {0};        // [H, W]
  uint32_t kernelShape[CONV2D_KERNEL_SIZE] = {0};  // [Kh, Kw]
  uint32_t stride[CONV2D_STRIDE] = {0};            // [stride_h, stride_w]
  uint32_t cin = 0;                                // C1 * C0
  uint32_t cout = 0;
  uint32_t padList[CONV2D_PAD] = {0};              // [left, right, top, bottom]
  uint32_t dilation[CONV2D_DILATION] = {0};        // [dilation_h, dilation_w]
  uint32_t initY = 0;
  bool partialSum = false;
};

struct Conv2dTilling {
  const uint32_t blockSize = 16;
  LoopMode loopMode = LoopMode::MODE_NM;
  uint32_t c0Size = 32;
  uint32_t dTypeSize = 1;
  uint32_t strideH = 0, strideW = 0, dilationH = 0, dilationW = 0;
  uint32_t hi = 0, wi = 0, ho = 0, wo = 0;
  uint32_t height = 0, width = 0, howo = 0;
  uint32_t mNum = 0, nNum = 0, kNum = 0;
  uint32_t mBlockNum = 0, kBlockNum = 0, nBlockNum = 0;
  uint32_t roundM = 0, roundN = 0, roundK = 0;
  uint32_t mTileBlock = 0, nTileBlock = 0, kTileBlock = 0;
  uint32_t mIterNum = 0, nIterNum = 0, kIterNum = 0;
  uint32_t mTileNums = 0;
  bool mHasTail = false, nHasTail = false, kHasTail = false;
  uint32_t kTailBlock = 0, mTailBlock = 0, nTailBlock = 0;
  uint32_t mTailNums = 0;
};

}  // namespace AscendC

namespace opkit::sim::detail {

inline uint32_t ceil_div(uint32_t a, uint32_t b) { return b == 0 ? 0 : (a + b - 1) / b; }

// The plan both share: M and N rounded up to 16-row blocks, K to c0 elements (a 32-byte row); a K tile is the most
// c0 columns of the rounded M (N) that fit half of L0A (L0B), at least one and at most K; M and N take one iteration.
template <class Tiling>
void plan_cube_split(Tiling& t, uint32_t dtype_size) {
  t.mBlockNum = ceil_div(t.mNum, t.blockSize);
  t.nBlockNum = ceil_div(t.nNum, t.blockSize);
  t.kBlockNum = ceil_div(t.kNum, t.c0Size);
  t.roundM = t.mBlockNum * t.blockSize;
  t.roundN = t.nBlockNum * t.blockSize;
  t.roundK = t.kBlockNum * t.c0Size;
  const uint32_t half_a = AscendC::TOTAL_L0A_SIZE / 2, half_b = AscendC::TOTAL_L0B_SIZE / 2;
  uint32_t k0 = std::min(half_a / (t.roundM * dtype_size), half_b / (t.roundN * dtype_size));
  k0 = std::min(k0, t.kNum);
  t.kTileBlock = std::max(k0 / t.c0Size, 1u);
  t.mIterNum = 1;
  t.nIterNum = 1;
  t.kIterNum = ceil_div(t.kBlockNum, t.kTileBlock);
  t.mTileBlock = t.mBlockNum;
  t.nTileBlock = t.nBlockNum;
  t.kTailBlock = t.kBlockNum - (t.kIterNum - 1) * t.kTileBlock;
  t.mTailBlock = t.mBlockNum;
  t.nTailBlock = t.nBlockNum;
}

// c0 (elements of a 32-byte row) and the element size of the left/feature-map type: int8 32 x 1 B, half 16 x 2 B.
template <typename T>
constexpr uint32_t cube_c0() { return std::is_same_v<T, int8_t> || std::is_same_v<T, uint8_t> ? 32 : 16; }

}  // namespace opkit::sim::detail

namespace AscendC {

// T: the left matrix's type (int8_t or half).
template <typename T>
[[deprecated("NOTICE: GetGemmTiling has been deprecated and will be removed in the next version. Please do not use "
             "it!")]] GemmTiling GetGemmTiling(uint32_t m, uint32_t k, uint32_t n) {
  namespace d = opkit::sim::detail;
  GemmTiling t;
  t.c0Size = d::cube_c0<T>();
  t.dtypeSize = t.c0Size == 32 ? 1 : 2;
  t.mNum = m;
  t.nNum = n;
  t.kNum = k;
  t.loopMode = LoopMode::MODE_NM;
  d::plan_cube_split(t, t.dtypeSize);
  t.kHasTail = t.kTailBlock != t.kTileBlock;
  t.kHasTailEle = t.roundK != t.kNum;
  t.kTailEle = t.kNum % (t.kTileBlock * t.c0Size);
  t.mHasTail = t.mNum != t.mTileBlock * t.blockSize;
  t.nHasTail = t.nTileBlock != t.nTailBlock;
  return t;
}

// T: the feature map's type (int8_t or half; another type leaves c0Size and dTypeSize 0, as CANN does).
template <typename T>
[[deprecated("NOTICE: GetConv2dTiling has been deprecated and will be removed in the next version. Please do not "
             "use it!")]] Conv2dTilling GetConv2dTiling(Conv2dParams& conv2dParams, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  for (int i = 0; i < 2; ++i) {
    if (conv2dParams.stride[i] == 0 || conv2dParams.dilation[i] == 0 || conv2dParams.kernelShape[i] == 0) {
      d::fault("GetConv2dTiling", "stride, dilation and kernelShape must be at least 1 in both dimensions", where);
    }
  }
  Conv2dTilling t;
  const bool known = std::is_same_v<T, int8_t> || std::is_same_v<T, half>;
  t.c0Size = known ? d::cube_c0<T>() : 0;
  t.dTypeSize = known ? (t.c0Size == 32 ? 1 : 2) : 0;
  t.loopMode = LoopMode::MODE_NM;
  const Conv2dParams& p = conv2dParams;
  t.strideH = p.stride[0];
  t.strideW = p.stride[1];
  t.dilationH = p.dilation[0];
  t.dilationW = p.dilation[1];
  t.hi = p.imgShape[0];
  t.wi = p.imgShape[1];
  t.height = p.kernelShape[0];
  t.width = p.kernelShape[1];
  // Output rows and columns: the padded input over the dilated kernel, every stride-th position.
  t.ho = (t.hi + p.padList[2] + p.padList[3] - t.dilationH * (t.height - 1) - 1) / t.strideH + 1;
  t.wo = (t.wi + p.padList[0] + p.padList[1] - t.dilationW * (t.width - 1) - 1) / t.strideW + 1;
  t.howo = t.ho * t.wo;
  t.mNum = t.howo;
  t.nNum = p.cout;
  t.kNum = p.cin * t.height * t.width;
  if (!known) return t;
  d::plan_cube_split(t, t.dTypeSize);
  t.mTileNums = t.mTileBlock * t.blockSize;
  t.mHasTail = t.howo != t.mIterNum * t.mTileBlock * t.blockSize;
  t.kHasTail = t.kBlockNum < t.kIterNum * t.kTileBlock;
  t.nHasTail = t.nBlockNum < t.nIterNum * t.nTileBlock;
  t.mTailNums = t.howo - (t.mIterNum - 1) * t.mTileBlock * t.blockSize;
  return t;
}

}  // namespace AscendC
