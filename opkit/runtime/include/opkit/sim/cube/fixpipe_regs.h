// The register form of Fixpipe: DataCopy(GM, L0C, DataCopyCO12DstParams) with the settings made beforehand by
// SetFixpipePreQuantFlag (the scalar quantisation word), SetFixPipeConfig (per-channel words) and SetFixpipeNz2ndFlag.
#pragma once

#include <cstdint>

#include "opkit/sim/cube/fixpipe.h"

namespace AscendC {

struct DataCopyCO12DstParams {
  DataCopyCO12DstParams() = default;
  uint8_t sid = 0;
  uint16_t nSize = 0;
  uint16_t mSize = 0;
  uint32_t dstStride = 0;
  uint16_t srcStride = 0;
  uint8_t unitFlag = 0;
  uint8_t clipReluPre = 0;
  uint8_t eltWiseOp = 0;
  QuantMode_t quantPre = QuantMode_t::NoQuant;
  uint8_t reluPre = 0;
  bool channelSplit = false;
  bool nz2ndEn = false;
};

inline void SetFixpipePreQuantFlag(uint64_t config) { opkit::sim::detail::fixpipe_regs().pre_quant = config; }

inline void SetFixpipeNz2ndFlag(uint16_t ndNum, uint16_t srcNdStride, uint16_t dstNdStride) {
  auto& r = opkit::sim::detail::fixpipe_regs();
  r.nd_num = ndNum;
  r.src_nd_stride = srcNdStride;
  r.dst_nd_stride = dstNdStride;
}

// The Atlas 200I/500 A2's (310B) ClipReLU maximum and element-wise operand of the fixpipe after its quantisation; CANN
// reports both unsupported on the other SoCs. They are checked and kept; the DataCopy below refuses to use them.
#if OPKIT_SOC_ARCH == 3002
inline void SetFixPipeClipRelu(uint64_t config, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  const uint64_t bits = config & 0xFFFF, exponent = (bits >> 10) & 0x1F;
  if (bits != config || bits == 0 || (bits & 0x8000) != 0 || exponent == 0x1F) {
    d::fault("SetFixPipeClipRelu", d::cat("config ", config, ": the ClipReLU maximum is a positive finite half in "
                                          "bits 0-15"), where);
  }
  d::fixpipe_regs().clip_relu = config;
}
#else
template <typename T = void>
void SetFixPipeClipRelu(uint64_t) {
  static_assert(opkit::sim::detail::always_false_v<T>,
                "SetFixPipeClipRelu is available on Ascend310B only; this kernel is compiled for " OPKIT_SOC_NAME);
}
#endif

template <typename T>
void SetFixPipeAddr(const LocalTensor<T>& eleWiseData, uint16_t c0ChStride, OPKIT_SIM_HERE) {
  static_assert(OPKIT_SOC_ARCH == 3002 || opkit::sim::detail::always_false_v<T>,
                "SetFixPipeAddr is available on Ascend310B only; this kernel is compiled for " OPKIT_SOC_NAME);
  static_assert(std::is_same_v<T, half>, "SetFixPipeAddr: eleWiseData is a half tensor");
  namespace d = opkit::sim::detail;
  d::require_cube_operand("SetFixPipeAddr", "eleWiseData", eleWiseData, d::Mem::L1, 32, where);
  d::FixpipeRegs& r = d::fixpipe_regs();
  r.elt_wise = eleWiseData.opkit_addr;
  r.elt_wise_stride = c0ChStride;
}

// nz2ndEn: ND rows dstStride elements apart (and SetFixpipeNz2ndFlag's matrices); otherwise NZ out, dstStride 32-byte
// blocks between column blocks. reluPre != 0: ReLU. A per-channel quantPre reads SetFixPipeConfig's words.
template <typename T, typename U>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<U>& src, const DataCopyCO12DstParams& p, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  const d::FixpipeRegs& r = d::fixpipe_regs();
  if (p.clipReluPre != 0 || p.eltWiseOp != 0) {
    d::fault("DataCopy(DataCopyCO12DstParams)", "clipReluPre and eltWiseOp (the 310B's ClipReLU and element-wise "
                                                "stages) are not simulated", where);
  }
  FixpipeParamsV220 f;
  f.nSize = p.nSize;
  f.mSize = p.mSize;
  f.srcStride = p.srcStride;
  f.dstStride = p.dstStride;
  f.quantPre = p.quantPre;
  f.deqScalar = r.pre_quant;
  f.reluEn = p.reluPre != 0;
  f.isChannelSplit = p.channelSplit;
  f.ndNum = p.nz2ndEn ? r.nd_num : 1;
  f.srcNdStride = r.src_nd_stride;
  f.dstNdStride = r.dst_nd_stride;
  const uint64_t* words = nullptr;
  if (d::is_vector_quant(p.quantPre)) {
    if (r.channel_quant == nullptr) {
      d::fault("DataCopy(DataCopyCO12DstParams)", "a per-channel quantPre needs SetFixPipeConfig(tensor of uint64_t "
                                                  "quantisation words) first", where);
    }
    words = r.channel_quant;
  }
  if (p.nz2ndEn) {
    d::fixpipe_gm<T, U, CFG_ROW_MAJOR>(dst, src, f, words, where);
  } else {
    d::fixpipe_gm<T, U, CFG_NZ>(dst, src, f, words, where);
  }
}

}  // namespace AscendC
