// CANN's aclnn_kernels/common/op_error_check.h on the CPU: the argument checks of op_api code. A failed check
// records CANN's message (aclGetRecentErrMsg) and runs the given statement (usually a return).
#pragma once

#include <initializer_list>

#include "opdev/common_types.h"
#include "opdev/data_type_utils.h"
#include "opdev/op_log.h"

namespace opkit::opdev {
inline bool DtypeIn(const aclTensor* t, const std::initializer_list<op::DataType>& list)
{
    return op::CheckType(t->GetDataType(), list);
}
}  // namespace opkit::opdev

#define OP_CHECK_DTYPE_NOT_SUPPORT(tensor, list, ...) do { if (!opkit::opdev::DtypeIn(tensor, list)) { \
    OP_LOGE(ACLNN_ERR_PARAM_INVALID, "%s's dtype %s is not supported", #tensor, \
            op::ToString((tensor)->GetDataType()).c_str()); __VA_ARGS__; } } while (0)
#define OP_CHECK_DTYPE_NOT_MATCH(tensor, dtype, ...) do { if ((tensor)->GetDataType() != (dtype)) { \
    OP_LOGE(ACLNN_ERR_PARAM_INVALID, "%s's dtype %s should be %s", #tensor, \
            op::ToString((tensor)->GetDataType()).c_str(), op::ToString(dtype).c_str()); __VA_ARGS__; } } while (0)
#define OP_CHECK_DTYPE_NOT_SAME(a, b, ...) do { if ((a)->GetDataType() != (b)->GetDataType()) { \
    OP_LOGE(ACLNN_ERR_PARAM_INVALID, "%s's dtype %s and %s's dtype %s should be the same", #a, \
            op::ToString((a)->GetDataType()).c_str(), #b, op::ToString((b)->GetDataType()).c_str()); \
    __VA_ARGS__; } } while (0)
#define OP_CHECK_MAX_DIM(tensor, max, ...) do { if ((tensor)->GetViewShape().GetDimNum() > (size_t)(max)) { \
    OP_LOGE(ACLNN_ERR_PARAM_INVALID, "%s has %zu dims, more than %zu", #tensor, \
            (tensor)->GetViewShape().GetDimNum(), (size_t)(max)); __VA_ARGS__; } } while (0)
#define OP_CHECK_MIN_DIM(tensor, min, ...) do { if ((tensor)->GetViewShape().GetDimNum() < (size_t)(min)) { \
    OP_LOGE(ACLNN_ERR_PARAM_INVALID, "%s has %zu dims, fewer than %zu", #tensor, \
            (tensor)->GetViewShape().GetDimNum(), (size_t)(min)); __VA_ARGS__; } } while (0)
#define OP_CHECK_WRONG_DIMENSION(tensor, dim, ...) do { if ((tensor)->GetViewShape().GetDimNum() != (size_t)(dim)) { \
    OP_LOGE(ACLNN_ERR_PARAM_INVALID, "%s has %zu dims, not %zu", #tensor, \
            (tensor)->GetViewShape().GetDimNum(), (size_t)(dim)); __VA_ARGS__; } } while (0)
#define OP_CHECK_SHAPE_NOT_EQUAL(a, b, ...) do { if ((a)->GetViewShape() != (b)->GetViewShape()) { \
    OP_LOGE(ACLNN_ERR_PARAM_INVALID, "%s's shape %s and %s's shape %s should be equal", #a, \
            op::ToString((a)->GetViewShape()).c_str(), #b, op::ToString((b)->GetViewShape()).c_str()); \
    __VA_ARGS__; } } while (0)
#define OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE(tensor, expected, ...) do { \
    if ((tensor)->GetViewShape() != (expected)) { \
    OP_LOGE(ACLNN_ERR_PARAM_INVALID, "%s's shape %s should be %s", #tensor, \
            op::ToString((tensor)->GetViewShape()).c_str(), op::ToString(expected).c_str()); \
    __VA_ARGS__; } } while (0)

// The op's result and the caller's output hold the same shape.
inline bool CheckReduceOutShape(const aclTensor* result, const aclTensor* out)
{
    if (result->GetViewShape() == out->GetViewShape()) return true;
    OP_LOGE(ACLNN_ERR_PARAM_INVALID, "out's shape %s should be %s", op::ToString(out->GetViewShape()).c_str(),
            op::ToString(result->GetViewShape()).c_str());
    return false;
}
