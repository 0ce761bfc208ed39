/* Div kernel: y = x1 / x2 on one core; its kernel is `div`, like the C library's function. The tiling struct
 * reaches it from the build (older layout), and it includes a header of its own. */
#include "kernel_operator.h"
#include "div_tiling.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void div(GM_ADDR x1, GM_ADDR x2, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf[DIV_INPUTS];
    GlobalTensor<float> inGm[DIV_INPUTS];
    LocalTensor<float> in[DIV_INPUTS];
    GM_ADDR inputs[DIV_INPUTS] = {x1, x2};
    for (int32_t i = 0; i < DIV_INPUTS; i++) {
        pipe.InitBuffer(buf[i], tilingData.length * sizeof(float));
        inGm[i].SetGlobalBuffer((__gm__ float*)inputs[i], tilingData.length);
        in[i] = buf[i].Get<float>();
        DataCopy(in[i], inGm[i], tilingData.length);
    }
    PipeBarrier<PIPE_ALL>();
    Div(in[0], in[0], in[1], tilingData.length);
    PipeBarrier<PIPE_ALL>();
    GlobalTensor<float> yGm;
    yGm.SetGlobalBuffer((__gm__ float*)y, tilingData.length);
    DataCopy(yGm, in[0], tilingData.length);
}
