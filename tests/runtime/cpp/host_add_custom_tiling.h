// New-style (CANN >= 9 msopgen) tiling struct of AddCustom: a plain struct shared by op_host and op_kernel.
#pragma once

#include <cstdint>

struct AddCustomTilingData {
  uint32_t totalLength;
  uint32_t tileLength;
  uint32_t blockLength;
  uint32_t coreNum;
  uint64_t ubSize;
};
