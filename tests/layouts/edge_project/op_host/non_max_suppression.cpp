/* NonMaxSuppression as ONNX defines it, for the Atlas 200I/500 A2 (Ascend310B) only: boxes [batches, spatial, 4],
 * scores [batches, classes, spatial], max_output_boxes_per_class, iou_threshold and score_threshold one element each;
 * selected_indices holds a row (batch, class, box) per kept box, the rows after the last kept one -1. */
#include "non_max_suppression_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    const gert::Shape& boxes = context->GetInputShape(0)->GetStorageShape();
    const gert::Shape& scores = context->GetInputShape(1)->GetStorageShape();
    if (boxes.GetDimNum() != 3 || scores.GetDimNum() != 3 || boxes.GetDim(2) != 4 ||
        boxes.GetDim(0) != scores.GetDim(0) || boxes.GetDim(1) != scores.GetDim(2) ||
        boxes.GetDim(1) > NMS_MAX_BOXES) {
        return ge::GRAPH_FAILED;
    }
    auto* tiling = context->GetTilingData<NonMaxSuppressionTilingData>();
    tiling->batches = static_cast<uint32_t>(boxes.GetDim(0));
    tiling->classes = static_cast<uint32_t>(scores.GetDim(1));
    tiling->spatial = static_cast<uint32_t>(boxes.GetDim(1));
    tiling->centerPointBox = static_cast<int32_t>(*context->GetAttrs()->GetInt(0));
    context->SetBlockDim(1);
    size_t* workspace = context->GetWorkspaceSizes(1);
    workspace[0] = 0;
    return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ge {
static graphStatus InferShape(gert::InferShapeContext* context)
{
    // As many rows as boxes of every batch and class could be kept: the count is known only when the op runs.
    const gert::Shape* boxes = context->GetInputShape(0);
    const gert::Shape* scores = context->GetInputShape(1);
    gert::Shape* selected = context->GetOutputShape(0);
    selected->SetDimNum(2);
    selected->SetDim(0, scores->GetDim(0) * scores->GetDim(1) * boxes->GetDim(1));
    selected->SetDim(1, 3);
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class NonMaxSuppression : public OpDef {
public:
    explicit NonMaxSuppression(const char* name) : OpDef(name)
    {
        this->Input("boxes").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Input("scores").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Input("max_output_boxes_per_class").ParamType(REQUIRED).DataType({ge::DT_INT32}).Format({ge::FORMAT_ND});
        this->Input("iou_threshold").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Input("score_threshold").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Output("selected_indices").ParamType(REQUIRED).DataType({ge::DT_INT32}).Format({ge::FORMAT_ND});
        this->Attr("center_point_box").AttrType(OPTIONAL).Int(0);
        this->SetInferShape(ge::InferShape);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend310b");
    }
};
OP_ADD(NonMaxSuppression);
}  // namespace ops
