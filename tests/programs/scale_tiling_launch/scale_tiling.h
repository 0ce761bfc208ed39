// The tiling struct of scale_custom, passed to the kernel by value (as CANN's TilingNeo samples do).
#ifndef SCALE_TILING_H
#define SCALE_TILING_H
#include <cstdint>

struct ScaleTilingData {
  uint32_t totalLength;
  uint32_t tileNum;
  float factor;
};
#endif
