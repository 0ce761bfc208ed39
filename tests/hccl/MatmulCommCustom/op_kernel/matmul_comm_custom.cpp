// MatmulCommCustom's kernel: the cube cores compute, core 0 hands the collectives to HCCL's server.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
#include "matmul_comm_custom_tiling.h"
using namespace AscendC;
using MmType = MatmulType<TPosition::GM, CubeFormat::ND, half>;

// This core's part of one row tile's product (the tiling splits C among usedCoreNum cores).
__aicore__ inline void TileMatmul(GM_ADDR a, GM_ADDR b, GM_ADDR c, TCubeTiling &t,
                                  MatmulImpl<MmType, MmType, MmType> &mm)
{
    if (GetBlockIdx() >= t.usedCoreNum) {
        return;
    }
    GlobalTensor<half> aGlobal, bGlobal, cGlobal;
    aGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(a), t.M * t.Ka);
    bGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(b), t.Ka * t.N);
    cGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(c), t.M * t.N);
    const int mBlocks = (t.M + t.singleCoreM - 1) / t.singleCoreM;
    const int mIndex = GetBlockIdx() % mBlocks;
    const int nIndex = GetBlockIdx() / mBlocks;
    const int rows = t.M - mIndex * t.singleCoreM < t.singleCoreM ? t.M - mIndex * t.singleCoreM : t.singleCoreM;
    const int cols = t.N - nIndex * t.singleCoreN < t.singleCoreN ? t.N - nIndex * t.singleCoreN : t.singleCoreN;
    mm.SetOrgShape(t.M, t.N, t.Ka, t.Kb);
    mm.SetTensorA(aGlobal[mIndex * t.singleCoreM * t.Ka]);
    mm.SetTensorB(bGlobal[nIndex * t.singleCoreN]);
    mm.SetTail(rows, cols);
    mm.IterateAll(cGlobal[mIndex * t.singleCoreM * t.N + nIndex * t.singleCoreN]);
}

extern "C" __global__ __aicore__ void matmul_comm_custom(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR gather,
                                                         GM_ADDR scatter, GM_ADDR workspace, GM_ADDR tiling)
{
    if ASCEND_IS_AIV {
        return;
    }
    REGISTER_TILING_DEFAULT(MatmulCommCustomTilingData);
    GET_TILING_DATA(t, tiling);
    TPipe pipe;
    Hccl hccl;
    hccl.InitV2(GetHcclContext<HCCL_GROUP_ID_0>(), &t);
    hccl.SetCcTilingV2(offsetof(MatmulCommCustomTilingData, allGatherTiling));
    hccl.SetCcTilingV2(offsetof(MatmulCommCustomTilingData, allReduceTiling));
    hccl.SetCcTilingV2(offsetof(MatmulCommCustomTilingData, reduceScatterTiling));
    const uint64_t tileA = static_cast<uint64_t>(t.tileRows) * t.k;
    const uint64_t tileC = static_cast<uint64_t>(t.tileRows) * t.n;

    // Communication first: a's row tiles are gathered at once, rank r's rows at r * m * k of gather.
    HcclHandle gathered = hccl.AllGather<true>(a, gather, tileA, HcclDataType::HCCL_DATA_TYPE_FP16,
                                               static_cast<uint64_t>(t.m) * t.k, 2);
    // Computation first: each product tile is summed over the ranks once every cube core has written it.
    GM_ADDR product = GetUserWorkspace(workspace);
    HcclHandle reduced = hccl.AllReduce(product, c, tileC, HcclDataType::HCCL_DATA_TYPE_FP16, HCCL_REDUCE_SUM, 2);
    MatmulImpl<MmType, MmType, MmType> mm;
    mm.SetSubBlockIdx(0);
    mm.Init(&t.tileTiling);
    for (uint32_t i = 0; i < 2; ++i) {
        TileMatmul(a + i * tileA * sizeof(half), b, product + i * tileC * sizeof(half), t.tileTiling, mm);
        CrossCoreSetFlag<0x0, PIPE_FIX>(0x8);
        CrossCoreWaitFlag(0x8);
        hccl.Commit(reduced);
    }
    // The whole product, summed over the ranks, rank r keeping rows [r * m / ranks, (r + 1) * m / ranks).
    HcclHandle scattered = hccl.ReduceScatter<true>(product, scatter, static_cast<uint64_t>(t.m / hccl.GetRankDim()) * t.n,
                                                    HcclDataType::HCCL_DATA_TYPE_FP16, HCCL_REDUCE_SUM, 0);
    for (uint32_t i = 0; i < 2; ++i) {
        hccl.Wait(gathered);
        hccl.Wait(reduced);
    }
    hccl.Wait(scattered);
    mm.End();
    CrossCoreSetFlag<0x0, PIPE_FIX>(0x8);
    CrossCoreWaitFlag(0x8);
    hccl.Finalize();
}
