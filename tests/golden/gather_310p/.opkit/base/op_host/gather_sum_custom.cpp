// gather_sum_custom.cpp: host side of GatherSumCustom: tiling, shape and dtype inference, operator definition. Created by opkit gen 0.1.0; yours to edit.
#include <cstdint>
#include <limits>

#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"
#include "../op_kernel/gather_sum_custom_tiling.h"

namespace optiling {
// Splits xs's elements over the vector cores in blocks of whole GATHER_SUM_CUSTOM_ALIGN steps (at least
// GATHER_SUM_CUSTOM_MIN_BLOCK elements per core, 512-byte aligned), then each block
// into the largest tiles the Unified Buffer holds with GATHER_SUM_CUSTOM_BUFFER_NUM-deep queues.
static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    const gert::StorageShape* shape = context->GetDynamicInputShape(0, 0);
    if (shape == nullptr) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t totalLength = static_cast<uint64_t>(shape->GetStorageShape().GetShapeSize());
    if (totalLength % GATHER_SUM_CUSTOM_ALIGN != 0) {
        return ge::GRAPH_FAILED;  // no DataCopyPad on this SoC: the kernel copies whole 32-byte blocks only
    }

    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    const uint64_t coreNum = platform.GetCoreNumAiv() > 0 ? platform.GetCoreNumAiv() : 1;
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);

    const uint64_t steps = (totalLength + GATHER_SUM_CUSTOM_ALIGN - 1) / GATHER_SUM_CUSTOM_ALIGN;
    uint64_t stepsPerCore = steps == 0 ? 1 : (steps + coreNum - 1) / coreNum;
    // Below GATHER_SUM_CUSTOM_MIN_BLOCK elements a core costs more to start than its share of the work saves.
    const uint64_t minSteps = GATHER_SUM_CUSTOM_MIN_BLOCK / GATHER_SUM_CUSTOM_ALIGN;
    if (stepsPerCore < minSteps) {
        stepsPerCore = minSteps;
    }
    // Whole groups of 16 steps (512 bytes): every core's block then starts 512-byte aligned in GM, where the NPU's
    // GM<->UB moves reach full bandwidth (Ascend C best practice on Atlas A2; 32-byte-aligned ones reach ~70%).
    stepsPerCore = (stepsPerCore + 15) / 16 * 16;
    if (steps > 0 && stepsPerCore > steps) {
        stepsPerCore = steps;  // a small input: one core, with queues sized to the data rather than to the minimum
    }
    const uint64_t blockLength = stepsPerCore * GATHER_SUM_CUSTOM_ALIGN;
    const uint64_t blockDim = totalLength == 0 ? 1 : (totalLength + blockLength - 1) / blockLength;
    uint64_t tileLength = ubSize / GATHER_SUM_CUSTOM_UB_BYTES_PER_ELEM / GATHER_SUM_CUSTOM_ALIGN * GATHER_SUM_CUSTOM_ALIGN;
    if (tileLength == 0) {
        return ge::GRAPH_FAILED;  // the queues do not fit the Unified Buffer even for one step
    }
    if (tileLength > blockLength) {
        tileLength = blockLength;
    }

    GatherSumCustomTilingData* tiling = context->GetTilingData<GatherSumCustomTilingData>();
    if (tiling == nullptr) {
        return ge::GRAPH_FAILED;
    }
    tiling->totalLength = totalLength;
    tiling->blockLength = blockLength;
    tiling->tileLength = static_cast<uint32_t>(tileLength);

    context->SetBlockDim(static_cast<uint32_t>(blockDim));
    size_t* workspaces = context->GetWorkspaceSizes(1);
    if (workspaces == nullptr) {
        return ge::GRAPH_FAILED;
    }
    workspaces[0] = 0;
    return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ge {
// Every output takes xs's shape: right for elementwise maths; change it for anything else.
static graphStatus InferShape(gert::InferShapeContext* context)
{
    const gert::Shape* shape = context->GetDynamicInputShape(0, 0);
    if (shape == nullptr) {
        return GRAPH_FAILED;
    }
    gert::Shape* yShape = context->GetOutputShape(0);
    if (yShape == nullptr) {
        return GRAPH_FAILED;
    }
    *yShape = *shape;
    gert::Shape* maskShape = context->GetOutputShape(1);
    if (maskShape == nullptr) {
        return GRAPH_FAILED;
    }
    *maskShape = *shape;
    return GRAPH_SUCCESS;
}

// Output dtypes follow xs's as the prototype's dtype combinations pair them.
static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    const ge::DataType inputType = context->GetInputDataType(0);
    context->SetOutputDataType(0, inputType);
    context->SetOutputDataType(1, ge::DT_INT8);
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class GatherSumCustom : public OpDef {
public:
    explicit GatherSumCustom(const char* name) : OpDef(name)
    {
        this->Input("xs")
            .ParamType(DYNAMIC)
            .DataType({ge::DT_FLOAT, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("weight")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("mask")
            .ParamType(REQUIRED)
            .DataType({ge::DT_INT8, ge::DT_INT8})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});

        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc).AddConfig("ascend310p");
    }
};

OP_ADD(GatherSumCustom);
}  // namespace ops
