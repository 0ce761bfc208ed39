// Host tiling of the SoftMax family besides SoftMax: LogSoftMax, SoftmaxGrad, SoftmaxFlash, SoftmaxFlashV2 and
// SoftmaxFlashV3's tmp-size helpers and TilingFuncs, with CANN's signatures and figures (asc-devkit
// impl/adv_api/tiling/activation/softmax_tiling.cpp and logsoftmax_tiling.cpp), for the 910B family and Ascend 950.
// Sizes are in floats of one row (min) or all rows (max) until the end, where they become bytes. blk is the
// elements of one 32 B block of the data type (of the statistics, dataTypeSize2, for FlashV2/V3).
#pragma once

#include <algorithm>
#include <cstdint>

#include "lib/softmax/softmax_tiling.h"
#include "lib/utils/types.h"

namespace opkit::host::detail {

// Floats a row of SoftmaxFlash keeps: SoftMax's row, or with isUpdate four statistics blocks and two rows.
inline uint64_t flash_row(uint64_t k, uint32_t blk, bool update) { return update ? blk * 4 + k * 2 : blk + k + 64; }

// Floats a row of SoftmaxGrad keeps: half adds two float copies of the row; float's full form a second block.
inline uint64_t grad_row(uint64_t k, uint32_t blk, uint32_t type_size, bool front) {
  if (type_size == 2) return blk * 2 + k * 3 + 64;
  return front ? blk + k + 64 : blk * 2 + k + 64;
}

// FlashV2 on the 910B family: the basic-block kernel (srcK a multiple of 64) keeps half's row and a wider repeat
// when srcK is 1024; otherwise half keeps a float row and two blocks, float only its blocks and a repeat.
inline uint64_t flash_v2_row(uint64_t k, uint32_t blk, uint32_t size1, bool basic) {
  if (basic) {
    const uint64_t repeat = k == 1024 ? 128 : 64;
    return size1 == 2 ? blk + k + repeat : blk + repeat;
  }
  return size1 == 2 ? blk * 2 + k + 64 : blk + 64;
}

// FlashV2's isUpdate form on Ascend 950 (max for srcM <= 2, and min): the statistics of all rows besides the rows.
inline uint64_t flash_v2_950_update(uint64_t m, uint64_t k, uint32_t blk, uint32_t size1, uint32_t size2) {
  if (size1 == 4) return round_up(m, 64) + m * blk * 2;
  return round_up(m * 2, 128) + m * (blk * 2 + k + (size2 == 2 ? 0 : blk));
}

inline void require_stats_type(const char* api, uint32_t type_size1, uint32_t type_size2) {
  require_type_size(api, type_size1);
  require_type_size(api, type_size2);
}

}  // namespace opkit::host::detail

