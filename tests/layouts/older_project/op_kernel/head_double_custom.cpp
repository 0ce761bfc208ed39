/* HeadDoubleCustom kernel: one core, one tile. */
#include "kernel_operator.h"
#include "head_double_custom_tiling.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void head_double_custom(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    REGISTER_TILING_DEFAULT(HeadDoubleCustomTilingData);
    GET_TILING_DATA(tilingData, tiling);
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, tilingData.outLength * sizeof(float));
    GlobalTensor<float> xGm;
    GlobalTensor<float> yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x);
    yGm.SetGlobalBuffer((__gm__ float*)y);
    LocalTensor<float> local = buf.Get<float>();
    DataCopy(local, xGm, tilingData.outLength);
    PipeBarrier<PIPE_ALL>();
    Muls(local, local, 2.0f, tilingData.outLength);
    PipeBarrier<PIPE_ALL>();
    DataCopy(yGm, local, tilingData.outLength);
}
