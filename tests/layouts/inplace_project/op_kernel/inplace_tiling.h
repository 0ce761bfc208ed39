/* Tiling data of ApplyAxpyCustom and ScalInplaceCustom, shared by host and kernels. */
#ifndef INPLACE_TILING_H
#define INPLACE_TILING_H
#include <cstdint>
struct InplaceTilingData {
    uint32_t totalLength;
    float alpha;
};
#endif  // INPLACE_TILING_H
