/* Fill kernel: y = value everywhere, x's shape; its kernel is `fill`, like the C++ library's std::fill. */
#include <algorithm>
#include "kernel_operator.h"
#include "fill_tiling.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void fill(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    REGISTER_TILING_DEFAULT(FillTilingData);
    GET_TILING_DATA(tilingData, tiling);
    (void)x;   // only its shape matters, and the host has read it
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, tilingData.length * sizeof(float));
    LocalTensor<float> local = buf.Get<float>();
    Duplicate(local, tilingData.value, tilingData.length);
    PipeBarrier<PIPE_ALL>();
    GlobalTensor<float> yGm;
    yGm.SetGlobalBuffer((__gm__ float*)y, tilingData.length);
    DataCopy(yGm, local, tilingData.length);
}
