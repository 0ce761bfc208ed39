/* ScaleEdgeCustom kernel: one AI Core walks the tensor tile by tile. Written for the 310B (arch 3002) only. */
#include "kernel_operator.h"
#include "scale_edge_custom_tiling.h"
using namespace AscendC;

#if __NPU_ARCH__ != 3002
#error "ScaleEdgeCustom is written for Ascend310B (__NPU_ARCH__ 3002)"
#endif

extern "C" __global__ __aicore__ void scale_edge_custom(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    REGISTER_TILING_DEFAULT(ScaleEdgeCustomTilingData);
    GET_TILING_DATA(tilingData, tiling);
    TPipe pipe;
    TBuf<TPosition::VECCALC> inBuf;
    TBuf<TPosition::VECCALC> outBuf;
    pipe.InitBuffer(inBuf, tilingData.tileLength * sizeof(DTYPE_X));
    pipe.InitBuffer(outBuf, tilingData.tileLength * sizeof(DTYPE_Y));
    GlobalTensor<DTYPE_X> xGm;
    GlobalTensor<DTYPE_Y> yGm;
    xGm.SetGlobalBuffer((__gm__ DTYPE_X*)x, tilingData.totalLength);
    yGm.SetGlobalBuffer((__gm__ DTYPE_Y*)y, tilingData.totalLength);
    LocalTensor<DTYPE_X> in = inBuf.Get<DTYPE_X>();
    LocalTensor<DTYPE_Y> out = outBuf.Get<DTYPE_Y>();
    for (uint32_t done = 0; done < tilingData.totalLength; done += tilingData.tileLength) {
        const uint32_t left = tilingData.totalLength - done;
        const uint32_t n = left < tilingData.tileLength ? left : tilingData.tileLength;
        DataCopy(in, xGm[done], n);
        PipeBarrier<PIPE_ALL>();
        Muls(out, in, static_cast<DTYPE_X>(tilingData.scale), n);
        PipeBarrier<PIPE_ALL>();
        DataCopy(yGm[done], out, n);
        PipeBarrier<PIPE_ALL>();
    }
}
