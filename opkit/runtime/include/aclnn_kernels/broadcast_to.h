// CANN's l0op::BroadcastTo (a built-in op of its op_api library): x stretched to `shape` by numpy's rules (dims
// aligned from the right; a dim of 1, or a missing one, repeats). opkit runs it as a host step of the executor.
#pragma once

#include "opdev/op_executor.h"

namespace l0op {
const aclTensor* BroadcastTo(const aclTensor* x, const aclIntArray* shape, aclOpExecutor* executor);
// The shape as a tensor too (`shape` holds its values; y is the output CANN's graph gives, unused here).
const aclTensor* BroadcastTo(const aclTensor* x, const aclTensor* y, const aclTensor* shape, aclOpExecutor* executor);
}  // namespace l0op
