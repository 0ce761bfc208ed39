// Host helpers of the sorting APIs: GetSortMaxMinTmpSize (SortConfig forms), GetSortTmpSize and GetConcatTmpSize
// (the sort-structure forms), with CANN's signatures. (?) The byte formulas are opkit's: a sort structure (8 bytes)
// per element, rounded to 32 B; CANN does not document its own. The simulator needs no scratch.
#pragma once

#include <cstdint>

#include "graph/types.h"
#include "lib/hl_tiling_common.h"
#include "lib/sort/sort_config.h"
#include "lib/utils/types.h"
#include "tiling/platform/platform_ascendc.h"

namespace AscendC {

inline void GetSortMaxMinTmpSize(const TensorShape& srcShape, TensorDataType valueType, TensorDataType indexType,
                                 bool isReuseSource, const SortConfig& config, uint32_t& maxValue, uint32_t& minValue) {
  namespace d = opkit::host::detail;
  const char* api = "GetSortMaxMinTmpSize";
  const d::RowsLast r = d::rows_last(api, "srcShape", srcShape);
  const int value_size = ge::GetSizeByDataType(valueType);
  if (value_size <= 0) d::hl_tiling_error(api, "valueType has no byte size");
  const int index_size = config.hasSrcIndex || config.hasDstIndex ? ge::GetSizeByDataType(indexType) : 4;
  if (index_size <= 0) d::hl_tiling_error(api, "indexType has no byte size");
  const uint64_t elems = r.rows * r.last;
  const uint64_t bytes = elems * static_cast<uint64_t>(value_size + index_size) * (isReuseSource ? 1 : 2);
  minValue = static_cast<uint32_t>((bytes + 31) / 32 * 32);
  maxValue = minValue;
}

inline uint32_t GetSortTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform, const uint32_t elemCount,
                               const uint32_t dataTypeSize) {
  (void)ascendcPlatform;
  opkit::host::detail::require_type_size("GetSortTmpSize", dataTypeSize);
  return (elemCount * 8 + 31) / 32 * 32;
}

inline uint32_t GetConcatTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform, const uint32_t elemCount,
                                 const uint32_t dataTypeSize) {
  (void)ascendcPlatform;
  opkit::host::detail::require_type_size("GetConcatTmpSize", dataTypeSize);
  return (elemCount * dataTypeSize + 31) / 32 * 32;
}

}  // namespace AscendC
