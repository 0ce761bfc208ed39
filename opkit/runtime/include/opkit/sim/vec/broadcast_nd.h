// Ascend 950's N-dimensional Broadcast with a tiling (CANN's adv_api/pad/broadcast.h, broadcast_utils.h):
//   GetBroadcastTilingInfo<T>(rank, dstShape, srcShape, srcInnerPad, tiling) fills BroadcastTiling as CANN does:
//     the original shapes, then (constRank -1 or > 4) runs of broadcast axes (src 1, dst not) and runs of equal axes
//     each fused into one; 64-bit types counted as pairs of 32-bit lanes; row-major strides, a broadcast axis
//     taking src stride 0.
//   Broadcast<T, ...>(dst, src, dstShape, srcShape, &tiling): numpy broadcasting of src (oriSrcShape) to dst
//     (oriDstShape), rank 1 to 9.
// CANN compiles both to nothing on other SoCs; here they fault there, naming the SoC.
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

#include "opkit/sim/vec/common.h"

namespace AscendC {

struct BroadcastTiling {
  uint32_t oriRank;
  uint32_t rank;
  uint32_t dstSize;
  uint32_t srcSize;
  uint32_t loopNum = 0;
  uint32_t oriSrcShape[9];
  uint32_t oriDstShape[9];
  uint32_t dstShape[9];
  uint32_t dstStride[9];
  uint32_t srcStride[10];
};

}  // namespace AscendC

namespace opkit::sim::detail {

inline void require_broadcast_nd_soc(const char* api, const SourceLoc& where) {
  if (OPKIT_SOC_ARCH != 3510) {
    fault(api, cat(api, " with a BroadcastTiling exists on Ascend950 only; CANN compiles it to nothing on "
                   OPKIT_SOC_NAME " (use Broadcast<T, dim, axis> there)"), where);
  }
}

inline void broadcast_tiling(uint32_t rank, const uint32_t* dst_shape, const uint32_t* src_shape, bool fuse,
                             uint32_t elem_bytes, AscendC::BroadcastTiling& t, const SourceLoc& where) {
  constexpr uint32_t kMax = 9;
  if (rank < 1 || rank > kMax) fault("GetBroadcastTilingInfo", cat("rank ", rank, " is outside [1, 9]"), where);
  uint32_t dst[kMax], src[kMax], src_size = 1, dst_size = 1;
  for (uint32_t i = 0; i < rank; ++i) {
    if (src_shape[i] != 1 && src_shape[i] != dst_shape[i]) {
      fault("GetBroadcastTilingInfo", cat("axis ", i, ": srcShape ", src_shape[i], " does not broadcast to dstShape ",
                                          dst_shape[i]), where);
    }
    t.oriDstShape[i] = dst[i] = dst_shape[i];
    t.oriSrcShape[i] = src[i] = src_shape[i];
    src_size *= src_shape[i];
    dst_size *= dst_shape[i];
  }
  t.oriRank = rank;
  if (fuse) {  // a run of broadcast axes (src 1, dst not) or of equal axes becomes one axis; the rest of the 9 are 1
    uint32_t n = 0;
    bool last_brc = false;
    for (uint32_t i = 0; i < t.oriRank; ++i) {
      const bool brc = src[i] == 1 && dst[i] != 1;
      const uint32_t size = dst[i];
      if (n > 0 && brc == last_brc) {
        dst[n - 1] *= size;
        src[n - 1] = brc ? 1 : dst[n - 1];
      } else {
        dst[n] = size;
        src[n] = brc ? 1 : size;
        ++n;
      }
      last_brc = brc;
    }
    rank = n;
    for (uint32_t i = n; i < kMax; ++i) dst[i] = src[i] = 1;
  }
  if (elem_bytes == 8 && src_size != dst_size) {  // 64-bit elements move as two 32-bit lanes
    if (src[rank - 1] == 1 && dst[rank - 1] != 1) {
      if (rank < kMax) {
        dst[rank] = src[rank] = 2;
        ++rank;
      } else {
        t.loopNum = dst[0];
      }
    } else {
      src[rank - 1] *= 2;
      dst[rank - 1] *= 2;
    }
    src_size *= 2;
    dst_size *= 2;
  }
  t.rank = rank;
  t.dstSize = dst_size;
  t.srcSize = src_size;
  bool outer_zero = false;
  if (t.loopNum != 0) {  // the outermost axis becomes a loop; the lane pair takes the last place
    if (src[0] == 1 && dst[0] != 1) {
      t.srcStride[9] = 0;
      outer_zero = true;
    }
    for (uint32_t i = 0; i + 1 < kMax; ++i) dst[i] = dst[i + 1], src[i] = src[i + 1];
    dst[kMax - 1] = src[kMax - 1] = 2;
  }
  uint32_t src_step = 1, dst_step = 1;
  for (int32_t i = static_cast<int32_t>(rank > kMax ? kMax : rank) - 1; i >= 0; --i) {
    t.dstShape[i] = dst[i];
    t.dstStride[i] = dst_step;
    dst_step *= dst[i];
    if (src[i] == 1 && dst[i] != 1) {
      t.srcStride[i] = 0;
    } else {
      t.srcStride[i] = src_step;
      src_step *= src[i];
    }
  }
  const uint32_t written = fuse || t.loopNum != 0 ? kMax : rank;  // CANN leaves the rest of an unfused tiling alone
  for (uint32_t i = rank; i < written; ++i) t.dstShape[i] = dst[i];
  if (t.loopNum != 0 && !outer_zero) t.srcStride[9] = src_step;
}

}  // namespace opkit::sim::detail

