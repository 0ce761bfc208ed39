/* ApplyAxpyCustom: var += alpha * x, var written in place. CANN's ref tensor: an Output named like an Input is that
 * input (its kernel takes a third address, the same memory). No InferShape: a ref output is its input. And
 * ScalInplaceCustom: x *= alpha, an op without outputs (it works in place on its input, as sscal does). No JSON. */
#include "register/op_def_registry.h"

namespace ops {
class ApplyAxpyCustom : public OpDef {
public:
    explicit ApplyAxpyCustom(const char* name) : OpDef(name)
    {
        this->Input("var")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("var")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("alpha").AttrType(OPTIONAL).Float(2.0f);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(ApplyAxpyCustom);

class ScalInplaceCustom : public OpDef {
public:
    explicit ScalInplaceCustom(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT})
            .Format({ge::FORMAT_ND});
        this->Attr("alpha").AttrType(REQUIRED).Float();
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(ScalInplaceCustom);
}  // namespace ops
