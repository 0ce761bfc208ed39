// Plain tiling structs shared by the example kernels and their host drivers (the CANN >= 9 style).
#pragma once

#include <cstdint>

struct AddTiling {
  uint32_t totalLength;  // elements of x, y, z
  uint32_t blockLength;  // elements per block (the last block may get fewer)
  uint32_t tileLength;   // elements per tile; a multiple of 32 B worth of elements
};

struct LeakyReluTiling {
  uint32_t totalLength;
  uint32_t tileLength;
  float negativeSlope;  // the op's attr, carried to the kernel through tiling
};

struct RowTiling {
  uint32_t rows;
  uint32_t cols;         // elements per row
  uint32_t paddedCols;   // cols rounded up to 32 B worth of elements: the UB row length
  uint32_t rowsPerBlock;
  float epsilon;         // rms norm only
};
