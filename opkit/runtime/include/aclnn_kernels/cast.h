// CANN's aclnn_kernels/cast.h on the CPU (opkit/runtime/src/opdev_builtins.cpp): an element-wise dtype conversion.
#pragma once

#include "opdev/op_executor.h"

namespace l0op {
const aclTensor* Cast(const aclTensor* x, op::DataType dtype, aclOpExecutor* executor);
}  // namespace l0op