namespace AscendC {

// ---- LogSoftMax: SoftMax's sizes and split
inline uint32_t GetLogSoftMaxMaxTmpSize(const TensorShape srcShape, const uint32_t dataTypeSize,
                                        const bool isReuseSource) {
  (void)isReuseSource;
  return opkit::host::detail::softmax_max_bytes("GetLogSoftMaxMaxTmpSize", srcShape, dataTypeSize);
}
inline uint32_t GetLogSoftMaxMinTmpSize(const TensorShape srcShape, const uint32_t dataTypeSize,
                                        const bool isReuseSource) {
  (void)isReuseSource;
  return opkit::host::detail::softmax_min_bytes("GetLogSoftMaxMinTmpSize", srcShape, dataTypeSize);
}
inline void LogSoftMaxTilingFunc(const TensorShape srcShape, const uint32_t dataTypeSize,
                                 const uint32_t localWorkSpaceSize, tiling::LogSoftMaxTiling& softmaxTiling) {
  SoftMaxTilingFunc(srcShape, dataTypeSize, localWorkSpaceSize, softmaxTiling);
}

// ---- SoftmaxGrad / SoftmaxGradFront (isFront)
inline uint32_t GetSoftMaxGradMaxTmpSize(const TensorShape& srcShape, const uint32_t dataTypeSize, const bool isFront,
                                         const bool isReuseSource) {
  (void)isReuseSource;
  namespace d = opkit::host::detail;
  const d::RowsLast r = d::softmax_shape("GetSoftMaxGradMaxTmpSize", srcShape, dataTypeSize);
  return d::floats_to_bytes(r.rows * d::grad_row(r.last, 32 / dataTypeSize, dataTypeSize, isFront));
}
// On Ascend 950 only the per-row statistics: srcM floats (rounded to 64) for the front form, 2 x srcM (to 128).
inline uint32_t GetSoftMaxGradMinTmpSize(const TensorShape& srcShape, const uint32_t dataTypeSize, const bool isFront,
                                         const bool isReuseSource) {
  (void)isReuseSource;
  namespace d = opkit::host::detail;
  const d::RowsLast r = d::softmax_shape("GetSoftMaxGradMinTmpSize", srcShape, dataTypeSize);
  if (d::softmax_on_950()) return d::floats_to_bytes(isFront ? d::round_up(r.rows, 64) : d::round_up(r.rows * 2, 128));
  return d::floats_to_bytes(d::grad_row(r.last, 32 / dataTypeSize, dataTypeSize, isFront));
}
inline void SoftMaxGradTilingFunc(const TensorShape& srcShape, const uint32_t dataTypeSize,
                                  const uint32_t localWorkSpaceSize, tiling::SoftMaxTiling& softmaxGradTiling,
                                  const bool isFront = false) {
  namespace d = opkit::host::detail;
  const d::RowsLast r = d::softmax_shape("SoftMaxGradTilingFunc", srcShape, dataTypeSize);
  const auto m = static_cast<uint32_t>(r.rows), k = static_cast<uint32_t>(r.last), blk = 32 / dataTypeSize;
  uint32_t base_m = d::softmax_rows_fit(localWorkSpaceSize, d::grad_row(k, blk, dataTypeSize, isFront), m);
  base_m = d::softmax_basic_block_rows(base_m, m, k);
  tiling::SoftMaxTiling t;
  d::softmax_fill(m, k, blk, base_m, t);
  softmaxGradTiling = t;
}

// ---- SoftmaxFlash (v1)
inline uint32_t GetSoftMaxFlashMaxTmpSize(const TensorShape& srcShape, const uint32_t dataTypeSize,
                                          const bool isUpdate, const bool isReuseSource) {
  (void)isReuseSource;
  namespace d = opkit::host::detail;
  const d::RowsLast r = d::softmax_shape("GetSoftMaxFlashMaxTmpSize", srcShape, dataTypeSize);
  const uint32_t blk = 32 / dataTypeSize;
  if (d::softmax_on_950()) {
    const uint64_t rows = r.rows * (blk + r.last + 64);
    return d::floats_to_bytes(isUpdate ? rows : std::max(d::softmax_950_floats(r.rows, r.last), rows));
  }
  return d::floats_to_bytes(r.rows * d::flash_row(r.last, blk, isUpdate));
}
inline uint32_t GetSoftMaxFlashMinTmpSize(const TensorShape& srcShape, const uint32_t dataTypeSize,
                                          const bool isUpdate, const bool isReuseSource) {
  (void)isReuseSource;
  namespace d = opkit::host::detail;
  const d::RowsLast r = d::softmax_shape("GetSoftMaxFlashMinTmpSize", srcShape, dataTypeSize);
  const uint32_t blk = 32 / dataTypeSize;
  if (d::softmax_on_950()) {
    const uint64_t rows = r.rows * (blk + r.last);
    return d::floats_to_bytes(isUpdate ? rows : std::max(d::softmax_950_floats(r.rows, r.last), rows));
  }
  return d::floats_to_bytes(d::flash_row(r.last, blk, isUpdate));
}
inline void SoftMaxFlashTilingFunc(const TensorShape& srcShape, const uint32_t dataTypeSize,
                                   const uint32_t localWorkSpaceSize, tiling::SoftMaxTiling& softmaxFlashTiling,
                                   const bool isUpdate = false) {
  namespace d = opkit::host::detail;
  const d::RowsLast r = d::softmax_shape("SoftMaxFlashTilingFunc", srcShape, dataTypeSize);
  const auto m = static_cast<uint32_t>(r.rows), k = static_cast<uint32_t>(r.last), blk = 32 / dataTypeSize;
  uint32_t base_m = d::softmax_rows_fit(localWorkSpaceSize, d::flash_row(k, blk, isUpdate), m);
  base_m = d::softmax_basic_block_rows(base_m, m, k);
  tiling::SoftMaxTiling t;
  d::softmax_fill(m, k, blk, base_m, t);
  softmaxFlashTiling = t;
}

// ---- SoftmaxFlashV2 (dataTypeSize1: src/dst, dataTypeSize2: the statistics)
inline uint32_t GetSoftMaxFlashV2MaxTmpSize(const TensorShape& srcShape, const uint32_t dataTypeSize1,
                                            const uint32_t dataTypeSize2, const bool isUpdate,
                                            const bool isBasicBlock = false, const bool isFlashOutputBrc = false) {
  (void)isFlashOutputBrc;
  namespace d = opkit::host::detail;
  const char* api = "GetSoftMaxFlashV2MaxTmpSize";
  d::require_stats_type(api, dataTypeSize1, dataTypeSize2);
  const d::RowsLast r = d::softmax_shape(api, srcShape, dataTypeSize1);
  uint64_t m = r.rows;
  const uint64_t k = r.last;
  const uint32_t blk = 32 / dataTypeSize2;
  const bool basic = isBasicBlock && k % 64 == 0 && m % 8 == 0;
  if (d::softmax_on_950()) {
    if (!isUpdate) return d::floats_to_bytes(std::max(d::softmax_950_floats(m, k), m * (blk + k + 64)));
    if (m <= 2) return d::floats_to_bytes(d::flash_v2_950_update(m, k, blk, dataTypeSize1, dataTypeSize2));
    const uint64_t row =
        basic ? (dataTypeSize1 == 2 ? blk + k + 64 : blk + 64) : d::flash_v2_row(k, blk, dataTypeSize1, false);
    return d::floats_to_bytes(m * row);
  }
  if (basic) {
    while (m * k >= 64u * 256u) m /= 2;  // one pass stays within 255 repeats
  }
  return d::floats_to_bytes(m * d::flash_v2_row(k, blk, dataTypeSize1, basic));
}
inline uint32_t GetSoftMaxFlashV2MinTmpSize(const TensorShape& srcShape, const uint32_t dataTypeSize1,
                                            const uint32_t dataTypeSize2, const bool isUpdate,
                                            const bool isBasicBlock = false, const bool isFlashOutputBrc = false) {
  namespace d = opkit::host::detail;
  const char* api = "GetSoftMaxFlashV2MinTmpSize";
  d::require_stats_type(api, dataTypeSize1, dataTypeSize2);
  const d::RowsLast r = d::softmax_shape(api, srcShape, dataTypeSize1);
  const uint64_t m = r.rows, k = r.last;
  const uint32_t blk = 32 / dataTypeSize2;
  if (d::softmax_on_950()) {
    if (isUpdate) return d::floats_to_bytes(d::flash_v2_950_update(m, k, blk, dataTypeSize1, dataTypeSize2));
    return d::floats_to_bytes(std::max(d::softmax_950_floats(m, k, isBasicBlock ? 4 : 8), m * (blk + k)));
  }
  // One basic tile of 8 rows for the basic-block kernel, one row otherwise; isFlashOutputBrc keeps a block of rows.
  const bool basic = isBasicBlock && k % 64 == 0;
  uint64_t need = (basic ? 8 : 1) * d::flash_v2_row(k, blk, dataTypeSize1, basic);
  if (isFlashOutputBrc) need = (basic ? need / 8 : need) * std::min<uint64_t>(32 / dataTypeSize1, m);
  return d::floats_to_bytes(need);
}
inline void SoftMaxFlashV2TilingFunc(const TensorShape& srcShape, const uint32_t dataTypeSize1,
                                     const uint32_t dataTypeSize2, const uint32_t localWorkSpaceSize,
                                     tiling::SoftMaxTiling& softmaxFlashTiling, const bool isUpdate,
                                     const bool isBasicBlock = false, const bool isFlashOutputBrc = false) {
  (void)isUpdate;
  namespace d = opkit::host::detail;
  const char* api = "SoftMaxFlashV2TilingFunc";
  d::require_stats_type(api, dataTypeSize1, dataTypeSize2);
  const d::RowsLast r = d::softmax_shape(api, srcShape, dataTypeSize1);
  const auto m = static_cast<uint32_t>(r.rows), k = static_cast<uint32_t>(r.last), blk = 32 / dataTypeSize2;
  const bool basic = isBasicBlock && k % 64 == 0 && m % 8 == 0;
  const uint64_t row = d::flash_v2_row(k, blk, dataTypeSize1, basic);
  uint32_t base_m = static_cast<uint32_t>(std::min<uint64_t>(localWorkSpaceSize / sizeof(float) / row, m));
  if (basic) base_m = d::softmax_basic_block_rows(base_m, m, k);
  // isFlashOutputBrc with half data splits in whole 16-row blocks.
  const uint32_t tile = isFlashOutputBrc && dataTypeSize1 == 2 ? 16 : 8;
  if (base_m < m && base_m > tile) base_m = base_m / tile * tile;
  tiling::SoftMaxTiling t;
  d::softmax_fill(m, k, blk, base_m, t);
  if (isFlashOutputBrc && (t.rangeM > 1 || t.tailM != 0) && t.reduceM % (32 / dataTypeSize1) != 0) {
    d::hl_tiling_error(api, d::cat("with isFlashOutputBrc, reduceM ", t.reduceM, " must be a multiple of ",
                                   32 / dataTypeSize1, "; give a localWorkSpaceSize that holds whole blocks of rows"));
  }
  softmaxFlashTiling = t;
}

// ---- SoftmaxFlashV3 (vec/softmax_flash_v3.h): half data, float statistics
inline void GetSoftMaxFlashV3MaxMinTmpSize(const TensorShape& srcShape, const uint32_t dataTypeSize1,
                                           const uint32_t dataTypeSize2, uint32_t& maxValue, uint32_t& minValue,
                                           const bool isUpdate, const bool isBasicBlock = false) {
  (void)isBasicBlock;
  namespace d = opkit::host::detail;
  const char* api = "GetSoftMaxFlashV3MaxMinTmpSize";
  if (dataTypeSize1 != 2 || dataTypeSize2 != 4) {
    d::hl_tiling_error(api, d::cat("dataTypeSize1 ", dataTypeSize1, " and dataTypeSize2 ", dataTypeSize2,
                                   " must be 2 (half) and 4 (float)"));
  }
  const d::RowsLast r = d::softmax_shape(api, srcShape, dataTypeSize1);
  const uint64_t m = r.rows, k = r.last, blk = 32 / dataTypeSize2;
  if (d::softmax_on_950()) {
    minValue = maxValue = d::floats_to_bytes(m * 64 + m * k + (isUpdate ? m * blk : 0));
    return;
  }
  minValue = d::floats_to_bytes(blk * 5 + 2 * k + 64);
  maxValue = static_cast<uint32_t>(m * minValue);
}
inline void SoftMaxFlashV3TilingFunc(const TensorShape& srcShape, const uint32_t dataTypeSize1,
                                     const uint32_t dataTypeSize2, const uint32_t localWorkSpaceSize,
                                     tiling::SoftMaxTiling& softmaxFlashV3Tiling, const bool isUpdate,
                                     const bool isBasicBlock = false) {
  (void)isUpdate, (void)isBasicBlock;
  namespace d = opkit::host::detail;
  const char* api = "SoftMaxFlashV3TilingFunc";
  if (dataTypeSize1 != 2 || dataTypeSize2 != 4) {
    d::hl_tiling_error(api, d::cat("dataTypeSize1 ", dataTypeSize1, " and dataTypeSize2 ", dataTypeSize2,
                                   " must be 2 (half) and 4 (float)"));
  }
  const d::RowsLast r = d::softmax_shape(api, srcShape, dataTypeSize1);
  const auto m = static_cast<uint32_t>(r.rows), k = static_cast<uint32_t>(r.last);
  const uint32_t blk = 32 / dataTypeSize2;
  const uint32_t base_m = d::softmax_rows_fit(localWorkSpaceSize, blk * 5 + 2 * k + 64, m);
  tiling::SoftMaxTiling t;
  d::softmax_fill(m, k, blk, base_m, t);
  softmaxFlashV3Tiling = t;
}

}  // namespace AscendC
