// CANN's aclnn_kernels/transdata.h on the CPU (opkit/runtime/src/opdev_builtins.cpp): format changes among the plain
// formats (ND, NCHW, NHWC, NCDHW, ...) are metadata only; a private format (NC1HWC0, FRACTAL_NZ, ...) is an error
// naming it, as opkit's tensors are row-major.
#pragma once

#include "opdev/op_executor.h"

namespace l0op {
const aclTensor* ReFormat(const aclTensor* x, const op::Format& format, aclOpExecutor* executor = nullptr);
const aclTensor* TransData(const aclTensor* x, op::Format dstFormat, int64_t groups, aclOpExecutor* executor);
const aclTensor* TransDataSpecial(const aclTensor* x, op::Format dstFormat, int64_t groups, aclOpExecutor* executor);
}  // namespace l0op
