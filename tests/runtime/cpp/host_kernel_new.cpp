// A new-style (CANN >= 9) kernel: REGISTER_TILING_DEFAULT + GET_TILING_DATA at function scope, plus the
// WITH_STRUCT/PTR forms. Built alongside the classic kernel, so the classic struct is visible too and
// REGISTER_TILING_DEFAULT must win.
#include "opkit/sim/tiling.h"

#include <cstdint>

#include "host_add_custom_tiling.h"

extern "C" void add_custom(uint8_t* tiling, int64_t* out)
{
    REGISTER_TILING_DEFAULT(AddCustomTilingData);
    GET_TILING_DATA(tilingData, tiling);
    out[0] = tilingData.totalLength;
    out[1] = tilingData.tileLength;
    out[2] = tilingData.blockLength;
    out[3] = tilingData.coreNum;
    out[4] = static_cast<int64_t>(tilingData.ubSize);
    GET_TILING_DATA_WITH_STRUCT(AddCustomTilingData, again, tiling);
    GET_TILING_DATA_PTR_WITH_STRUCT(AddCustomTilingData, ptr, tiling);
    out[5] = again.totalLength == ptr->totalLength ? 1 : 0;
    out[6] = TILING_KEY_IS(1) ? 1 : (TILING_KEY_IS(2) ? 2 : -1);
}
