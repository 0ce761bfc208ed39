/* The TilingFunc, in a file of its own so that it also registers for the device (DEVICE_IMPL_OP_OPTILING). */
#include "../../op_kernel/scale_axpy_sink/scale_axpy_sink_tiling_struct.h"
#include "register/device_op_impl_registry.h"
#include "scale_axpy_sink_tiling.h"

namespace optiling {
constexpr uint32_t NUM_BLOCKS = 4;

ge::graphStatus ScaleAxpySinkTiling(gert::TilingContext* context)
{
    ScaleAxpySinkTilingData* tiling = context->GetTilingData<ScaleAxpySinkTilingData>();
    const gert::RuntimeAttrs* attrs = context->GetAttrs();
    tiling->totalLength = static_cast<uint32_t>(context->GetInputShape(0)->GetStorageShape().GetShapeSize());
    tiling->alpha = *attrs->GetAttrPointer<float>(0);
    tiling->beta = static_cast<int32_t>(*attrs->GetAttrPointer<int64_t>(1));
    context->SetSimdNumBlocks(NUM_BLOCKS);
    context->GetWorkspaceSizes(1)[0] = 0;
    return ge::GRAPH_SUCCESS;
}

DEVICE_IMPL_OP_OPTILING(ScaleAxpySink).Tiling(ScaleAxpySinkTiling);
}  // namespace optiling
