// Transpose and TransDataTo5HD (CANN's kernel_operator_vec_transpose_intf.h, kernel_struct_transpose.h).
//   Transpose(dst, src): one 16x16 matrix of 2-byte elements, dst = src.T.
//   Transpose(dst, src, sharedTmpBuffer, TransposeParamsExt): TRANSPOSE_ND2ND_B16 (the 16x16 one, uint16_t on
//     910B), TRANSPOSE_NCHW2NHWC and TRANSPOSE_NHWC2NCHW (CANN's numpy reference: np.transpose with axes
//     (0,2,3,1) / (0,3,1,2)); sharedTmpBuffer must hold CANN's documented size. Other TransposeTypes fault.
//   TransDataTo5HD(dstList, srcList, params): per repeat, 16 source data blocks (32 B) give 16 destination blocks,
//     16-bit: dst block i element j = src block j element i. 32-bit (8 per block): element i of blocks 0-7 fills
//     dst block 2i, of blocks 8-15 dst block 2i+1 (a (16, 8) matrix becomes (8, 16)). 8-bit (32 per block):
//     element i (i + 16 with srcHighHalf) of the 16 blocks fills the low (high with dstHighHalf) half of dst
//     block i; its other half is left alone.
//     Repeat r reads/writes r * RepStride blocks past the listed addresses; with repeatTimes 1 the stride is still
//     added once, as CANN documents.
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

#include "opkit/sim/vec/common.h"

namespace AscendC {

enum class TransposeType : uint8_t {
  TRANSPOSE_TYPE_NONE,
  TRANSPOSE_NZ2ND_0213,
  TRANSPOSE_NZ2NZ_0213,
  TRANSPOSE_NZ2NZ_012_WITH_N,
  TRANSPOSE_NZ2ND_012_WITH_N,
  TRANSPOSE_NZ2ND_012_WITHOUT_N,
  TRANSPOSE_NZ2NZ_012_WITHOUT_N,
  TRANSPOSE_ND2ND_ONLY,
  TRANSPOSE_ND_UB_GM,
  TRANSPOSE_GRAD_ND_UB_GM,
  TRANSPOSE_ND2ND_B16,
  TRANSPOSE_NCHW2NHWC,
  TRANSPOSE_NHWC2NCHW,
  TRANSPOSE_ND2ND_021,
  TRANSPOSE_ND2ND_102,
  TRANSPOSE_ND2ND_210,
  TRANSPOSE_ND2NZ_WITH_INTLV,
};

struct TransDataTo5HDParams {
  constexpr TransDataTo5HDParams() = default;
  constexpr TransDataTo5HDParams(const bool dstHighHalfIn, const bool srcHighHalfIn, const uint8_t repeatTimesIn,
                                 const uint16_t dstRepStrideIn, const uint16_t srcRepStrideIn)
      : dstHighHalf(dstHighHalfIn), srcHighHalf(srcHighHalfIn), repeatTimes(repeatTimesIn),
        dstRepStride(dstRepStrideIn), srcRepStride(srcRepStrideIn) {}
  bool dstHighHalf = false;
  bool srcHighHalf = false;
  uint8_t repeatTimes = 1;
  uint16_t dstRepStride = 0;
  uint16_t srcRepStride = 0;
};

struct TransposeParamsExt {
  constexpr TransposeParamsExt() = default;
  constexpr TransposeParamsExt(const uint16_t nSizeIn, const uint16_t cSizeIn, const uint16_t hSizeIn,
                               const uint16_t wSizeIn, const TransposeType transposeTypeIn)
      : nSize(nSizeIn), cSize(cSizeIn), hSize(hSizeIn), wSize(wSizeIn), transposeType(transposeTypeIn) {}
  uint16_t nSize = 0;
  uint16_t cSize = 0;
  uint16_t hSize = 0;
  uint16_t wSize = 0;
  TransposeType transposeType = TransposeType::TRANSPOSE_ND2ND_B16;
};

constexpr int32_t NCHW_CONV_ADDR_LIST_SIZE = 16;

}  // namespace AscendC

