// CANN's aclnn_kernels/contiguous.h on the CPU (opkit/runtime/src/opdev_builtins.cpp): a strided view to a dense
// tensor and back, run as host copies when the executor runs.
#pragma once

#include "opdev/op_executor.h"

namespace l0op {
// x itself when dense already, else a new dense tensor the executor fills from the view.
const aclTensor* Contiguous(const aclTensor* x, aclOpExecutor* executor);
// Copies dense src into dst's view (dst may be strided); dst, or null when the element counts differ.
const aclTensor* ViewCopy(const aclTensor* src, const aclTensor* dst, aclOpExecutor* executor);
}  // namespace l0op
