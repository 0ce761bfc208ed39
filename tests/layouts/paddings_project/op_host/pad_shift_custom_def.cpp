/* PadShiftCustom: y = x + (paddings[0] + paddings[1]). A stand-in for CANN's pad ops (CircularPad, PadV3Grad...):
 * an int32 `paddings` input beside the float data whose values the TilingFunc reads (GetInputTensor(1)->GetData), so
 * a tiling probe that gives it a shape but no values crashes. No prototype JSON: the OpDef is the declaration. */
#include "register/op_def_registry.h"

namespace ops {
class PadShiftCustom : public OpDef {
public:
    explicit PadShiftCustom(const char* name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_FLOAT}).FormatList({ge::FORMAT_ND});
        this->Input("paddings").ParamType(REQUIRED).DataType({ge::DT_INT32, ge::DT_INT32})
            .FormatList({ge::FORMAT_ND});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_FLOAT}).FormatList({ge::FORMAT_ND});
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(PadShiftCustom);
}  // namespace ops
