// CANN's aclnn_kernels/reshape.h on the CPU (opkit/runtime/src/opdev_builtins.cpp): a new shape over x's data.
#pragma once

#include "opdev/op_executor.h"

namespace l0op {
const aclTensor* Reshape(const aclTensor* x, const op::Shape& shape, aclOpExecutor* executor);
const aclTensor* Reshape(const aclTensor* x, const aclIntArray* shape, aclOpExecutor* executor);
}  // namespace l0op
