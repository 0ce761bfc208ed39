/* HeadDoubleCustom: y = 2 * x[:len(y)]. The caller decides y's length, so the op has no InferShape (aclnn style). */
#include "../op_kernel/head_double_custom_tiling.h"
#include "register/op_def_registry.h"

namespace optiling {
static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    HeadDoubleCustomTilingData* tiling = context->GetTilingData<HeadDoubleCustomTilingData>();
    const uint32_t outLength = context->GetOutputShape(0)->GetStorageShape().GetShapeSize();
    const uint32_t inLength = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
    if (outLength > inLength || outLength % 8 != 0) {
        return ge::GRAPH_FAILED;
    }
    tiling->outLength = outLength;
    context->SetBlockDim(1);
    size_t* currentWorkspace = context->GetWorkspaceSizes(1);
    currentWorkspace[0] = 0;
    return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ops {
class HeadDoubleCustom : public OpDef {
public:
    explicit HeadDoubleCustom(const char* name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(HeadDoubleCustom);
}  // namespace ops
