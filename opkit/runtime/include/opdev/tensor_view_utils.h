// CANN's opdev/tensor_view_utils.h on the CPU.
#pragma once

#include "opdev/common_types.h"

namespace op {
inline bool IsContiguous(const aclTensor* t)
{
    int64_t expected = 1;
    for (size_t i = t->view_shape.size(); i-- > 0;) {
        if (t->view_shape[i] != 1 && t->strides[i] != expected) return false;
        expected *= t->view_shape[i];
    }
    return true;
}
}  // namespace op
