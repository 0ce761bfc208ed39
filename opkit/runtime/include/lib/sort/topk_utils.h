// TopK's shape and mode types (CANN's topk_utils.h, topk_utils_constants.h), shared by the kernel API and the host
// helpers.
#pragma once

#include <cstdint>

namespace AscendC {

enum class TopKMode {
  TOPK_NORMAL,
  TOPK_NSMALL,
};
enum class TopKAlgo { RADIX_SELECT, MERGE_SORT };
enum class TopKOrder { UNSET, LARGEST, SMALLEST };

struct TopKConfig {
  TopKAlgo algo = TopKAlgo::MERGE_SORT;
  TopKOrder order = TopKOrder::UNSET;
  bool sorted = true;
};

inline constexpr TopKConfig defaultTopKConfig = {};

struct TopKInfo {
  int32_t outter = 1;
  int32_t inner;  // n rounded up to 32 elements
  int32_t n;      // the row's real length
};

}  // namespace AscendC
