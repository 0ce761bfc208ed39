/* ScalInplaceCustom kernel: x = alpha * x, written back into x (the op has no outputs). */
#include "inplace_kernel.h"

extern "C" __global__ __aicore__ void scal_inplace_custom(GM_ADDR x, GM_ADDR workspace, GM_ADDR tiling)
{
    REGISTER_TILING_DEFAULT(InplaceTilingData);
    GET_TILING_DATA(tilingData, tiling);
    KernelInplace<float, false> op;
    op.Init(nullptr, x, x, tilingData);
    op.Process();
}
