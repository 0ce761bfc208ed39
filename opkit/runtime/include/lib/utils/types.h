// The shape and dtype types the advanced APIs' host helpers take: AscendC::TensorShape is ge::Shape, as in CANN.
#pragma once

#include "graph/tensor.h"
#include "graph/types.h"

namespace AscendC {
using TensorShape = ge::Shape;
using TensorDataType = ge::DataType;
}  // namespace AscendC
