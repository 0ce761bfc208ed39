// scale_shift_custom.cpp: host side of ScaleShiftCustom: tiling, shape and dtype inference, operator definition. Created by opkit gen 0.1.0; yours to edit.
#include <cstdint>
#include <limits>

#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"
#include "../op_kernel/scale_shift_custom_tiling.h"

namespace optiling {
// Splits x's elements over the vector cores in blocks of whole SCALE_SHIFT_CUSTOM_ALIGN steps (at least
// SCALE_SHIFT_CUSTOM_MIN_BLOCK elements per core, 512-byte aligned), then each block
// into the largest tiles the Unified Buffer holds with SCALE_SHIFT_CUSTOM_BUFFER_NUM-deep queues.
static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    const gert::StorageShape* shape = context->GetInputShape(0);
    if (shape == nullptr) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t totalLength = static_cast<uint64_t>(shape->GetStorageShape().GetShapeSize());

    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    const uint64_t coreNum = platform.GetCoreNumAiv() > 0 ? platform.GetCoreNumAiv() : 1;
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);

    const uint64_t steps = (totalLength + SCALE_SHIFT_CUSTOM_ALIGN - 1) / SCALE_SHIFT_CUSTOM_ALIGN;
    uint64_t stepsPerCore = steps == 0 ? 1 : (steps + coreNum - 1) / coreNum;
    // Below SCALE_SHIFT_CUSTOM_MIN_BLOCK elements a core costs more to start than its share of the work saves.
    const uint64_t minSteps = SCALE_SHIFT_CUSTOM_MIN_BLOCK / SCALE_SHIFT_CUSTOM_ALIGN;
    if (stepsPerCore < minSteps) {
        stepsPerCore = minSteps;
    }
    // Whole groups of 16 steps (512 bytes): every core's block then starts 512-byte aligned in GM, where the NPU's
    // GM<->UB moves reach full bandwidth (Ascend C best practice on Atlas A2; 32-byte-aligned ones reach ~70%).
    stepsPerCore = (stepsPerCore + 15) / 16 * 16;
    if (steps > 0 && stepsPerCore > steps) {
        stepsPerCore = steps;  // a small input: one core, with queues sized to the data rather than to the minimum
    }
    const uint64_t blockLength = stepsPerCore * SCALE_SHIFT_CUSTOM_ALIGN;
    const uint64_t blockDim = totalLength == 0 ? 1 : (totalLength + blockLength - 1) / blockLength;
    uint64_t tileLength = ubSize / SCALE_SHIFT_CUSTOM_UB_BYTES_PER_ELEM / SCALE_SHIFT_CUSTOM_ALIGN * SCALE_SHIFT_CUSTOM_ALIGN;
    if (tileLength == 0) {
        return ge::GRAPH_FAILED;  // the queues do not fit the Unified Buffer even for one step
    }
    if (tileLength > blockLength) {
        tileLength = blockLength;
    }

    ScaleShiftCustomTilingData* tiling = context->GetTilingData<ScaleShiftCustomTilingData>();
    if (tiling == nullptr) {
        return ge::GRAPH_FAILED;
    }
    tiling->totalLength = totalLength;
    tiling->blockLength = blockLength;
    tiling->tileLength = static_cast<uint32_t>(tileLength);
    const gert::RuntimeAttrs* attrs = context->GetAttrs();
    if (attrs == nullptr) {
        return ge::GRAPH_FAILED;
    }
    const int64_t* axisAttr = attrs->GetAttrPointer<int64_t>(0);
    if (axisAttr == nullptr) {
        return ge::GRAPH_FAILED;
    }
    tiling->axis = *axisAttr;
    const float* alphaAttr = attrs->GetAttrPointer<float>(1);
    if (alphaAttr == nullptr) {
        return ge::GRAPH_FAILED;
    }
    tiling->alpha = *alphaAttr;
    const int64_t* countAttr = attrs->GetAttrPointer<int64_t>(2);
    if (countAttr == nullptr) {
        return ge::GRAPH_FAILED;
    }
    tiling->count = *countAttr;
    const bool* enabledAttr = attrs->GetAttrPointer<bool>(3);
    if (enabledAttr == nullptr) {
        return ge::GRAPH_FAILED;
    }
    tiling->enabled = *enabledAttr;
    const int64_t* acc_typeAttr = attrs->GetAttrPointer<int64_t>(5);
    if (acc_typeAttr == nullptr) {
        return ge::GRAPH_FAILED;
    }
    tiling->acc_type = *acc_typeAttr;
    // attr mode (string, index 4): read it here with context->GetAttrs() and put what the kernel needs into the tiling struct.
    // attr sizes (list_int, index 6): read it here with context->GetAttrs() and put what the kernel needs into the tiling struct.
    // attr scales (list_float, index 7): read it here with context->GetAttrs() and put what the kernel needs into the tiling struct.
    // attr masks (list_bool, index 8): read it here with context->GetAttrs() and put what the kernel needs into the tiling struct.
    // attr labels (list_string, index 9): read it here with context->GetAttrs() and put what the kernel needs into the tiling struct.
    // attr groups (list_list_int, index 10): read it here with context->GetAttrs() and put what the kernel needs into the tiling struct.

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
// Every output takes x's shape: right for elementwise maths; change it for anything else.
static graphStatus InferShape(gert::InferShapeContext* context)
{
    const gert::Shape* shape = context->GetInputShape(0);
    if (shape == nullptr) {
        return GRAPH_FAILED;
    }
    gert::Shape* yShape = context->GetOutputShape(0);
    if (yShape == nullptr) {
        return GRAPH_FAILED;
    }
    *yShape = *shape;
    return GRAPH_SUCCESS;
}

// Output dtypes follow x's as the prototype's dtype combinations pair them.
static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    const ge::DataType inputType = context->GetInputDataType(0);
    context->SetOutputDataType(0, inputType);
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class ScaleShiftCustom : public OpDef {
public:
    explicit ScaleShiftCustom(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("bias")
            .ParamType(OPTIONAL)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("axis").AttrType(REQUIRED).Int();
        this->Attr("alpha").AttrType(OPTIONAL).Float(0.1f);
        this->Attr("count").AttrType(OPTIONAL).Int(-3);
        this->Attr("enabled").AttrType(OPTIONAL).Bool(true);
        this->Attr("mode").AttrType(OPTIONAL).String("say \"hi\" \\ back\nslash");
        this->Attr("acc_type").AttrType(OPTIONAL).Int(ge::DT_FLOAT);
        this->Attr("sizes").AttrType(OPTIONAL).ListInt({1, 1});
        this->Attr("scales").AttrType(OPTIONAL).ListFloat({0.5f, 0.1f, 1e-10f});
        this->Attr("masks").AttrType(OPTIONAL).ListBool({true, false});
        this->Attr("labels").AttrType(OPTIONAL).ListString({"a", "b\"c"});
        this->Attr("groups").AttrType(OPTIONAL).ListListInt({{1, 2}, {3}});

        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc).AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};

OP_ADD(ScaleShiftCustom);
}  // namespace ops
