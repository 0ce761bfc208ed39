// aclnnScaleTwice (opkit's test code, a hand-written l2 API in the form of CANN's op_api/aclnn_<op>.cpp): checks its
// arguments, makes self contiguous, broadcasts it to out's shape when it has fewer dims (on the SoCs from ASCEND910B
// to ASCEND910E, as kl_div_target_backward's l2 decides), runs the op's l0 twice (the first result feeds the second,
// through CANN's UnsqueezeNd / SqueezeNd views), casts to out's dtype and copies into out's view.
#include "aclnn_scale_twice.h"
#include "aclnn_kernels/cast.h"
#include "aclnn_kernels/common/op_error_check.h"
#include "aclnn_kernels/contiguous.h"
#include "opdev/common_types.h"
#include "opdev/op_dfx.h"
#include "opdev/op_executor.h"
#include "opdev/op_log.h"
#include "opdev/platform.h"
#include "opdev/shape_utils.h"
#include "aclnn_kernels/broadcast_to.h"
#include "scale_by_scalar_l0.h"

using namespace op;

static const std::initializer_list<DataType> SUPPORTED = {DataType::DT_FLOAT, DataType::DT_FLOAT16};

static aclnnStatus CheckParams(const aclTensor *self, const aclScalar *value, const aclTensor *out)
{
    OP_CHECK_NULL(self, return ACLNN_ERR_PARAM_NULLPTR);
    OP_CHECK_NULL(value, return ACLNN_ERR_PARAM_NULLPTR);
    OP_CHECK_NULL(out, return ACLNN_ERR_PARAM_NULLPTR);
    OP_CHECK_DTYPE_NOT_SUPPORT(self, SUPPORTED, return ACLNN_ERR_PARAM_INVALID);
    OP_CHECK_DTYPE_NOT_SUPPORT(out, SUPPORTED, return ACLNN_ERR_PARAM_INVALID);
    if (self->GetViewShape().GetDimNum() == out->GetViewShape().GetDimNum()) {
        OP_CHECK_SHAPE_NOT_EQUAL(self, out, return ACLNN_ERR_PARAM_INVALID);
    } else {
        const SocVersion soc = GetCurrentPlatformInfo().GetSocVersion();
        op::Shape broadcastShape;
        if (soc < SocVersion::ASCEND910B || soc > SocVersion::ASCEND910E ||
            !BroadcastInferShape(self->GetViewShape(), out->GetViewShape(), broadcastShape) ||
            broadcastShape != out->GetViewShape()) {
            OP_LOGE(ACLNN_ERR_PARAM_INVALID, "self's shape %s does not broadcast to out's shape %s",
                    op::ToString(self->GetViewShape()).GetString(), op::ToString(out->GetViewShape()).GetString());
            return ACLNN_ERR_PARAM_INVALID;
        }
    }
    // circular_pad's l2 checks: IsPrivateFormat and MAX_DIM_NUM without format_utils.h included
    if (op::IsPrivateFormat(self->GetStorageFormat())) {
        return ACLNN_ERR_PARAM_INVALID;
    }
    op::FVector<int64_t, op::MAX_DIM_NUM> dims;
    for (size_t i = 0; i < self->GetViewShape().GetDimNum(); ++i) {
        dims.emplace_back(self->GetViewShape().GetDim(i));
    }
    if (dims.size() > op::MAX_DIM_NUM) {
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

extern "C" aclnnStatus aclnnScaleTwiceGetWorkspaceSize(const aclTensor *self, const aclScalar *value, aclTensor *out,
                                                       uint64_t *workspaceSize, aclOpExecutor **executor)
{
    L2_DFX_PHASE_1(aclnnScaleTwice, DFX_IN(self, value), DFX_OUT(out));
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);
    auto ret = CheckParams(self, value, out);
    CHECK_RET(ret == ACLNN_SUCCESS, ret);

    auto selfContiguous = l0op::Contiguous(self, uniqueExecutor.get());
    CHECK_RET(selfContiguous != nullptr, ACLNN_ERR_INNER_NULLPTR);
    if (self->GetViewShape() != out->GetViewShape()) {
        op::FVector<int64_t, op::MAX_DIM_NUM> outDims = op::ToShapeVector(out->GetViewShape());
        auto outShape = uniqueExecutor.get()->AllocIntArray(outDims.data(), outDims.size());
        CHECK_RET(outShape != nullptr, ACLNN_ERR_INNER_WRONG_ATTR_INFO_SIZE);
        selfContiguous = l0op::BroadcastTo(selfContiguous, outShape, uniqueExecutor.get());
        CHECK_RET(selfContiguous != nullptr, ACLNN_ERR_INNER_NULLPTR);
    }
    auto valueTensor = uniqueExecutor->ConvertToTensor(value, self->GetDataType());
    CHECK_RET(valueTensor != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto once = l0op::ScaleByScalar(selfContiguous, valueTensor, uniqueExecutor.get());
    CHECK_RET(once != nullptr, ACLNN_ERR_INNER_NULLPTR);
    // the second pass on a [1, ...] view of the first result, into an output shaped here (the op's InferShape takes
    // no rank 3: the launch asks it nothing), squeezed back (dim -3: from the end)
    auto lifted = l0op::UnsqueezeNd(once, 0, uniqueExecutor.get());
    CHECK_RET(lifted != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto into = uniqueExecutor->AllocTensor(lifted->GetViewShape(), lifted->GetDataType());
    auto twiceLifted = l0op::ScaleByScalarInto(lifted, valueTensor, into, uniqueExecutor.get());
    CHECK_RET(twiceLifted != nullptr, ACLNN_ERR_INNER_NULLPTR);
    const int64_t squeezeDims[] = {-3};
    auto dimArray = uniqueExecutor->AllocIntArray(squeezeDims, 1);
    auto twice = l0op::SqueezeNd(twiceLifted, dimArray, uniqueExecutor.get());
    CHECK_RET(twice != nullptr, ACLNN_ERR_INNER_NULLPTR);
    CHECK_RET(CheckReduceOutShape(twice, out), ACLNN_ERR_PARAM_INVALID);
    auto casted = l0op::Cast(twice, out->GetDataType(), uniqueExecutor.get());
    CHECK_RET(casted != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto copied = l0op::ViewCopy(casted, out, uniqueExecutor.get());
    CHECK_RET(copied != nullptr, ACLNN_ERR_INNER_NULLPTR);

    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

extern "C" aclnnStatus aclnnScaleTwice(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                       aclrtStream stream)
{
    L2_DFX_PHASE_2(aclnnScaleTwice);
    return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}
