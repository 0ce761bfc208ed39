/* ScaleByScalar kernel: the scale family's shared kernel, found through the -I of the op's CMakeLists.txt; the tiling
 * struct is the family's, registered in src/common. The element type is picked in the preprocessor, as CANN's
 * operator repository's kernels do (CANN's kernel_type.h makes DT_FLOAT16 a macro). */
#include "scale_kernel_base.h"

#if (ORIG_DTYPE_X == DT_FLOAT16)
using ScaleType = half;
#else
using ScaleType = float;
#endif

extern "C" __global__ __aicore__ void scale_by_scalar(GM_ADDR x, GM_ADDR value, GM_ADDR y, GM_ADDR workspace,
                                                      GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    Scale::ScaleKernel<ScaleType> op;
    static_assert(sizeof(ScaleType) == sizeof(DTYPE_X), "ORIG_DTYPE_X tested in #if");
    op.Init(x, value, y, tilingData.totalLength, tilingData.perCore);
    op.Process();
}
