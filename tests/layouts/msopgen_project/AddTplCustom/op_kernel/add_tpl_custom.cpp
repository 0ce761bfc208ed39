/* AddTplCustom kernel: one template per (dtype, tile count, twice), chosen by the host's tiling key. */
#include "kernel_operator.h"
#include "add_tpl_custom_tiling.h"
#include "tiling_key_add_tpl_custom.h"
using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;

template <typename T, int TILE_NUM, bool TWICE>
class KernelAddTpl {
public:
    __aicore__ inline KernelAddTpl() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t totalLength)
    {
        blockLength = totalLength / GetBlockNum();
        tileLength = blockLength / TILE_NUM / BUFFER_NUM;
        xGm.SetGlobalBuffer((__gm__ T*)x + blockLength * GetBlockIdx(), blockLength);
        yGm.SetGlobalBuffer((__gm__ T*)y + blockLength * GetBlockIdx(), blockLength);
        zGm.SetGlobalBuffer((__gm__ T*)z + blockLength * GetBlockIdx(), blockLength);
        pipe.InitBuffer(inQueueX, BUFFER_NUM, tileLength * sizeof(T));
        pipe.InitBuffer(inQueueY, BUFFER_NUM, tileLength * sizeof(T));
        pipe.InitBuffer(outQueueZ, BUFFER_NUM, tileLength * sizeof(T));
    }
    __aicore__ inline void Process()
    {
        for (int32_t i = 0; i < TILE_NUM * BUFFER_NUM; i++) {
            LocalTensor<T> xLocal = inQueueX.AllocTensor<T>();
            LocalTensor<T> yLocal = inQueueY.AllocTensor<T>();
            DataCopy(xLocal, xGm[i * tileLength], tileLength);
            DataCopy(yLocal, yGm[i * tileLength], tileLength);
            inQueueX.EnQue(xLocal);
            inQueueY.EnQue(yLocal);
            xLocal = inQueueX.DeQue<T>();
            yLocal = inQueueY.DeQue<T>();
            LocalTensor<T> zLocal = outQueueZ.AllocTensor<T>();
            Add(zLocal, xLocal, yLocal, tileLength);
            if constexpr (TWICE) {
                Muls(zLocal, zLocal, static_cast<T>(2.0f), tileLength);
            }
            outQueueZ.EnQue(zLocal);
            inQueueX.FreeTensor(xLocal);
            inQueueY.FreeTensor(yLocal);
            zLocal = outQueueZ.DeQue<T>();
            DataCopy(zGm[i * tileLength], zLocal, tileLength);
            outQueueZ.FreeTensor(zLocal);
        }
    }

private:
    TPipe pipe;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX, inQueueY;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueZ;
    GlobalTensor<T> xGm, yGm, zGm;
    uint32_t blockLength;
    uint32_t tileLength;
};

/* D_T_Z is a data type parameter (ASCENDC_TPL_DATATYPE_DECL): the kernel gets the type itself. */
template <int D_T, int TILE_NUM, int TWICE, typename D_T_Z>
__global__ __aicore__ void add_tpl_custom(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling)
{
    static_assert(std::is_same_v<D_T_Z, half> == (D_T == ADD_TPL_FP16), "ASCENDC_TPL_SEL pairs D_T with D_T_Z");
    static_assert(std::is_same_v<D_T_Z, half> || std::is_same_v<D_T_Z, float>, "C_DT_INT32 is never selected");
    REGISTER_TILING_DEFAULT(AddTplCustomTilingData);
    GET_TILING_DATA(tilingData, tiling);
    if constexpr (std::is_same_v<D_T_Z, DTYPE_X>) {
        KernelAddTpl<D_T_Z, TILE_NUM, TWICE != 0> op;
        op.Init(x, y, z, tilingData.totalLength);
        op.Process();
    }
}
