/* ScaleByScalar: y = x * value, value an aclScalar (the OpDef marks it .Scalar()); its tiling is the scale family's,
 * in src/common. */
#include "register/op_def_registry.h"
#include "scale/op_tiling/scale_tiling_func.h"

namespace ge {
static graphStatus InferShape(gert::InferShapeContext* context)
{
    // rank 3 refused: aclnnScaleTwice's l0 launches on a [1, 3, 100] view must not ask it (as CANN, where
    // ADD_TO_LAUNCHER_LIST_AICORE runs no InferShape: pad_v3_grad_replication's reads an attr its OpDef lacks)
    if (context->GetInputShape(0)->GetDimNum() == 3) {
        return GRAPH_FAILED;
    }
    *context->GetOutputShape(0) = *context->GetInputShape(0);
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class ScaleByScalar : public OpDef {
public:
    explicit ScaleByScalar(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("value")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND})
            .Scalar();
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->SetInferShape(ge::InferShape);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(ScaleByScalar);
}  // namespace ops
