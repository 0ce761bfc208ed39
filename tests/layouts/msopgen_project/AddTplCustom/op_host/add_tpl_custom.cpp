/* AddTplCustom: z = x + y, or 2 * (x + y) when `twice`; the kernel is a template selected by tiling key. */
#include "../op_kernel/add_tpl_custom_tiling.h"
#include "../op_kernel/tiling_key_add_tpl_custom.h"
#include "register/op_def_registry.h"
#include "register/op_impl_registry.h"
#include "graph/utils/type_utils.h"

namespace optiling {
constexpr uint32_t BLOCK_DIM = 4;

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    AddTplCustomTilingData* tiling = context->GetTilingData<AddTplCustomTilingData>();
    const uint32_t totalLength = context->GetInputShape(0)->GetOriginShape().GetShapeSize();
    const ge::DataType dtype = context->GetInputDesc(0)->GetDataType();
    uint32_t typeLength = 0;
    ge::TypeUtils::GetDataTypeLength(dtype, typeLength);
    // Four double-buffered tiles per core when every tile still holds whole 32-byte blocks, else one.
    const uint32_t tileNum = totalLength * typeLength % (BLOCK_DIM * 4 * 2 * 32) == 0 ? 4 : 1;
    if (totalLength * typeLength % (BLOCK_DIM * tileNum * 2 * 32) != 0) {
        return ge::GRAPH_FAILED;
    }
    const bool* twice = context->GetAttrs()->GetAttrPointer<bool>(0);
    const uint32_t dT = dtype == ge::DT_FLOAT16 ? ADD_TPL_FP16 : ADD_TPL_FP32;
    const uint32_t dTZ = static_cast<uint32_t>(context->GetOutputDesc(0)->GetDataType());
    ASCENDC_TPL_SEL_PARAM(context, dT, tileNum, *twice ? 1 : 0, dTZ);
    tiling->totalLength = totalLength;
    context->SetBlockDim(BLOCK_DIM);
    size_t* currentWorkspace = context->GetWorkspaceSizes(1);
    currentWorkspace[0] = 0;
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
class AddTplCustom : public OpDef {
public:
    explicit AddTplCustom(const char* name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_FLOAT}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_FLOAT}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("z").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_FLOAT}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("twice").AttrType(OPTIONAL).Bool(false);
        this->SetInferShape(ge::InferShape);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(AddTplCustom);
}  // namespace ops

DEVICE_IMPL_OP_OPTILING(AddTplCustom).Tiling(optiling::TilingFunc);
