/* Exp kernel: y = e^x on one core. The op is called Exp, so its kernel is `exp`, like the C library's function. */
#include "kernel_operator.h"
#include "exp_tiling.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void exp(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    REGISTER_TILING_DEFAULT(ExpTilingData);
    GET_TILING_DATA(tilingData, tiling);
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, tilingData.length * sizeof(DTYPE_X));
    GlobalTensor<DTYPE_X> xGm;
    GlobalTensor<DTYPE_Y> yGm;
    xGm.SetGlobalBuffer((__gm__ DTYPE_X*)x);
    yGm.SetGlobalBuffer((__gm__ DTYPE_Y*)y);
    LocalTensor<DTYPE_X> local = buf.Get<DTYPE_X>();
    DataCopy(local, xGm, tilingData.length);
    PipeBarrier<PIPE_ALL>();
    Exp(local, local, tilingData.length);
    PipeBarrier<PIPE_ALL>();
    DataCopy(yGm, local, tilingData.length);
}
