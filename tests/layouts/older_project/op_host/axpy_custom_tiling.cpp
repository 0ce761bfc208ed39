/* AxpyCustom's tiling, in a file of its own beside the OpDef. */
#include "axpy_custom_tiling.h"
#include "axpy_custom_tiling_func.h"
#include "graph/utils/type_utils.h"

namespace optiling {
ge::graphStatus AxpyCustomTilingFunc(gert::TilingContext* context)
{
    AxpyCustomTilingData tiling;
    uint32_t totalLength = context->GetInputShape(0)->GetOriginShape().GetShapeSize();
    uint32_t typeLength = 0;
    if (!ge::TypeUtils::GetDataTypeLength(context->GetInputDesc(0)->GetDataType(), typeLength)) {
        return ge::GRAPH_FAILED;
    }
    // Every core takes whole 32-byte blocks in each of its double-buffered tiles.
    if (totalLength * typeLength % (AXPY_BLOCK_DIM * AXPY_TILE_NUM * 2 * 32) != 0) {
        return ge::GRAPH_FAILED;
    }
    const float* alpha = context->GetAttrs()->GetAttrPointer<float>(0);
    context->SetBlockDim(AXPY_BLOCK_DIM);
    tiling.set_totalLength(totalLength);
    tiling.set_tileNum(AXPY_TILE_NUM);
    tiling.set_alpha(*alpha);
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    size_t* currentWorkspace = context->GetWorkspaceSizes(1);
    currentWorkspace[0] = 0;
    return ge::GRAPH_SUCCESS;
}
}  // namespace optiling
