// The l0 layer of scale_by_scalar (opkit's test code, in the form of CANN's op_api l0 files): the op's kernel added to
// the executor's launch list, its output shaped by the op's InferShape.
#include "scale_by_scalar_l0.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"
#include "opdev/op_log.h"

namespace l0op {
OP_TYPE_REGISTER(ScaleByScalar);

const aclTensor *ScaleByScalar(const aclTensor *x, const aclTensor *value, aclOpExecutor *executor)
{
    L0_DFX(ScaleByScalar, x, value);
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
}  // namespace l0op
