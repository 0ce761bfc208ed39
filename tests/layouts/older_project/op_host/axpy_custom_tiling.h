/* Tiling data of AxpyCustom (CANN's older layout: defined with the tiling macros, included by the host only). */
#ifndef AXPY_CUSTOM_TILING_H
#define AXPY_CUSTOM_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(AxpyCustomTilingData)
TILING_DATA_FIELD_DEF(uint32_t, totalLength);
TILING_DATA_FIELD_DEF(uint32_t, tileNum);
TILING_DATA_FIELD_DEF(float, alpha);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(AxpyCustom, AxpyCustomTilingData)
}  // namespace optiling
#endif  // AXPY_CUSTOM_TILING_H
