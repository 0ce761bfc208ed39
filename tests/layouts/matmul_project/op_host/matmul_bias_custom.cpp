/* MatmulBiasCustom: c = a @ b + bias (fp16 in, fp32 out), split over two cores by the Matmul API's multi-core host
 * tiling. No prototype JSON and no KERNEL_TASK_TYPE_DEFAULT in the kernel: CANN types it by its Matmul. */
#include "matmul_bias_custom_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
constexpr int32_t CORE_SPLIT = 2;

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    const gert::Shape aShape = context->GetInputTensor(0)->GetOriginShape();
    const gert::Shape bShape = context->GetInputTensor(1)->GetOriginShape();
    const int32_t m = static_cast<int32_t>(aShape.GetDim(0));
    const int32_t k = static_cast<int32_t>(aShape.GetDim(1));
    const int32_t n = static_cast<int32_t>(bShape.GetDim(1));
    if (bShape.GetDim(0) != k) {
        return ge::GRAPH_FAILED;
    }
    matmul_tiling::MultiCoreMatmulTiling mmTiling(platform);
    mmTiling.SetDim(CORE_SPLIT);
    mmTiling.SetAType(matmul_tiling::TPosition::GM, matmul_tiling::CubeFormat::ND, matmul_tiling::DataType::DT_FLOAT16);
    mmTiling.SetBType(matmul_tiling::TPosition::GM, matmul_tiling::CubeFormat::ND, matmul_tiling::DataType::DT_FLOAT16);
    mmTiling.SetCType(matmul_tiling::TPosition::GM, matmul_tiling::CubeFormat::ND, matmul_tiling::DataType::DT_FLOAT);
    mmTiling.SetBiasType(matmul_tiling::TPosition::GM, matmul_tiling::CubeFormat::ND,
                         matmul_tiling::DataType::DT_FLOAT);
    mmTiling.SetShape(m, n, k);
    mmTiling.SetOrgShape(m, n, k);
    mmTiling.SetBias(true);
    mmTiling.SetBufferSpace(-1, -1, -1);
    MatmulBiasCustomTilingData tiling;
    if (mmTiling.GetTiling(tiling.mm) == -1) {
        return ge::GRAPH_FAILED;
    }
    tiling.set_coreSplit(CORE_SPLIT);
    context->SetBlockDim(1);   // one AI Core: its cube core and its two vector cores, one per half of C
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    size_t* workspace = context->GetWorkspaceSizes(1);
    workspace[0] = static_cast<size_t>(platform.GetLibApiWorkSpaceSize());
    return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ge {
static graphStatus InferShape(gert::InferShapeContext* context)
{
    const gert::Shape* a = context->GetInputShape(0);
    const gert::Shape* b = context->GetInputShape(1);
    gert::Shape* c = context->GetOutputShape(0);
    c->SetDimNum(2);
    c->SetDim(0, a->GetDim(0));
    c->SetDim(1, b->GetDim(1));
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class MatmulBiasCustom : public OpDef {
public:
    explicit MatmulBiasCustom(const char* name) : OpDef(name)
    {
        this->Input("a").ParamType(REQUIRED).DataType({ge::DT_FLOAT16}).Format({ge::FORMAT_ND});
        this->Input("b").ParamType(REQUIRED).DataType({ge::DT_FLOAT16}).Format({ge::FORMAT_ND});
        this->Input("bias").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Output("c").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->SetInferShape(ge::InferShape);
        this->AICore().SetTiling(optiling::TilingFunc).AddConfig("ascend910b");
    }
};
OP_ADD(MatmulBiasCustom);
}  // namespace ops
