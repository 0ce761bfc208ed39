/* Tiling data of Div (older layout: the tiling macros, included by the host only; the build hands it to the kernel). */
#ifndef DIV_TILING_H
#define DIV_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(DivTilingData)
TILING_DATA_FIELD_DEF(uint32_t, length);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(Div, DivTilingData)
}  // namespace optiling
#endif  // DIV_TILING_H
