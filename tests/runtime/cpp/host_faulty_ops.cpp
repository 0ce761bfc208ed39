// Ops that misbehave on request (attr "mode"), and one registered the ops-nn way (IMPL_OP_*), for error tests.
#include <cstring>
#include <stdexcept>
#include <string>

#include "register/op_def_registry.h"
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace {
struct HugeTiling {
    uint8_t bytes[70000];
};

std::string Mode(const gert::RuntimeAttrs* attrs) { return attrs->GetStr(0); }

ge::graphStatus FaultyTiling(gert::TilingContext* context)
{
    const std::string mode = Mode(context->GetAttrs());
    context->SetBlockDim(4);
    if (mode == "fail") return ge::GRAPH_FAILED;
    if (mode == "zero_block") context->SetBlockDim(0);
    if (mode == "huge_block") context->SetBlockDim(70000);
    if (mode == "manager") {
        context->SetBlockDim(platform_ascendc::PlatformAscendCManager::GetInstance()->GetCoreNumAiv());
    }
    if (mode == "throw") throw std::runtime_error("tiling exploded");
    if (mode == "big_struct" && context->GetTilingData<HugeTiling>() != nullptr) return ge::GRAPH_FAILED;
    if (mode == "overflow") {
        gert::TilingData* raw = context->GetRawTilingData();
        raw->SetDataSize(raw->GetCapacity() + 8);
    }
    if (mode == "append") {
        gert::TilingData* raw = context->GetRawTilingData();
        const uint32_t values[3] = {7, 8, 9};
        if (raw->Append(values, 3) != ge::GRAPH_SUCCESS || raw->Append(uint64_t{10}) != ge::GRAPH_SUCCESS) {
            return ge::GRAPH_FAILED;
        }
    }
    return ge::GRAPH_SUCCESS;
}

ge::graphStatus FaultyInferShape(gert::InferShapeContext* context)
{
    if (Mode(context->GetAttrs()) == "infer_fail") return ge::GRAPH_FAILED;
    *context->GetOutputShape(0) = *context->GetInputShape(0);
    return ge::GRAPH_SUCCESS;
}

ge::graphStatus ImplInferShape(gert::InferShapeContext* context)
{
    gert::Shape* y = context->GetOutputShape(0);
    *y = {context->GetInputShape(0)->GetShapeSize()};
    return ge::GRAPH_SUCCESS;
}

// ops-nn style: a compile info filled once from the platform by TilingParse, read by every TilingFunc call.
struct ImplCompileInfo {
    int64_t coreNum = 0;
    uint64_t ubSize = 0;
};

ge::graphStatus ImplTilingParse(gert::TilingParseContext* context)
{
    auto* info = context->GetCompiledInfo<ImplCompileInfo>();
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    info->coreNum = platform.GetCoreNumAiv();
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, info->ubSize);
    return info->coreNum > 0 ? ge::GRAPH_SUCCESS : ge::GRAPH_FAILED;
}

ge::graphStatus ImplTiling(gert::TilingContext* context)
{
    auto* info = reinterpret_cast<const ImplCompileInfo*>(context->GetCompileInfo());
    if (info == nullptr || context->GetCompileInfo<ImplCompileInfo>() != info) {
        return ge::GRAPH_FAILED;
    }
    auto* data = context->GetTilingData<int64_t[3]>();
    (*data)[0] = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
    (*data)[1] = info->coreNum;
    (*data)[2] = static_cast<int64_t>(info->ubSize);
    context->SetBlockDim(1);
    context->SetTilingKey(77);
    return ge::GRAPH_SUCCESS;
}
}  // namespace

namespace ops {
class FaultyCustom : public OpDef {
public:
    explicit FaultyCustom(const char* name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Attr("mode").AttrType(REQUIRED).String();
        this->SetInferShape(FaultyInferShape);
        this->AICore().SetTiling(FaultyTiling).AddConfig("ascend910b");
    }
};
OP_ADD(FaultyCustom);

// Flattens x; dtype from the combination table (no InferDataType): (fp16, int32)->fp16, (fp32, int32)->fp32.
class ImplStyleCustom : public OpDef {
public:
    explicit ImplStyleCustom(const char* name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_FLOAT}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("idx").ParamType(OPTIONAL).DataTypeList({ge::DT_INT32}).FormatList({ge::FORMAT_ND});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_FLOAT}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
        OpAICoreConfig config;
        config.DynamicCompileStaticFlag(true).DynamicShapeSupportFlag(true);
        this->AICore().AddConfig("ascend910b", config);
    }
};
OP_ADD(ImplStyleCustom);
}  // namespace ops

IMPL_OP_INFERSHAPE(ImplStyleCustom).InferShape(ImplInferShape);
IMPL_OP_OPTILING(ImplStyleCustom)
    .Tiling(ImplTiling)
    .TilingParse<ImplCompileInfo>(ImplTilingParse)
    .TilingInputsDataDependency({1});
