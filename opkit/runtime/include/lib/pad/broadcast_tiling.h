// Host side of Broadcast: GetBroadCastMaxMinTmpSize, with CANN's figures (asc-devkit
// impl/adv_api/tiling/pad/broadcast_tiling.cpp). int8 data is widened to half (a half copy of source and
// destination, each rounded to 16 elements); a broadcast along the last axis spreads each row's value over a block
// (Brcb) and, for rows that are not whole blocks, copies them into a padded buffer. The 910B and 310P have these
// figures; on the other SoCs CANN's helper leaves maxValue and minValue as they were, and opkit answers 0.
#pragma once

#include <algorithm>
#include <cstdint>

#include "graph/tensor.h"
#include "lib/hl_tiling_common.h"
#include "tiling/platform/platform_ascendc.h"

namespace opkit::host::detail {

// Bytes of the int8 -> half copies, and the element size the rest of the computation then uses.
inline uint32_t broadcast_cast_bytes(const ge::Shape& src, const ge::Shape& dst, uint32_t& type_size) {
  if (type_size != 1) return 0;
  type_size = 2;
  auto up16 = [](int64_t n) { return static_cast<uint32_t>((n + 15) / 16 * 16); };
  return (up16(src.GetShapeSize()) + up16(dst.GetShapeSize())) * 2;
}

// 910B, broadcast along the last axis: a Brcb block per block of rows (all rows at most), plus the padded copy.
inline void broadcast_rows_910b(const ge::Shape& dst, uint32_t ts, uint32_t cast, uint32_t& max_value,
                                uint32_t& min_value) {
  const uint32_t blk = 32 / ts, rows = static_cast<uint32_t>(dst.GetDim(0));
  const uint32_t cols = static_cast<uint32_t>(dst.GetDim(1));
  const uint32_t brcb_min = blk * blk * ts, brcb_max = (rows + 7) / 8 * 8 * blk * ts;
  const uint32_t cols_up = (cols + blk - 1) / blk * blk;
  const bool aligned = cols % blk == 0;
  min_value = brcb_min + (aligned ? 0 : blk * cols_up * ts) + cast;
  max_value = brcb_max + (aligned ? 0 : rows * cols_up * ts) + cast;
}

}  // namespace opkit::host::detail

namespace AscendC {

inline void GetBroadCastMaxMinTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform,
                                      const ge::Shape& srcShape, const ge::Shape& dstShape, uint32_t typeSize,
                                      const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
  (void)isReuseSource;
  namespace d = opkit::host::detail;
  const char* api = "GetBroadCastMaxMinTmpSize";
  const int arch = ascendcPlatform.opkit_profile().npu_arch;
  const bool figures = arch == 2201 || arch == 2002;
  if (figures && typeSize != 1 && typeSize != 2 && typeSize != 4) {
    d::hl_tiling_error(api, d::cat("typeSize ", typeSize, " is not 1, 2 or 4"));
  }
  if (typeSize == 0) d::hl_tiling_error(api, "typeSize is 0");
  const size_t rank = dstShape.GetDimNum();
  if (srcShape.GetDimNum() != rank || (figures && (rank < 1 || rank > 2))) {
    d::hl_tiling_error(api, d::cat("srcShape has ", srcShape.GetDimNum(), " dims and dstShape ", rank,
                                   "; both must have the same number, 1 or 2"));
  }
  for (size_t i = 0; i < rank; ++i) {
    if (srcShape.GetDim(i) != dstShape.GetDim(i) && srcShape.GetDim(i) != 1) {
      d::hl_tiling_error(api, d::cat("srcShape dim ", i, " (", srcShape.GetDim(i), ") cannot broadcast to ",
                                     dstShape.GetDim(i)));
    }
  }
  const int64_t src_size = srcShape.GetShapeSize();
  if (src_size <= 0) d::hl_tiling_error(api, d::cat("srcShape holds ", src_size, " elements; it must hold some"));
  maxValue = minValue = 0;
  if (src_size == dstShape.GetShapeSize() || src_size == 1) {  // a copy or a fill: only int8's widening
    if (typeSize == 1) maxValue = minValue = d::broadcast_cast_bytes(srcShape, dstShape, typeSize) + 32;
    return;
  }
  if (!figures) return;
  uint32_t ts = typeSize;
  const uint32_t cast = d::broadcast_cast_bytes(srcShape, dstShape, ts);
  const bool along_rows = rank == 2 && srcShape.GetDim(1) == 1;
  if (!along_rows) {  // broadcast of one row down the columns: one block
    if (dstShape.GetDim(1) % (32 / ts) != 0) {
      d::hl_tiling_error(api, d::cat("dstShape dim 1 (", dstShape.GetDim(1), ") is not a whole number of 32 B blocks"));
    }
    maxValue = minValue = 32 + cast;
  } else if (arch == 2201) {
    d::broadcast_rows_910b(dstShape, ts, cast, maxValue, minValue);
  } else {  // 310P: a block per 8 columns of a block of rows, all of the destination at most
    const uint32_t blk = 32 / ts;
    if (dstShape.GetDim(0) % blk != 0) {
      d::hl_tiling_error(api, d::cat("dstShape dim 0 (", dstShape.GetDim(0), ") is not a whole number of 32 B blocks"));
    }
    minValue = 32 + cast + blk * static_cast<uint32_t>((dstShape.GetDim(1) + 7) / 8) * ts;
    maxValue = 32 + cast + static_cast<uint32_t>(dstShape.GetDim(0) * dstShape.GetDim(1)) * ts;
  }
}

}  // namespace AscendC
