/* MatmulBiasCustom's kernel: the Matmul object lives in a class and is registered in the entry, each vector core
 * computes its share of C's rows (as the tiling split them), the entry has no KERNEL_TASK_TYPE_DEFAULT. */
#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using namespace matmul;

template <typename A, typename B, typename C, typename Bias>
class MatmulBiasKernel {
public:
    using AType = MatmulType<AscendC::TPosition::GM, CubeFormat::ND, A>;
    using BType = MatmulType<AscendC::TPosition::GM, CubeFormat::ND, B>;
    using CType = MatmulType<AscendC::TPosition::GM, CubeFormat::ND, C>;
    using BiasType = MatmulType<AscendC::TPosition::GM, CubeFormat::ND, Bias>;
    Matmul<AType, BType, CType, BiasType> mm;

    __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, const TCubeTiling& tiling)
    {
        // The cores split C into singleCoreM x singleCoreN blocks, M first.
        const uint32_t mBlocks = (tiling.M + tiling.singleCoreM - 1) / tiling.singleCoreM;
        const uint32_t mIdx = AscendC::GetBlockIdx() % mBlocks;
        const uint32_t nIdx = AscendC::GetBlockIdx() / mBlocks;
        aGm.SetGlobalBuffer(reinterpret_cast<__gm__ A*>(a) + mIdx * tiling.singleCoreM * tiling.Ka);
        bGm.SetGlobalBuffer(reinterpret_cast<__gm__ B*>(b) + nIdx * tiling.singleCoreN);
        biasGm.SetGlobalBuffer(reinterpret_cast<__gm__ Bias*>(bias) + nIdx * tiling.singleCoreN);
        cGm.SetGlobalBuffer(reinterpret_cast<__gm__ C*>(c) + mIdx * tiling.singleCoreM * tiling.N +
                            nIdx * tiling.singleCoreN);
        tailM = tiling.M - mIdx * tiling.singleCoreM;
        tailM = tailM < static_cast<uint32_t>(tiling.singleCoreM) ? tailM : tiling.singleCoreM;
        tailN = tiling.N - nIdx * tiling.singleCoreN;
        tailN = tailN < static_cast<uint32_t>(tiling.singleCoreN) ? tailN : tiling.singleCoreN;
    }

    __aicore__ inline void Process()
    {
        mm.SetTail(tailM, tailN);
        mm.SetTensorA(aGm);
        mm.SetTensorB(bGm);
        mm.SetBias(biasGm);
        mm.IterateAll(cGm);
        mm.End();
    }

private:
    AscendC::GlobalTensor<A> aGm;
    AscendC::GlobalTensor<B> bGm;
    AscendC::GlobalTensor<Bias> biasGm;
    AscendC::GlobalTensor<C> cGm;
    uint32_t tailM = 0;
    uint32_t tailN = 0;
};

extern "C" __global__ __aicore__ void matmul_bias_custom(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c,
                                                         GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    MatmulBiasKernel<half, half, float, float> op;
    AscendC::TPipe pipe;
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), op.mm, &tilingData.mm);
    op.Init(a, b, bias, c, tilingData.mm);
    op.Process();
}
