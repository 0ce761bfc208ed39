/* ApplyAxpyCustom kernel: var_out (the same memory as var) = var + alpha * x. */
#include "inplace_kernel.h"

extern "C" __global__ __aicore__ void apply_axpy_custom(GM_ADDR var, GM_ADDR x, GM_ADDR var_out, GM_ADDR workspace,
                                                        GM_ADDR tiling)
{
    REGISTER_TILING_DEFAULT(InplaceTilingData);
    GET_TILING_DATA(tilingData, tiling);
    KernelInplace<DTYPE_VAR, true> op;
    op.Init(var, x, var_out, tilingData);
    op.Process();
}