namespace opkit::sim::detail {

template <typename T>
void transpose16(const char* api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                 const SourceLoc& where) {
  require_ub_operand(api, "src", src, 256 * sizeof(T), where);
  require_ub_operand(api, "dst", dst, 256 * sizeof(T), where);
  const std::vector<T> in(src.opkit_addr, src.opkit_addr + 256);
  for (int r = 0; r < 16; ++r) {
    for (int c = 0; c < 16; ++c) dst.opkit_addr[c * 16 + r] = in[r * 16 + c];
  }
}

// The UB byte offset a TransDataTo5HD list entry names (a GetPhyAddr value), checked to hold `bytes` from there.
inline uint8_t* ub_list_entry(const char* api, const char* list, int i, uint64_t addr, uint64_t bytes,
                              const SourceLoc& where) {
  const BlockContext& c = current_block();
  auto* p = reinterpret_cast<uint8_t*>(static_cast<uintptr_t>(addr));
  if (c.ub_base == nullptr || p < c.ub_base || p + bytes > c.ub_base + c.ub_size) {
    fault(api, cat(list, "[", i, "] (", static_cast<void*>(p), ") with ", bytes, " bytes is not inside this "
                   "block's Unified Buffer: pass GetPhyAddr() of a LocalTensor"), where);
  }
  if ((p - c.ub_base) % 32 != 0) fault(api, cat(list, "[", i, "] is not 32-byte aligned"), where);
  return p;
}

}  // namespace opkit::sim::detail

namespace AscendC {

template <typename T>
void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src, OPKIT_SIM_HERE) {
  static_assert(opkit::sim::detail::one_of_v<T, int16_t, uint16_t, half>,
                "Transpose (16x16) supports int16_t, uint16_t and half");
  opkit::sim::detail::transpose16("Transpose", dst, src, where);
}

template <typename T>
void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& sharedTmpBuffer,
               const TransposeParamsExt& transposeParams, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  static_assert(d::one_of_v<T, int8_t, uint8_t, int16_t, uint16_t, half, int32_t, uint32_t, float>,
                "Transpose (TransposeParamsExt) supports int8_t, uint8_t, int16_t, uint16_t, half, int32_t, uint32_t "
                "and float");
  const char* api = "Transpose";
  const TransposeParamsExt& p = transposeParams;
  if (p.transposeType == TransposeType::TRANSPOSE_ND2ND_B16) {
    if constexpr (sizeof(T) != 2) {
      d::fault(api, "TRANSPOSE_ND2ND_B16 transposes 2-byte elements (uint16_t on " OPKIT_SOC_NAME ")", where);
    } else {
      d::transpose16(api, dst, src, where);
    }
    return;
  }
  const bool to_nhwc = p.transposeType == TransposeType::TRANSPOSE_NCHW2NHWC;
  if (!to_nhwc && p.transposeType != TransposeType::TRANSPOSE_NHWC2NCHW) {
    d::fault(api, d::cat("transposeType ", int(p.transposeType), " is not supported here (CANN's Transpose takes "
                         "TRANSPOSE_ND2ND_B16, TRANSPOSE_NCHW2NHWC and TRANSPOSE_NHWC2NCHW)"), where);
  }
  const uint64_t n = p.nSize, c = p.cSize, hw = uint64_t(p.hSize) * p.wSize;
  if (c > 4095 || hw > 4095) {
    d::fault(api, d::cat("cSize ", c, " or hSize * wSize ", hw, " is outside [0, 4095]"), where);
  }
  if (hw * sizeof(T) % 32 != 0) {
    d::fault(api, d::cat("hSize * wSize * sizeof(T) = ", hw * sizeof(T), " bytes is not 32-byte aligned"), where);
  }
  const uint64_t h0 = sizeof(T) == 1 ? 32 : 16, w0 = 32 / sizeof(T);
  const uint64_t need = (to_nhwc ? c + 2 : c * 2 + 1) * h0 * w0 * sizeof(T);
  const uint64_t total = n * c * hw;
  if (total == 0) return;
  d::require_ub_operand(api, "sharedTmpBuffer", sharedTmpBuffer, need, where);
  d::require_ub_operand(api, "src", src, total * sizeof(T), where);
  d::require_ub_operand(api, "dst", dst, total * sizeof(T), where);
  const std::vector<T> in(src.opkit_addr, src.opkit_addr + total);
  for (uint64_t b = 0; b < n; ++b) {
    for (uint64_t ci = 0; ci < c; ++ci) {
      for (uint64_t x = 0; x < hw; ++x) {
        const uint64_t nchw = (b * c + ci) * hw + x, nhwc = (b * hw + x) * c + ci;
        if (to_nhwc) dst.opkit_addr[nhwc] = in[nchw];
        else dst.opkit_addr[nchw] = in[nhwc];
      }
    }
  }
}

