// The l0 layer of scale_by_scalar (opkit's test code, in the form of CANN's op_api/<op>_l0.h).
#ifndef SCALE_BY_SCALAR_L0_H_
#define SCALE_BY_SCALAR_L0_H_

#include "opdev/op_executor.h"

namespace l0op {
// y = x * value[0] on the AI Core, value a one-element tensor of x's dtype.
const aclTensor *ScaleByScalar(const aclTensor *x, const aclTensor *value, aclOpExecutor *executor);
// y = x * value into y, which the caller shaped: no INFER_SHAPE (as CANN's padv3grad.cpp launches PadV3GradReplication)
const aclTensor *ScaleByScalarInto(const aclTensor *x, const aclTensor *value, aclTensor *y, aclOpExecutor *executor);
// CANN's built-in l0 views, declared by the op's own code as CANN's pad ops do (their squeeze.h / unsqueeze.h)
const aclTensor *SqueezeNd(const aclTensor *x, const aclIntArray *dim, aclOpExecutor *executor);
const aclTensor *UnsqueezeNd(const aclTensor *x, int64_t dim, aclOpExecutor *executor);
}  // namespace l0op

#endif
