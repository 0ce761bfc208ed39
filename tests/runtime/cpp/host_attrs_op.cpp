// An op with every attr type, an optional input and a dynamic input; TilingFunc echoes what it sees.
#include <cstring>

#include "host_attrs_op_tiling.h"
#include "register/op_def_registry.h"

namespace optiling {
static void CopyName(char* dst, size_t cap, const char* src)
{
    std::strncpy(dst, src, cap - 1);
    dst[cap - 1] = '\0';
}

static void EchoLists(const gert::RuntimeAttrs* attrs, AttrsTilingData* t)
{
    const auto* axes = attrs->GetListInt(5);
    t->axesN = static_cast<int64_t>(axes->GetSize());
    for (size_t i = 0; i < axes->GetSize() && i < 4; ++i) t->axes[i] = axes->GetData()[i];
    const auto* weights = attrs->GetListFloat(6);
    t->weightsN = static_cast<int64_t>(weights->GetSize());
    for (size_t i = 0; i < weights->GetSize() && i < 4; ++i) t->weights[i] = weights->GetData()[i];
    const auto* masks = attrs->GetListBool(7);
    t->masksN = static_cast<int64_t>(masks->GetSize());
    for (size_t i = 0; i < masks->GetSize() && i < 4; ++i) t->masks[i] = masks->GetData()[i] ? 1 : 0;
    const auto* tags = attrs->GetAttrPointer<gert::TypedContinuousVector<const char*>>(8);
    t->tagsN = static_cast<int64_t>(tags->GetSize());
    CopyName(t->tag0, sizeof(t->tag0), tags->GetSize() > 0 ? tags->GetData()[0] : "");
    const auto* groups = attrs->GetListListInt(9);
    t->groupsN = static_cast<int64_t>(groups->GetSize());
    for (size_t i = 0; i < groups->GetSize(); ++i) {
        const gert::ContinuousVector* row = groups->Get(i);
        if (i < 4) t->groupSizes[i] = static_cast<int64_t>(row->GetSize());
        const int64_t* v = static_cast<const int64_t*>(row->GetData());
        for (size_t j = 0; j < row->GetSize(); ++j) t->groupSum += v[j];
    }
}

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    AttrsTilingData* t = context->GetTilingData<AttrsTilingData>();
    const gert::RuntimeAttrs* attrs = context->GetAttrs();
    t->count = *attrs->GetInt(0);
    t->alpha = *attrs->GetFloat(1);
    t->flag = *attrs->GetBool(2) ? 1 : 0;
    t->outDtype = static_cast<int32_t>(*attrs->GetAttrPointer<ge::DataType>(3));
    CopyName(t->mode, sizeof(t->mode), attrs->GetStr(4));
    EchoLists(attrs, t);
    t->attrNum = static_cast<uint32_t>(attrs->GetAttrNum());
    t->mixedTypeNull = attrs->GetInt(1) == nullptr ? 1 : 0;
    t->inputNum = static_cast<uint32_t>(context->GetComputeNodeInputNum());
    const gert::StorageShape* bias = context->GetOptionalInputShape(1);
    t->hasBias = bias != nullptr ? 1 : 0;
    const gert::Tensor* biasTensor = context->GetOptionalInputTensor(1);
    t->biasFirst = (biasTensor != nullptr && biasTensor->GetData<int64_t>() != nullptr)
                       ? biasTensor->GetData<int64_t>()[0] : -1;
    for (size_t j = 0; context->GetDynamicInputShape(2, j) != nullptr; ++j) {
        const gert::Shape& s = context->GetDynamicInputShape(2, j)->GetStorageShape();
        if (j < 4) t->xsLastDims[j] = s.GetDim(s.GetDimNum() - 1);
        t->xsNum = static_cast<uint32_t>(j + 1);
    }
    context->SetBlockDim(static_cast<uint32_t>(t->count));
    return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ge {
// y = x concatenated with every xs along the last axis; with bias, a leading dim 1 is added.
static ge::graphStatus InferShape(gert::InferShapeContext* context)
{
    const gert::Shape* x = context->GetInputShape(0);
    gert::Shape out = *x;
    for (size_t j = 0; context->GetDynamicInputShape(2, j) != nullptr; ++j) {
        const gert::Shape* s = context->GetDynamicInputShape(2, j);
        if (s->GetDimNum() != x->GetDimNum()) {
            return GRAPH_FAILED;
        }
        out.SetDim(out.GetDimNum() - 1, out.GetDim(out.GetDimNum() - 1) + s->GetDim(s->GetDimNum() - 1));
    }
    gert::Shape* y = context->GetOutputShape(0);
    y->SetDimNum(0);
    if (context->GetOptionalInputShape(1) != nullptr) {
        y->AppendDim(1);
    }
    for (size_t i = 0; i < out.GetDimNum(); ++i) {
        y->AppendDim(out.GetDim(i));
    }
    return GRAPH_SUCCESS;
}

static ge::graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    const ge::DataType* outDtype = context->GetAttrs()->GetAttrPointer<ge::DataType>(3);
    context->SetOutputDataType(0, *outDtype);
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class AttrsCustom : public OpDef {
public:
    explicit AttrsCustom(const char* name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT16}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("bias").ParamType(OPTIONAL).DataTypeList({ge::DT_INT64}).FormatList({ge::FORMAT_ND})
            .ValueDepend(OPTIONAL);
        this->Input("xs").ParamType(DYNAMIC).DataType({ge::DT_FLOAT, ge::DT_FLOAT16}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT16}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("count").AttrType(REQUIRED).Int();
        this->Attr("alpha").AttrType(OPTIONAL).Float(0.25);
        this->Attr("flag").AttrType(OPTIONAL).Bool(true);
        this->Attr("out_dtype").AttrType(OPTIONAL).Type(ge::DT_FLOAT);
        this->Attr("mode").AttrType(OPTIONAL).String("sum");
        this->Attr("axes").AttrType(OPTIONAL).ListInt({0, 1});
        this->Attr("weights").AttrType(OPTIONAL).ListFloat({});
        this->Attr("masks").AttrType(OPTIONAL).ListBool({true, false, true});
        this->Attr("tags").AttrType(OPTIONAL).ListString({"a", "bc"});
        this->Attr("groups").AttrType(OPTIONAL).ListListInt({{1, 2}, {3}});

        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc).AddConfig("ascend910b");
    }
};
OP_ADD(AttrsCustom);
}  // namespace ops
