// Host helpers of the sorting APIs: GetSortMaxMinTmpSize (SortConfig forms, Ascend 950), GetSortTmpSize and
// GetConcatTmpSize (the sort-structure forms), with CANN's signatures and figures (asc-devkit
// impl/adv_api/tiling/sort/sort_tiling_impl.cpp). The sort structure is 8 bytes of region proposal per element on
// the older SoCs; the 910B and 950 keep a (value, index) pair: 4 half or 2 float lanes of 32 bits, and Concat needs
// no space there.
#pragma once

#include <cstdint>

#include "graph/types.h"
#include "lib/hl_tiling_common.h"
#include "lib/sort/sort_config.h"
#include "lib/utils/types.h"
#include "tiling/platform/platform_ascendc.h"

namespace opkit::host::detail {

inline void sort_struct_args(const char* api, const platform_ascendc::PlatformAscendC& platform, uint32_t count,
                             uint32_t type_size) {
  if (count == 0) hl_tiling_error(api, "elemCount is 0; it must be positive");
  require_type_size(api, type_size);
  uint64_t ub = 0;
  platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ub);
  if (uint64_t(count) * type_size >= ub) {
    hl_tiling_error(api, cat("elemCount x dataTypeSize = ", uint64_t(count) * type_size,
                             " bytes; it must be less than UB (", ub, " bytes)"));
  }
}

// The 910B (2201) and Ascend 950 (3510) sort (value, index) pairs in place of region proposals.
inline bool sort_pairs(const platform_ascendc::PlatformAscendC& platform) {
  const int arch = platform.opkit_profile().npu_arch;
  return arch == 2201 || arch == 3510;
}

inline uint32_t radix_value_size(const char* api, ge::DataType t) {
  switch (t) {
    case ge::DT_INT8: case ge::DT_UINT8: return 1;
    case ge::DT_INT16: case ge::DT_UINT16: case ge::DT_FLOAT16: case ge::DT_BF16: return 2;
    case ge::DT_INT32: case ge::DT_UINT32: case ge::DT_FLOAT: return 4;
    case ge::DT_INT64: case ge::DT_UINT64: return 8;
    default: hl_tiling_error(api, cat("valueType ", static_cast<int>(t), " is not a type Sort supports"));
  }
}

}  // namespace opkit::host::detail

namespace AscendC {

// Ascend 950's Sort: merge sort 8 bytes an element; radix sort over the element count rounded to 32 keeps 7 bytes an
// element (u32 keys twice, u16 index, u8 digits) and 512 B of buckets, plus copies of the values and indexes unless
// isReuseSource (one byte values with only a destination index save the index's two bytes instead).
inline void GetSortMaxMinTmpSize(const TensorShape& srcShape, TensorDataType valueType, TensorDataType indexType,
                                 bool isReuseSource, const SortConfig& config, uint32_t& maxValue, uint32_t& minValue) {
  namespace d = opkit::host::detail;
  const char* api = "GetSortMaxMinTmpSize";
  d::require_950(api, *platform_ascendc::PlatformAscendCManager::GetInstance());
  if (config.hasSrcIndex && !config.hasDstIndex) {
    d::hl_tiling_error(api, "a source index needs a destination index (hasDstIndex)");
  }
  const uint32_t value_size = d::radix_value_size(api, valueType);
  if (config.hasSrcIndex && indexType != ge::DT_INT32 && indexType != ge::DT_UINT32 && indexType != ge::DT_INT64 &&
      indexType != ge::DT_UINT64) {
    d::hl_tiling_error(api, "indexType must be int32, uint32, int64 or uint64 with a source index");
  } else if (!config.hasSrcIndex && config.hasDstIndex && indexType != ge::DT_UINT32) {
    d::hl_tiling_error(api, "indexType must be uint32 with only a destination index");
  }
  const int64_t elems = srcShape.GetShapeSize();
  if (elems <= 0) d::hl_tiling_error(api, d::cat("srcShape holds ", elems, " elements; it must hold some"));
  uint64_t n = static_cast<uint64_t>(elems);
  if (config.type == SortType::MERGE_SORT) {
    maxValue = minValue = static_cast<uint32_t>(8 * n);
    return;
  }
  n = (n + 31) / 32 * 32;
  const int index_bytes = ge::GetSizeByDataType(indexType);
  const uint32_t index_size = static_cast<uint32_t>(index_bytes > 0 ? index_bytes : 0);
  const uint64_t value_copy = isReuseSource ? 0 : value_size, index_copy = isReuseSource ? 0 : index_size;
  uint64_t bytes = n * 7 + 512;
  if (value_size != 1) {
    if (!config.hasSrcIndex && !config.hasDstIndex) bytes += n * value_copy;
    else if (!config.hasSrcIndex) bytes += n * (4 + value_copy);
    else bytes += n * (value_copy + index_copy);
  } else if (!config.hasSrcIndex && config.hasDstIndex) {
    bytes -= 2 * n;
  }
  maxValue = minValue = static_cast<uint32_t>(bytes);
}

inline uint32_t GetSortTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform, const uint32_t elemCount,
                               const uint32_t dataTypeSize) {
  namespace d = opkit::host::detail;
  d::sort_struct_args("GetSortTmpSize", ascendcPlatform, elemCount, dataTypeSize);
  if (!d::sort_pairs(ascendcPlatform)) return elemCount * 8 * dataTypeSize;
  return elemCount * (dataTypeSize == 4 ? 2 : 4) * dataTypeSize;
}

inline uint32_t GetConcatTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform, const uint32_t elemCount,
                                 const uint32_t dataTypeSize) {
  namespace d = opkit::host::detail;
  d::sort_struct_args("GetConcatTmpSize", ascendcPlatform, elemCount, dataTypeSize);
  return d::sort_pairs(ascendcPlatform) ? 0 : elemCount * 8 * dataTypeSize;
}

}  // namespace AscendC
