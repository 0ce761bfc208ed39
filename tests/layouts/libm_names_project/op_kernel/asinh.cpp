/* Asinh kernel: y = ln(x + sqrt(x * x + 1)) on one core; its kernel is `asinh`, like the C library's function. */
#include "kernel_operator.h"
#include "asinh_tiling.h"
using namespace AscendC;

class KernelAsinh {
public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t length)
    {
        this->length = length;
        xGm.SetGlobalBuffer((__gm__ float*)x, length);
        yGm.SetGlobalBuffer((__gm__ float*)y, length);
        pipe.InitBuffer(xBuf, length * sizeof(float));
        pipe.InitBuffer(tmpBuf, length * sizeof(float));
    }
    __aicore__ inline void Process()
    {
        LocalTensor<float> xLocal = xBuf.Get<float>();
        LocalTensor<float> tmp = tmpBuf.Get<float>();
        DataCopy(xLocal, xGm, length);
        PipeBarrier<PIPE_ALL>();
        Mul(tmp, xLocal, xLocal, length);
        Adds(tmp, tmp, 1.0f, length);
        Sqrt(tmp, tmp, length);
        Add(tmp, tmp, xLocal, length);
        Ln(tmp, tmp, length);
        PipeBarrier<PIPE_ALL>();
        DataCopy(yGm, tmp, length);
    }

private:
    TPipe pipe;
    TBuf<TPosition::VECCALC> xBuf, tmpBuf;
    GlobalTensor<float> xGm, yGm;
    uint32_t length = 0;
};

extern "C" __global__ __aicore__ void asinh(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    REGISTER_TILING_DEFAULT(AsinhTilingData);
    GET_TILING_DATA(tilingData, tiling);
    KernelAsinh op;
    op.Init(x, y, tilingData.length);
    op.Process();
}
