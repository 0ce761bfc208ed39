/* TilingFunc of both ops: the elements of input 0 over up to 4 cores; alpha to the kernel in the tiling struct. */
#include "register/op_impl_registry.h"
#include "exe_graph/runtime/tiling_context.h"
#include "inplace_tiling.h"

namespace optiling {
static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    InplaceTilingData* tiling = context->GetTilingData<InplaceTilingData>();
    const float* alpha = context->GetAttrs()->GetAttrPointer<float>(0);
    if (alpha == nullptr) {
        return ge::GRAPH_FAILED;
    }
    tiling->totalLength = static_cast<uint32_t>(context->GetInputShape(0)->GetStorageShape().GetShapeSize());
    tiling->alpha = *alpha;
    context->SetBlockDim(4);
    context->GetWorkspaceSizes(1)[0] = 0;
    return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(ApplyAxpyCustom).Tiling(TilingFunc);
IMPL_OP_OPTILING(ScalInplaceCustom).Tiling(TilingFunc);
}  // namespace optiling
