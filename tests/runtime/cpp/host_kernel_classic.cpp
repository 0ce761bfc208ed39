// A classic-style kernel: reads op_host tiling through GET_TILING_DATA with no include of its own; the build
// supplies -DOPKIT_OP_TYPE=ClassicCustom -include host_classic_op_tiling.h (opkit/sim/tiling.h's contract).
#include "opkit/sim/tiling.h"

#include <cstdint>

extern "C" void classic_custom(uint8_t* tiling, int64_t* out)
{
    GET_TILING_DATA(tilingData, tiling);
    out[0] = tilingData.totalLength;
    out[1] = tilingData.tileNum;
    out[2] = static_cast<int64_t>(tilingData.scale * 1000);
    for (int i = 0; i < 4; ++i) {
        out[3 + i] = tilingData.dims[i];
    }
    out[7] = tilingData.rank;
    out[8] = tilingData.inner.offset;
    out[9] = tilingData.inner.flag;
    out[10] = TILING_KEY_IS(10) ? 10 : (TILING_KEY_IS(20) ? 20 : -1);
    GET_TILING_DATA_MEMBER(optiling::TilingData, tileNum, tileNumOnly, tiling);
    out[11] = tileNumOnly;
}
