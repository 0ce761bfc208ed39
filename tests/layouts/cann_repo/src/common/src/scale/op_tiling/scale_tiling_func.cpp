/* The scale family's TilingFunc, compiled with each op that names it in its CMakeLists.txt: the elements split over
 * up to 4 cores in 8-element blocks. */
#include "scale/op_tiling/scale_tiling_func.h"
#include "scale/log/scale_log.h"

namespace optiling {
constexpr uint32_t MAX_CORES = 4;
constexpr uint32_t BLOCK = 8;

// The node, as CANN's shared tiling code checks it (common/inc/tiling/tiling_base.h): one x and one value by IR,
// the descs by instance agreeing with the context's.
static bool NodeIsScale(const gert::TilingContext* context)
{
    const gert::ComputeNodeInfo* node = context->GetComputeNodeInfo();
    if (node == nullptr || node->GetIrInputsNum() != 2 || node->GetInputsNum() != 2 || node->GetOutputsNum() != 1) {
        return false;
    }
    const gert::AnchorInstanceInfo* x = node->GetInputInstanceInfo(0);
    const gert::AnchorInstanceInfo* value = node->GetInputInstanceInfo(1);
    return x != nullptr && value != nullptr && node->GetInputInstanceInfo(2) == nullptr &&
           x->GetInstanceStart() == 0 && x->GetInstanceNum() == 1 && value->GetInstanceStart() == 1 &&
           node->GetInputTdInfo(0)->GetDataType() == context->GetInputDesc(0)->GetDataType() &&
           node->GetOutputTdInfo(0)->GetDataType() == context->GetOutputDesc(0)->GetDataType() &&
           node->GetInputTdInfo(2) == nullptr;
}

ge::graphStatus ScaleTiling(gert::TilingContext* context)
{
    if (!NodeIsScale(context)) {
        SCALE_LOGE(context->GetNodeName(), "the node's inputs are not x and value");
        return ge::GRAPH_FAILED;
    }
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
