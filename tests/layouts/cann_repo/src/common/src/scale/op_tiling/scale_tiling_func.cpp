/* The scale family's TilingFunc, compiled with each op that names it in its CMakeLists.txt: the elements split over
 * up to 4 cores in 8-element blocks. */
#include "scale/op_tiling/scale_tiling_func.h"

namespace optiling {
constexpr uint32_t MAX_CORES = 4;
constexpr uint32_t BLOCK = 8;

ge::graphStatus ScaleTiling(gert::TilingContext* context)
{
    ScaleCommonTilingData tiling;
    const uint32_t total = static_cast<uint32_t>(context->GetInputShape(0)->GetStorageShape().GetShapeSize());
    const uint32_t blocks = (total + BLOCK - 1) / BLOCK;
    const uint32_t cores = blocks < MAX_CORES ? (blocks == 0 ? 1 : blocks) : MAX_CORES;
    tiling.set_totalLength(total);
    tiling.set_perCore((blocks + cores - 1) / cores * BLOCK);
    context->SetBlockDim(cores);
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    size_t* workspace = context->GetWorkspaceSizes(1);
    workspace[0] = 0;
    return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(ScaleByScalar).Tiling(ScaleTiling);
}  // namespace optiling
