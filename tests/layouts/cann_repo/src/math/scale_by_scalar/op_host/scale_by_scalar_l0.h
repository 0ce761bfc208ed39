// The l0 layer of scale_by_scalar (opkit's test code, in the form of CANN's op_api/<op>_l0.h).
#ifndef SCALE_BY_SCALAR_L0_H_
#define SCALE_BY_SCALAR_L0_H_

#include "opdev/op_executor.h"

namespace l0op {
// y = x * value[0] on the AI Core, value a one-element tensor of x's dtype.
const aclTensor *ScaleByScalar(const aclTensor *x, const aclTensor *value, aclOpExecutor *executor);
}  // namespace l0op

#endif
