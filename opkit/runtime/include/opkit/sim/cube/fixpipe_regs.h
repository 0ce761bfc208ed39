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

// nz2ndEn: ND rows dstStride elements apart (and SetFixpipeNz2ndFlag's matrices); otherwise NZ out, dstStride 32-byte
// blocks between column blocks. reluPre != 0: ReLU. A per-channel quantPre reads SetFixPipeConfig's words.
template <typename T, typename U>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<U>& src, const DataCopyCO12DstParams& p, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  const d::FixpipeRegs& r = d::fixpipe_regs();
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