namespace AscendC {

template <typename T, int constRank = -1, uint32_t* constDstShape = nullptr, uint32_t* constSrcShape = nullptr>
void GetBroadcastTilingInfo(uint32_t rank, const uint32_t* dstShape, const uint32_t* srcShape, bool srcInnerPad,
                            BroadcastTiling& tiling, OPKIT_SIM_HERE) {
  static_assert(constRank == -1 || (constRank >= 1 && constRank <= 9), "constRank must be -1 or in [1, 9]");
  namespace d = opkit::sim::detail;
  (void)srcInnerPad;  // CANN reads it nowhere in the tiling
  d::require_broadcast_nd_soc("GetBroadcastTilingInfo", where);
  if (constRank != -1 && uint32_t(constRank) != rank) {
    d::fault("GetBroadcastTilingInfo", d::cat("rank ", rank, " differs from constRank ", constRank), where);
  }
  d::broadcast_tiling(rank, dstShape, srcShape, constRank == -1 || constRank > 4, sizeof(T), tiling, where);
}

template <typename T, int constRank = -1, uint32_t* constDstShape = nullptr, uint32_t* constSrcShape = nullptr,
          bool constSrcInnerPad = false>
void Broadcast(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t* dstShape,
               const uint32_t* srcShape, BroadcastTiling* tiling, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8,
                "Broadcast supports 8-, 16-, 32- and 64-bit types");
  d::require_broadcast_nd_soc("Broadcast", where);
  (void)dstShape;
  (void)srcShape;
  if (tiling == nullptr) d::fault("Broadcast", "tiling is null: fill it with GetBroadcastTilingInfo", where);
  const uint32_t rank = tiling->oriRank;
  if (rank < 1 || rank > 9) d::fault("Broadcast", d::cat("tiling->oriRank ", rank, " is outside [1, 9]"), where);
  uint64_t dst_n = 1, src_n = 1;
  for (uint32_t i = 0; i < rank; ++i) {
    const uint32_t s = tiling->oriSrcShape[i], t = tiling->oriDstShape[i];
    if (s != t && s != 1) {
      d::fault("Broadcast", d::cat("axis ", i, ": src ", s, " does not broadcast to dst ", t), where);
    }
    dst_n *= t;
    src_n *= s;
  }
  d::require_ub_operand("Broadcast", "src", src, src_n * sizeof(T), where);
  d::require_ub_operand("Broadcast", "dst", dst, dst_n * sizeof(T), where);
  const std::vector<T> in(src.opkit_addr, src.opkit_addr + src_n);
  uint64_t idx[9] = {};
  for (uint64_t k = 0; k < dst_n; ++k) {
    uint64_t at = 0, step = 1;
    for (int32_t i = int32_t(rank) - 1; i >= 0; --i) {
      const uint32_t s = tiling->oriSrcShape[i];
      if (s != 1) at += idx[i] * step;
      step *= s;
    }
    dst.opkit_addr[k] = in[at];
    for (int32_t i = int32_t(rank) - 1; i >= 0 && ++idx[i] == tiling->oriDstShape[i]; --i) idx[i] = 0;
  }
}

}  // namespace AscendC
