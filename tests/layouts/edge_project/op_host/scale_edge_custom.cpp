/* ScaleEdgeCustom: y = scale * x, for the Atlas 200I/500 A2 (Ascend310B) only: its OpDef names no other SoC. The
 * tiling reads the platform it runs on, as an edge operator would, and refuses any other. */
#include "../op_kernel/scale_edge_custom_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    if (platform.GetSocVersion() != platform_ascendc::SocVersion::ASCEND310B || platform.GetCoreNumAiv() != 1) {
        return ge::GRAPH_FAILED;
    }
    const uint32_t total = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
    const uint32_t elemSize = context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT16 ? 2 : 4;
    // two buffers (in, out) of one tile each, in 32-byte blocks, within the UB
    uint32_t tile = static_cast<uint32_t>(ubSize / 2 / elemSize) / 32 * 32;
    if (total % (32 / elemSize) != 0) {
        return ge::GRAPH_FAILED;
    }
    auto* tiling = context->GetTilingData<ScaleEdgeCustomTilingData>();
    tiling->totalLength = total;
    tiling->tileLength = tile < total ? tile : total;
    tiling->scale = *context->GetAttrs()->GetAttrPointer<float>(0);
    context->SetBlockDim(platform.GetCoreNumAiv());
    size_t* workspace = context->GetWorkspaceSizes(1);
    workspace[0] = 0;
    return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ge {
static graphStatus InferShape(gert::InferShapeContext* context)
{
    *context->GetOutputShape(0) = *context->GetInputShape(0);
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class ScaleEdgeCustom : public OpDef {
public:
    explicit ScaleEdgeCustom(const char* name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_FLOAT}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_FLOAT}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("scale").AttrType(OPTIONAL).Float(2.0);
        this->SetInferShape(ge::InferShape);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend310b");
    }
};
OP_ADD(ScaleEdgeCustom);
}  // namespace ops
