/* InferShape of ScaleAxpyCustom: z has x's shape. */
#include "register/op_impl_registry.h"
#include "exe_graph/runtime/infer_shape_context.h"

namespace ops {
static ge::graphStatus InferShape(gert::InferShapeContext* context)
{
    const gert::Shape* xShape = context->GetInputShape(0);
    gert::Shape* zShape = context->GetOutputShape(0);
    if (xShape == nullptr || zShape == nullptr) {
        return ge::GRAPH_FAILED;
    }
    *zShape = *xShape;
    return ge::GRAPH_SUCCESS;
}

IMPL_OP_INFERSHAPE(ScaleAxpyCustom).InferShape(InferShape);
}  // namespace ops
