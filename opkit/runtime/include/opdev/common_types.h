// CANN's opdev/common_types.h on the CPU: the op:: names of op_api code (shapes, dtypes, formats, small vectors).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "aclnn/aclnn_base.h"
#include "exe_graph/runtime/shape.h"
#include "graph/types.h"
#include "graph/utils/type_utils.h"
#include "opkit/host/aclnn_types.h"

namespace op {
using Shape = gert::Shape;
using DataType = ge::DataType;
using Format = ge::Format;
template <typename T, size_t N = 8>
using FVector = std::vector<T>;
using Strides = FVector<int64_t, 25>;
using ShapeVector = FVector<int64_t, 25>;

inline std::string ToString(DataType d) { return ge::TypeUtils::DataTypeToSerialString(d); }
inline std::string ToString(const Shape& s)
{
    std::string text = "[";
    for (size_t i = 0; i < s.GetDimNum(); ++i) text += (i ? ", " : "") + std::to_string(s.GetDim(i));
    return text + "]";
}
inline size_t TypeSize(DataType d) { int n = ge::GetSizeByDataType(d); return n > 0 ? static_cast<size_t>(n) : 0; }
}  // namespace op

using op::FVector;
