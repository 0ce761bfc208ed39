// Host tiling of Pad/UnPad: GetPadMaxMinTmpSize, PadTilingFunc, GetUnPadMaxMinTmpSize, UnPadTilingFunc.
// The simulator needs no temporary space; the sizes below are opkit's (one row of the padded width per row as the
// most, one 32 B block per row as the least) so that kernels reserve a plausible buffer.
#pragma once

#include <cstdint>

#include "graph/tensor.h"
#include "kernel_tiling/kernel_tiling.h"
#include "lib/hl_tiling_common.h"
#include "tiling/platform/platform_ascendc.h"

namespace opkit::host::detail {

struct HeightWidth {
  uint32_t height = 0;
  uint32_t width = 0;
};

inline HeightWidth pad_shape(const char* api, const char* what, const ge::Shape& shape, uint32_t type_size) {
  require_type_size(api, type_size);
  if (shape.GetDimNum() != 2) hl_tiling_error(api, cat(what, " has ", shape.GetDimNum(), " dims; it must be 2 "
                                                      "([height, width])"));
  const RowsLast r = rows_last(api, what, shape);
  return HeightWidth{static_cast<uint32_t>(r.rows), static_cast<uint32_t>(r.last)};
}

// CANN's Pad/UnPad tmp space (pad_tiling_impl.cpp): two buffers of 16 (the NCHW-conv address list) 32 B blocks per
// 16 elements of the source, all of them at most and one such group at least; the same bytes for half and float.
inline void pad_tmp_sizes(const HeightWidth& s, uint32_t& max_value, uint32_t& min_value) {
  constexpr uint32_t kGroup = 16 * 32 * 2;
  max_value = ((s.height * s.width - 1) / 16 + 1) * kGroup;
  min_value = kGroup;
}

}  // namespace opkit::host::detail

namespace AscendC {

inline void GetPadMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                                uint32_t& minValue) {
  namespace d = opkit::host::detail;
  const d::HeightWidth s = d::pad_shape("GetPadMaxMinTmpSize", "srcShape", srcShape, typeSize);
  d::pad_tmp_sizes(s, maxValue, minValue);
}

// srcShape: [height, width] as laid out in UB; oriSrcShape: [height, real width].
inline void PadTilingFunc(const ge::Shape srcShape, const ge::Shape oriSrcShape, const uint32_t stackBufferSize,
                          const uint32_t typeSize, optiling::PadTiling& tiling) {
  namespace d = opkit::host::detail;
  const d::HeightWidth s = d::pad_shape("PadTilingFunc", "srcShape", srcShape, typeSize);
  const d::HeightWidth o = d::pad_shape("PadTilingFunc", "oriSrcShape", oriSrcShape, typeSize);
  if (o.height != s.height || o.width > s.width) {
    d::hl_tiling_error("PadTilingFunc", d::cat("oriSrcShape [", o.height, ", ", o.width, "] does not fit srcShape [",
                                               s.height, ", ", s.width, "]: heights must match and the original "
                                               "width must be <= the width"));
  }
  // The width need not be whole 32 B blocks: CANN's Pad example copies [16, 31] floats in packed (rows 31 apart)
  // and pads each row to 32; only the padded row must fill whole blocks (the kernel API checks it).
  const uint32_t width = s.width;
  tiling = optiling::PadTiling{};
  tiling.srcHeight = s.height;
  tiling.srcWidth = width;
  tiling.srcOriWidth = o.width;
  const uint32_t per_block = 32 / typeSize;
  tiling.blocksPerRow = (width + per_block - 1) / per_block;
  tiling.widthWithoutLastBlock = width > per_block ? width - per_block : 0;
  tiling.heightTiling = s.height;
  tiling.heightFractal = s.height;
  tiling.tmpBuffer1BlockNum = stackBufferSize / 32;
  tiling.tmpBuffer1RowNum = s.height;
  tiling.widthTiling = width;
  tiling.widthFractal = width;
  tiling.maxRepeatTimes = 255;
}

inline void GetUnPadMaxMinTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform, const ge::Shape& srcShape,
                                  const uint32_t typeSize, uint32_t& maxValue, uint32_t& minValue) {
  namespace d = opkit::host::detail;
  const d::HeightWidth s = d::pad_shape("GetUnPadMaxMinTmpSize", "srcShape", srcShape, typeSize);
  const platform_ascendc::SocVersion soc = ascendcPlatform.GetSocVersion();
  if (soc == platform_ascendc::SocVersion::ASCEND910B || soc == platform_ascendc::SocVersion::ASCEND950) {
    maxValue = minValue = 0;  // CANN: UnPad needs no tmp space on these
    return;
  }
  d::pad_tmp_sizes(s, maxValue, minValue);
}

// srcShape: [height, width] in UB (width whole 32 B blocks).
inline void UnPadTilingFunc(const ge::Shape srcShape, const uint32_t stackBufferSize, const uint32_t typeSize,
                            optiling::UnPadTiling& tiling) {
  namespace d = opkit::host::detail;
  const d::HeightWidth s = d::pad_shape("UnPadTilingFunc", "srcShape", srcShape, typeSize);
  d::require_aligned_last("UnPadTilingFunc", "srcShape", s.width, typeSize);
  tiling = optiling::UnPadTiling{};
  tiling.srcHeight = s.height;
  tiling.srcWidth = s.width;
  tiling.tmpBuffer1BlockNum = stackBufferSize / 32;
  tiling.tmpBuffer1RowNum = s.height;
  tiling.widthTiling = s.width;
  tiling.widthFractal = s.width;
}

}  // namespace AscendC
