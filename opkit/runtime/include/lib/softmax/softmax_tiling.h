// Host tiling of SoftMax: GetSoftMaxMaxTmpSize/GetSoftMaxMinTmpSize and SoftMaxTilingFunc, with CANN's figures
// (asc-devkit impl/adv_api/tiling/activation/softmax_tiling.cpp). On the 910B family a row needs
// (32/typeSize + srcK + 64) floats; Ascend 950 (NpuArch 3510) keeps all rows and a few repeats besides. The platform
// is the one PlatformAscendCManager answers (the SoC of the tile() call running, else opkit's default).
#pragma once

#include <algorithm>
#include <cstdint>

#include "graph/tensor.h"
#include "kernel_tiling/kernel_tiling.h"
#include "lib/hl_tiling_common.h"
#include "tiling/platform/platform_ascendc.h"

namespace opkit::host::detail {

inline constexpr uint32_t kSoftMaxRowExtra = 64;  // floats of per-row scratch besides the row and its block
inline constexpr uint32_t kSoftMaxTile = 8;       // rows of a basic tile (one float block)

inline RowsLast softmax_shape(const char* api, const ge::Shape& src, uint32_t type_size) {
  require_type_size(api, type_size);
  const RowsLast r = rows_last(api, "srcShape", src);
  require_aligned_last(api, "srcShape", r.last, type_size);
  return r;
}

inline uint32_t softmax_row_floats(uint64_t k, uint32_t type_size) {
  return static_cast<uint32_t>(32 / type_size + k + kSoftMaxRowExtra);
}

inline bool softmax_on_950() {
  return platform_ascendc::PlatformAscendCManager::GetInstance()->opkit_profile().npu_arch == 3510;
}

inline uint64_t round_up(uint64_t v, uint64_t unit) { return (v + unit - 1) / unit * unit; }

// Ascend 950's all-rows layout: each row with one float block (8 floats), four 64-float repeats, and the row count
// rounded up to 8.
// (FlashV2's basic-block minimum keeps 4 floats a row instead of 8: `row_head`.)
inline uint64_t softmax_950_floats(uint64_t m, uint64_t k, uint64_t row_head = kSoftMaxTile) {
  return m * (row_head + k) + 4 * 64 + round_up(m, kSoftMaxTile);
}

inline uint32_t floats_to_bytes(uint64_t floats) { return static_cast<uint32_t>(floats * sizeof(float)); }

// CANN's split of rows for the basic-block kernels: a multiple of 8 that divides srcM, halved while a pass would
// exceed 255 repeats (64 x 256 floats).
inline uint32_t softmax_basic_block_rows(uint32_t base_m, uint32_t m, uint32_t k) {
  if (base_m > kSoftMaxTile && m % kSoftMaxTile == 0 && k % 64 == 0) {
    base_m = base_m / kSoftMaxTile * kSoftMaxTile;
    while (m % base_m != 0) base_m -= kSoftMaxTile;
    while (uint64_t(base_m) * k >= 64u * 256u) base_m /= 2;
  }
  return base_m;
}

// The fields every SoftMax-family TilingFunc fills the same way once splitM (baseM) is chosen.
inline void softmax_fill(uint32_t m, uint32_t k, uint32_t blk, uint32_t base_m, AscendC::tiling::SoftMaxTiling& t) {
  t.srcM = m, t.srcK = k, t.srcSize = m * k;
  t.outMaxM = m, t.outMaxK = blk, t.outMaxSize = m * blk;
  t.splitM = base_m, t.splitK = k, t.splitSize = base_m * k;
  t.reduceM = base_m, t.reduceK = blk, t.reduceSize = base_m * blk;
  t.rangeM = base_m == 0 ? 0 : m / base_m;
  t.tailM = base_m == 0 ? 0 : m % base_m;
  t.tailSplitSize = t.tailM * k;
  t.tailReduceSize = t.tailM * blk;
}

// baseM for `per_row` floats a row: what fits, at most srcM, a multiple of 8 when a partial pass holds more than 8.
inline uint32_t softmax_rows_fit(uint32_t work_bytes, uint64_t per_row, uint32_t m, uint32_t tile = kSoftMaxTile) {
  uint32_t base_m = static_cast<uint32_t>(std::min<uint64_t>(work_bytes / sizeof(float) / per_row, m));
  if (base_m < m && base_m > tile) base_m = base_m / tile * tile;
  return base_m;
}

// SoftMax's (and LogSoftMax's) sizes.
inline uint32_t softmax_max_bytes(const char* api, const ge::Shape& shape, uint32_t type_size) {
  const RowsLast r = softmax_shape(api, shape, type_size);
  const uint64_t rows = r.rows * softmax_row_floats(r.last, type_size);
  return floats_to_bytes(softmax_on_950() ? std::max(softmax_950_floats(r.rows, r.last), rows) : rows);
}
inline uint32_t softmax_min_bytes(const char* api, const ge::Shape& shape, uint32_t type_size) {
  const RowsLast r = softmax_shape(api, shape, type_size);
  if (softmax_on_950()) {
    return floats_to_bytes(std::max(softmax_950_floats(r.rows, r.last), r.rows * (32 / type_size + r.last)));
  }
  return floats_to_bytes(softmax_row_floats(r.last, type_size));
}

}  // namespace opkit::host::detail

namespace AscendC {

// Bytes of sharedTmpBuffer for all rows at once (max) or one row per pass (min, 910B). isReuseSource has no effect.
inline uint32_t GetSoftMaxMaxTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize, const bool isReuseSource) {
  (void)isReuseSource;
  return opkit::host::detail::softmax_max_bytes("GetSoftMaxMaxTmpSize", srcShape, dataTypeSize);
}

inline uint32_t GetSoftMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize, const bool isReuseSource) {
  (void)isReuseSource;
  return opkit::host::detail::softmax_min_bytes("GetSoftMaxMinTmpSize", srcShape, dataTypeSize);
}

// Fills `softmaxTiling` for src [..., srcK] (rows = product of the other dims). splitM is 0 when
// localWorkSpaceSize is below GetSoftMaxMinTmpSize; the kernel API then reports it.
inline void SoftMaxTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize, const uint32_t localWorkSpaceSize,
                              tiling::SoftMaxTiling& softmaxTiling) {
  namespace d = opkit::host::detail;
  const d::RowsLast r = d::softmax_shape("SoftMaxTilingFunc", srcShape, dataTypeSize);
  const auto m = static_cast<uint32_t>(r.rows), k = static_cast<uint32_t>(r.last);
  uint32_t base_m = d::softmax_rows_fit(localWorkSpaceSize, d::softmax_row_floats(k, dataTypeSize), m);
  base_m = d::softmax_basic_block_rows(base_m, m, k);
  tiling::SoftMaxTiling t;
  d::softmax_fill(m, k, 32 / dataTypeSize, base_m, t);
  softmaxTiling = t;
}

// Whether SoftMax's basic-block kernel applies to a tiling: whole passes, srcK a multiple of 64 in [256 B, 2048).
inline bool IsBasicBlockInSoftMax(tiling::SoftMaxTiling& tiling, const uint32_t dataTypeSize) {
  if (dataTypeSize == 0) return false;
  return tiling.tailM == 0 && tiling.srcK >= 256 / dataTypeSize && tiling.srcK < 2048 && tiling.srcK % 64 == 0;
}

}  // namespace AscendC
