// The l0 layer of scale_by_scalar (opkit's test code, in the form of CANN's op_api l0 files): the op's kernel added to
// the executor's launch list, its output shaped by the op's InferShape, or by the caller (ScaleByScalarInto). Like CANN's l0 files (circular_pad's
// padv3.cpp) it asks the SoC and checks the dtype with what op_def.h brings: GetCurrentPlatformInfo, SocVersion,
// CheckType.
#include "scale_by_scalar_l0.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_def.h"
#include "opdev/op_dfx.h"
#include "opdev/op_log.h"

using namespace op;

namespace l0op {
OP_TYPE_REGISTER(ScaleByScalar);

static const std::initializer_list<op::DataType> ASCEND910B_AICORE_DTYPE_SUPPORT_LIST = {
    op::DataType::DT_FLOAT, op::DataType::DT_FLOAT16};

const aclTensor *ScaleByScalar(const aclTensor *x, const aclTensor *value, aclOpExecutor *executor)
{
    L0_DFX(ScaleByScalar, x, value);
    if (GetCurrentPlatformInfo().GetSocVersion() != SocVersion::ASCEND910B ||
        !CheckType(x->GetDataType(), ASCEND910B_AICORE_DTYPE_SUPPORT_LIST)) {
        return nullptr;
    }
    // a deliberately wrong shape: INFER_SHAPE must give the output x's
    auto y = executor->AllocTensor(op::Shape{1}, x->GetDataType());
    auto ret = INFER_SHAPE(ScaleByScalar, OP_INPUT(x, value), OP_OUTPUT(y));
    if (ret != ACLNN_SUCCESS) {
        return nullptr;
    }
    ret = ADD_TO_LAUNCHER_LIST_AICORE(ScaleByScalar, OP_INPUT(x, value), OP_OUTPUT(y));
    OP_CHECK_ADD_TO_LAUNCHER_LIST_AICORE(ret != ACLNN_SUCCESS, return nullptr, "ScaleByScalar launch failed.");
    return y;
}

const aclTensor *ScaleByScalarInto(const aclTensor *x, const aclTensor *value, aclTensor *y, aclOpExecutor *executor)
{
    L0_DFX(ScaleByScalarInto, x, value, y);
    auto ret = ADD_TO_LAUNCHER_LIST_AICORE(ScaleByScalar, OP_INPUT(x, value), OP_OUTPUT(y));
    OP_CHECK(ret == ACLNN_SUCCESS, OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "ScaleByScalarInto launch failed."),
             return nullptr);
    return y;
}
}  // namespace l0op
