/* ScaleAxpyCustom: z = alpha * x + beta * y. No prototype JSON: the OpDef is the op's only declaration, as in CANN's
 * operator repository, with the InferShape and the TilingFunc registered by name from their own files. */
#include "register/op_def_registry.h"

namespace ops {
class ScaleAxpyCustom : public OpDef {
public:
    explicit ScaleAxpyCustom(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_INT32})
            .FormatList({ge::FORMAT_ND});
        this->Output("z")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_INT32})
            .FormatList({ge::FORMAT_ND});
        this->Attr("alpha").AttrType(OPTIONAL).Float(1.5f);
        this->Attr("beta").AttrType(OPTIONAL).Int(2);

        OpAICoreConfig config;
        config.DynamicCompileStaticFlag(true).DynamicRankSupportFlag(true).DynamicShapeSupportFlag(true);
        this->AICore().AddConfig("ascend910b", config);
        this->AICore().AddConfig("ascend910_93", config);
    }
};
OP_ADD(ScaleAxpyCustom);
}  // namespace ops
