// MatmulCommCustom: c = AllReduce(a @ b), gather = AllGather(a), scatter = ReduceScatter(a @ b) over the ranks of the
// communicator the attr `group` names. Two row tiles: a is gathered tile by tile (communication first), each product
// tile is all-reduced as soon as every cube core has written it (computation first).
#include "../op_kernel/matmul_comm_custom_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"
#include "tiling/tiling_api.h"
#include "tiling/hccl/hccl_tiling.h"

namespace {
constexpr uint32_t HCCL_CMD_ALLREDUCE = 2;
constexpr uint32_t HCCL_CMD_ALLGATHER = 6;
constexpr uint32_t HCCL_CMD_REDUCE_SCATTER = 7;
constexpr uint32_t CUBE_CORES = 2;
}

static ge::graphStatus MatmulCommCustomTilingFunc(gert::TilingContext *context)
{
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    const char *group = context->GetAttrs()->GetAttrPointer<char>(0);
    const uint32_t m = context->GetInputShape(0)->GetStorageShape().GetDim(0);
    const uint32_t k = context->GetInputShape(0)->GetStorageShape().GetDim(1);
    const uint32_t n = context->GetInputShape(1)->GetStorageShape().GetDim(1);
    if (m % 2 != 0) {
        return ge::GRAPH_FAILED;
    }
    MatmulCommCustomTilingData *tiling = context->GetTilingData<MatmulCommCustomTilingData>();
    tiling->m = m;
    tiling->n = n;
    tiling->k = k;
    tiling->tileRows = m / 2;

    matmul_tiling::MultiCoreMatmulTiling mm;
    mm.SetAType(matmul_tiling::TPosition::GM, matmul_tiling::CubeFormat::ND, matmul_tiling::DataType::DT_FLOAT16);
    mm.SetBType(matmul_tiling::TPosition::GM, matmul_tiling::CubeFormat::ND, matmul_tiling::DataType::DT_FLOAT16);
    mm.SetCType(matmul_tiling::TPosition::GM, matmul_tiling::CubeFormat::ND, matmul_tiling::DataType::DT_FLOAT16);
    mm.SetBias(false);
    mm.SetDim(CUBE_CORES);
    mm.SetShape(m / 2, n, k);
    mm.SetOrgShape(m / 2, n, k);
    if (mm.GetTiling(tiling->tileTiling) != 0) {
        return ge::GRAPH_FAILED;
    }

    AscendC::Mc2CcTilingConfig cc(group, HCCL_CMD_ALLGATHER, "AllGather=level0:doublering", 0);
    cc.GetTiling(tiling->mc2InitTiling);
    cc.GetTiling(tiling->allGatherTiling);
    cc.SetOpType(HCCL_CMD_ALLREDUCE);
    cc.SetAlgConfig("AllReduce=level0:fullmesh");
    cc.GetTiling(tiling->allReduceTiling);
    cc.SetOpType(HCCL_CMD_REDUCE_SCATTER);
    cc.SetAlgConfig("ReduceScatter=level0:doublering");
    cc.GetTiling(tiling->reduceScatterTiling);

    context->SetBlockDim(CUBE_CORES);
    size_t *workspace = context->GetWorkspaceSizes(1);
    workspace[0] = platform.GetLibApiWorkSpaceSize() + static_cast<size_t>(m) * n * sizeof(uint16_t);
    return ge::GRAPH_SUCCESS;
}

namespace ops {
class MatmulCommCustom : public OpDef {
public:
    explicit MatmulCommCustom(const char *name) : OpDef(name)
    {
        this->Input("a").ParamType(REQUIRED).DataType({ge::DT_FLOAT16}).Format({ge::FORMAT_ND});
        this->Input("b").ParamType(REQUIRED).DataType({ge::DT_FLOAT16}).Format({ge::FORMAT_ND});
        this->Output("c").ParamType(REQUIRED).DataType({ge::DT_FLOAT16}).Format({ge::FORMAT_ND});
        this->Output("gather").ParamType(REQUIRED).DataType({ge::DT_FLOAT16}).Format({ge::FORMAT_ND});
        this->Output("scatter").ParamType(REQUIRED).DataType({ge::DT_FLOAT16}).Format({ge::FORMAT_ND});
        this->Attr("group").AttrType(REQUIRED).String();
        this->AICore().SetTiling(MatmulCommCustomTilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->MC2().HcclGroup("group");
    }
};
OP_ADD(MatmulCommCustom);
}
