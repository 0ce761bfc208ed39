// SortConfig of the advanced Sort (kernel template argument and host tmp-size helper alike), as CANN declares it.
#pragma once

namespace AscendC {

enum class SortType { RADIX_SORT, MERGE_SORT };

struct SortConfig {
  SortType type = SortType::RADIX_SORT;
  bool isDescend = false;
  bool hasSrcIndex = false;
  bool hasDstIndex = false;
};

inline constexpr SortConfig DEFAULT_SORT_CONFIG = {};

}  // namespace AscendC
