// gelu_custom_grad.cpp: host side of GeluCustomGrad: tiling from the platform's core count and UB size, shape and dtype
// inference, and the operator definition.
#include <cstdint>

#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"
#include "../op_kernel/gelu_custom_grad_tiling.h"

namespace optiling {
// Splits the elements over the vector cores in whole 32-byte blocks (the last used core takes the rest), then each
// core's share into the largest tiles whose queues and float scratch (GeluCustomGradUbBytesPerElem) fit the
// UB.
static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    const gert::StorageShape* shape = context->GetInputShape(0);
    const gert::CompileTimeTensorDesc* desc = context->GetInputDesc(0);
    if (shape == nullptr || desc == nullptr) {
        return ge::GRAPH_FAILED;
    }
    const int typeSize = ge::GetSizeByDataType(desc->GetDataType());
    if (typeSize <= 0) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t totalLength = static_cast<uint64_t>(shape->GetStorageShape().GetShapeSize());
    const uint64_t alignElems = GELU_CUSTOM_GRAD_BLOCK_BYTES / static_cast<uint64_t>(typeSize);

    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    const uint64_t coreNum = platform.GetCoreNumAiv() > 0 ? platform.GetCoreNumAiv() : 1;
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);

    const uint64_t blocks = (totalLength + alignElems - 1) / alignElems;
    // Whole groups of 16 blocks (512 bytes) per core: each core's part then starts 512-byte aligned in GM, where the
    // NPU's GM<->UB moves reach full bandwidth (Ascend C best practice on Atlas A2; 32-byte-aligned ones reach ~70%).
    const uint64_t blocksPerCore = blocks == 0 ? 1 : ((blocks + coreNum - 1) / coreNum + 15) / 16 * 16;
    const uint64_t blockLength = blocksPerCore * alignElems;
    const uint64_t blockDim = totalLength == 0 ? 1 : (totalLength + blockLength - 1) / blockLength;

    const uint64_t ubBytesPerElem = GeluCustomGradUbBytesPerElem(static_cast<uint32_t>(typeSize));
    uint64_t tileLength = ubSize / ubBytesPerElem / alignElems * alignElems;
    if (tileLength == 0) {
        return ge::GRAPH_FAILED;  // not even one 32-byte block per buffer fits the Unified Buffer
    }
    if (tileLength > blockLength) {
        tileLength = blockLength;
    }

    GeluCustomGradTilingData* tiling = context->GetTilingData<GeluCustomGradTilingData>();
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
// Elementwise: dy and x must have one shape, which dx takes, with dy's dtype.
static graphStatus InferShape(gert::InferShapeContext* context)
{
    const gert::Shape* dyShape = context->GetInputShape(0);
    const gert::Shape* xShape = context->GetInputShape(1);
    gert::Shape* dxShape = context->GetOutputShape(0);
    if (dyShape == nullptr || xShape == nullptr || dxShape == nullptr || !(*dyShape == *xShape)) {
        return GRAPH_FAILED;
    }
    *dxShape = *dyShape;
    return GRAPH_SUCCESS;
}

static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class GeluCustomGrad : public OpDef {
public:
    explicit GeluCustomGrad(const char* name) : OpDef(name)
    {
        this->Input("dy")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("dx")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});

        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc).AddConfig("ascend910b");
    }
};

OP_ADD(GeluCustomGrad);
}  // namespace ops
