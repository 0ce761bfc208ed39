/* ScaleByScalar kernel: the scale family's shared kernel, found through the -I of the op's CMakeLists.txt; the tiling
 * struct is the family's, registered in src/common. */
#include "scale_kernel_base.h"

extern "C" __global__ __aicore__ void scale_by_scalar(GM_ADDR x, GM_ADDR value, GM_ADDR y, GM_ADDR workspace,
                                                      GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    Scale::ScaleKernel<DTYPE_X> op;
    op.Init(x, value, y, tilingData.totalLength, tilingData.perCore);
    op.Process();
}
