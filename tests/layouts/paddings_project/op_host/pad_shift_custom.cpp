/* InferShape and TilingFunc of PadShiftCustom. The TilingFunc reads the paddings' values, as CircularPad's does; like
 * many production TilingFuncs it trusts the tensor to hold them. */
#include "register/op_impl_registry.h"
#include "exe_graph/runtime/infer_shape_context.h"
#include "exe_graph/runtime/tiling_context.h"
#include "pad_shift_custom_tiling.h"

namespace ops {
static ge::graphStatus InferShape(gert::InferShapeContext* context)
{
    *context->GetOutputShape(0) = *context->GetInputShape(0);
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_INFERSHAPE(PadShiftCustom).InferShape(InferShape);
}  // namespace ops

namespace optiling {
static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    const gert::Tensor* paddings = context->GetInputTensor(1);
    if (paddings == nullptr || paddings->GetShapeSize() < 2) {
        return ge::GRAPH_FAILED;
    }
    const int32_t* pads = paddings->GetData<int32_t>();   // null when the caller gave no values: crashes here
    PadShiftCustomTilingData* tiling = context->GetTilingData<PadShiftCustomTilingData>();
    tiling->totalLength = static_cast<uint32_t>(context->GetInputShape(0)->GetStorageShape().GetShapeSize());
    tiling->shift = static_cast<float>(pads[0] + pads[1]);
    context->SetBlockDim(4);
    context->GetWorkspaceSizes(1)[0] = 0;
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_OPTILING(PadShiftCustom).Tiling(TilingFunc);
}  // namespace optiling
