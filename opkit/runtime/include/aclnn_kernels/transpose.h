// CANN's aclnn_kernels/transpose.h on the CPU (opkit/runtime/src/opdev_builtins.cpp): a dense permuted copy.
#pragma once

#include "opdev/op_executor.h"

namespace l0op {
// out.shape[i] = x.shape[perm[i]]; null (with the error) for a perm that is not one of x's dims.
const aclTensor* Transpose(const aclTensor* x, const aclIntArray* perm, aclOpExecutor* executor);
}  // namespace l0op
