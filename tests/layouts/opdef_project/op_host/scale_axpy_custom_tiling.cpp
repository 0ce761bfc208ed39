/* TilingFunc of ScaleAxpyCustom: the elements split over up to 8 cores, each core's share in tiles of TILE_LENGTH;
 * the attrs go to the kernel in the tiling struct. */
#include "register/op_impl_registry.h"
#include "exe_graph/runtime/tiling_context.h"
#include "scale_axpy_custom_tiling.h"   // op_kernel/ is on the host include path, as in CANN's build

namespace optiling {
constexpr uint32_t BLOCK_DIM = 8;

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    ScaleAxpyCustomTilingData* tiling = context->GetTilingData<ScaleAxpyCustomTilingData>();
    const uint64_t total = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
    const gert::RuntimeAttrs* attrs = context->GetAttrs();
    const float* alpha = attrs->GetAttrPointer<float>(0);
    const int64_t* beta = attrs->GetAttrPointer<int64_t>(1);
    if (alpha == nullptr || beta == nullptr) {
        return ge::GRAPH_FAILED;
    }
    tiling->totalLength = static_cast<uint32_t>(total);
    tiling->alpha = *alpha;
    tiling->beta = static_cast<int32_t>(*beta);
    context->SetBlockDim(BLOCK_DIM);
    size_t* workspace = context->GetWorkspaceSizes(1);
    workspace[0] = 0;
    return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(ScaleAxpyCustom).Tiling(TilingFunc);
}  // namespace optiling
