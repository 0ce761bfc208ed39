// A classic-style op_host file (BEGIN_TILING_DATA_DEF, SaveToBuffer, SetDataSize) as CANN 7/8 samples write it.
#include "host_classic_op_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
const uint32_t TILE_NUM = 8;
static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    TilingData tiling;
    const gert::StorageShape* xShape = context->GetInputShape(0);
    uint32_t totalLength = xShape->GetStorageShape().GetShapeSize();
    const gert::RuntimeAttrs* attrs = context->GetAttrs();
    const float* scale = attrs->GetAttrPointer<float>(0);
    uint32_t dims[4] = {0, 0, 0, 0};
    uint32_t rank = static_cast<uint32_t>(xShape->GetStorageShape().GetDimNum());
    for (uint32_t i = 0; i < rank && i < 4; ++i) {
        dims[i] = static_cast<uint32_t>(xShape->GetStorageShape().GetDim(i));
    }
    context->SetBlockDim(rank);
    tiling.set_totalLength(totalLength);
    tiling.set_tileNum(TILE_NUM);
    tiling.set_scale(*scale);
    tiling.set_dims(dims);
    tiling.set_rank(static_cast<uint8_t>(rank));
    tiling.inner.set_offset(-static_cast<int64_t>(totalLength));
    tiling.inner.set_flag(0xBEEF);
    context->SetTilingKey(totalLength > 1024 ? 10 : 20);
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    size_t* currentWorkspace = context->GetWorkspaceSizes(2);
    currentWorkspace[0] = 0;
    currentWorkspace[1] = totalLength * sizeof(float);
    return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ge {
static ge::graphStatus InferShape(gert::InferShapeContext* context)
{
    const gert::Shape* x1_shape = context->GetInputShape(0);
    gert::Shape* y_shape = context->GetOutputShape(0);
    *y_shape = *x1_shape;
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class ClassicCustom : public OpDef {
public:
    explicit ClassicCustom(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .FormatList({ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .FormatList({ge::FORMAT_ND});
        this->Attr("scale").AttrType(OPTIONAL).Float(0.5);

        this->SetInferShape(ge::InferShape);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend310p");
        this->AICore().LaunchWithZeroEleOutputTensors(true);  // runs even when its output is empty
    }
};
OP_ADD(ClassicCustom);
}  // namespace ops
