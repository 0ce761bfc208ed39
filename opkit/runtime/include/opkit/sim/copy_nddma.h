// The multi-dimensional GM -> UB copy (NDDMA, CANN's kernel_operator_data_copy_intf.h; Ascend 950 on CANN, computed on
// every profile here): DataCopy<T, dim, config>(dst, src, NdDmaParams<T, dim>{loopInfo, constantValue}). Dim k (0 the
// innermost) covers lp + size + rp destination positions a, `loopDstStride[k]` elements apart; position a holds source
// element a - lp (`loopSrcStride[k]` elements apart; stride 0 broadcasts) when it lies in [0, size), else padding:
// constantValue, or with isNearestValueMode the nearest source element of that dim. config.loopLpSize/loopRpSize, when
// set, replace every dim's padding. NdDmaDci (the NDDMA cache flush) has nothing to flush here.
// Included by copy.h before its catch-all DataCopy (signature.h); uses copy.h's helpers.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace AscendC {

struct NdDmaConfig {
  static constexpr uint16_t unsetPad = 0xffff;
  bool isNearestValueMode = false;
  uint16_t loopLpSize = unsetPad;
  uint16_t loopRpSize = unsetPad;
  bool ascOptimize = false;
};
using MultiCopyConfig = NdDmaConfig;
constexpr NdDmaConfig kDefaultNdDmaConfig = {false, NdDmaConfig::unsetPad, NdDmaConfig::unsetPad, false};
constexpr NdDmaConfig kDefaultMultiCopyConfig = kDefaultNdDmaConfig;

template <uint8_t dim>
struct MultiCopyLoopInfo {
  static_assert(dim >= 1 && dim <= 5, "MultiCopy Dims must be between 1 and 5.");
  uint64_t loopSrcStride[dim] = {0};
  uint32_t loopDstStride[dim] = {0};
  uint32_t loopSize[dim] = {0};
  uint8_t loopLpSize[dim] = {0};
  uint8_t loopRpSize[dim] = {0};
};
template <uint8_t dim>
using NdDmaLoopInfo = MultiCopyLoopInfo<dim>;

template <typename T, uint8_t dim>
struct MultiCopyParams {
  MultiCopyLoopInfo<dim> loopInfo;
  T constantValue;
};
template <typename T, uint8_t dim>
using NdDmaParams = MultiCopyParams<T, dim>;

inline void NdDmaDci() {}

template <typename T, uint8_t dim, const NdDmaConfig& config = kDefaultNdDmaConfig>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const MultiCopyParams<T, dim>& params,
              OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  const char* api = "DataCopy";
  d::check_cancelled(api, where);
  const MultiCopyLoopInfo<dim>& l = params.loopInfo;
  uint64_t lp[dim], rp[dim], extent[dim];
  uint64_t total = 1, src_need = 0, dst_need = 0;
  for (int k = 0; k < dim; ++k) {
    lp[k] = config.loopLpSize != NdDmaConfig::unsetPad ? config.loopLpSize : l.loopLpSize[k];
    rp[k] = config.loopRpSize != NdDmaConfig::unsetPad ? config.loopRpSize : l.loopRpSize[k];
    if (l.loopSize[k] == 0) d::fault(api, d::cat("loopSize[", k, "] is 0 (CANN: [1, 2^20))"), where);
    extent[k] = lp[k] + l.loopSize[k] + rp[k];
    total *= extent[k];
    src_need += (l.loopSize[k] - 1) * l.loopSrcStride[k];
    dst_need += (extent[k] - 1) * uint64_t(l.loopDstStride[k]);
  }
  d::require_local_operand(api, "dst", dst, (dst_need + 1) * sizeof(T), where);
  const uint8_t* end = d::check_gm_read(api, src.opkit_addr, (src_need + 1) * sizeof(T), where, src.opkit_base);
  uint64_t a[dim] = {};
  for (uint64_t n = 0; n < total; ++n) {
    uint64_t d_off = 0, s_off = 0;
    bool pad = false;
    for (int k = 0; k < dim; ++k) {
      d_off += a[k] * l.loopDstStride[k];
      int64_t s = int64_t(a[k]) - int64_t(lp[k]);
      if (s < 0 || s >= int64_t(l.loopSize[k])) {
        pad = true;
        s = std::clamp<int64_t>(s, 0, int64_t(l.loopSize[k]) - 1);
      }
      s_off += uint64_t(s) * l.loopSrcStride[k];
    }
    T v = params.constantValue;
    if (!pad || config.isNearestValueMode) d::read_gm_clipped(&v, src.opkit_addr + s_off, sizeof(T), end);
    dst.opkit_addr[d_off] = v;
    for (int k = 0; k < dim && ++a[k] == extent[k]; ++k) a[k] = 0;
  }
}

}  // namespace AscendC