template <typename T>
void TransDataTo5HD(uint64_t dstList[NCHW_CONV_ADDR_LIST_SIZE], uint64_t srcList[NCHW_CONV_ADDR_LIST_SIZE],
                    const TransDataTo5HDParams& nchwconvParams, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  static_assert(d::one_of_v<T, int8_t, uint8_t, int16_t, uint16_t, half, int32_t, uint32_t, float>,
                "TransDataTo5HD: T must be int8_t, uint8_t, int16_t, uint16_t, half, int32_t, uint32_t or float");
  const char* api = "TransDataTo5HD";
  const TransDataTo5HDParams& p = nchwconvParams;
  const uint32_t repeats = p.repeatTimes;
  constexpr int kSize = static_cast<int>(sizeof(T));
  std::vector<uint8_t*> dst_at(16 * repeats);
  std::vector<uint8_t> in(512 * repeats);  // repeat r, source block j: in[(r * 16 + j) * 32 ...]
  for (uint32_t r = 0; r < repeats; ++r) {
    const uint64_t step = repeats == 1 ? 1 : r;  // CANN: with repeatTimes 1 the RepStride is added once
    for (int j = 0; j < 16; ++j) {
      const uint8_t* s = d::ub_list_entry(api, "srcList", j, srcList[j] + step * p.srcRepStride * 32, 32, where);
      std::memcpy(in.data() + (r * 16 + j) * 32, s, 32);
      dst_at[r * 16 + j] = d::ub_list_entry(api, "dstList", j, dstList[j] + step * p.dstRepStride * 32, 32, where);
    }
  }
  for (uint32_t r = 0; r < repeats; ++r) {
    const uint8_t* blk = in.data() + r * 512;
    if constexpr (kSize == 1) {  // element i (+16 from the high half) of the 16 blocks -> half of dst block i
      const int from = p.srcHighHalf ? 16 : 0, to = p.dstHighHalf ? 16 : 0;
      for (int i = 0; i < 16; ++i) {
        for (int j = 0; j < 16; ++j) dst_at[r * 16 + i][to + j] = blk[j * 32 + from + i];
      }
    } else if constexpr (kSize == 2) {  // element i of the 16 blocks -> dst block i
      for (int i = 0; i < 16; ++i) {
        for (int j = 0; j < 16; ++j) std::memcpy(dst_at[r * 16 + i] + j * 2, blk + j * 32 + i * 2, 2);
      }
    } else {  // element i of blocks 0-7 -> dst block 2i, of blocks 8-15 -> dst block 2i+1: (16, 8) -> (8, 16)
      for (int i = 0; i < 8; ++i) {
        for (int j = 0; j < 16; ++j) {
          std::memcpy(dst_at[r * 16 + 2 * i + j / 8] + (j % 8) * 4, blk + j * 32 + i * 4, 4);
        }
      }
    }
  }
}

template <typename T>
void TransDataTo5HD(const LocalTensor<T> (&dstList)[NCHW_CONV_ADDR_LIST_SIZE],
                    const LocalTensor<T> (&srcList)[NCHW_CONV_ADDR_LIST_SIZE],
                    const TransDataTo5HDParams& nchwconvParams, OPKIT_SIM_HERE) {
  uint64_t dst[NCHW_CONV_ADDR_LIST_SIZE], src[NCHW_CONV_ADDR_LIST_SIZE];
  for (int i = 0; i < NCHW_CONV_ADDR_LIST_SIZE; ++i) {
    dst[i] = reinterpret_cast<uint64_t>(dstList[i].GetPhyAddr());
    src[i] = reinterpret_cast<uint64_t>(srcList[i].GetPhyAddr());
  }
  TransDataTo5HD<T>(dst, src, nchwconvParams, where);
}

template <typename T>
void TransDataTo5HD(const LocalTensor<uint64_t>& dst, const LocalTensor<uint64_t>& src,
                    const TransDataTo5HDParams& nchwconvParams, OPKIT_SIM_HERE) {
  opkit::sim::detail::require_ub_operand("TransDataTo5HD", "dst", dst, 16 * 8, where);
  opkit::sim::detail::require_ub_operand("TransDataTo5HD", "src", src, 16 * 8, where);
  TransDataTo5HD<T>(dst.opkit_addr, src.opkit_addr, nchwconvParams, where);
}

}  // namespace AscendC
