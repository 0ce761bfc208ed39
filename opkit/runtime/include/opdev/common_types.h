// CANN's opdev/common_types.h on the CPU: the op:: names of op_api code (shapes, dtypes, formats, small vectors).
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "aclnn/aclnn_base.h"
#include "exe_graph/runtime/shape.h"
#include "graph/types.h"
#include "graph/utils/type_utils.h"
#include "opkit/host/aclnn_types.h"

namespace op {
using std::vector;   // op_api code names it unqualified after `using namespace op`
using Shape = gert::Shape;
using DataType = ge::DataType;
using Format = ge::Format;
// The most dims a tensor has (ge's kMaxDimNum), what op_api code sizes its small vectors by.
constexpr size_t MAX_DIM_NUM = 8;
template <typename T, size_t N = 8>
using FVector = std::vector<T>;
using Strides = FVector<int64_t, 25>;
using ShapeVector = FVector<int64_t, 25>;

// What op::ToString gives: CANN's is an AscendString (GetString()); std::string's calls work too.
struct OpString : std::string {
    OpString(std::string s) : std::string(std::move(s)) {}
    const char* GetString() const { return c_str(); }
};
inline OpString ToString(DataType d) { return ge::TypeUtils::DataTypeToSerialString(d); }
inline OpString ToString(Format f) { return std::to_string(static_cast<int>(f)); }
inline OpString ToString(const Shape& s)
{
    std::string text = "[";
    for (size_t i = 0; i < s.GetDimNum(); ++i) text += (i ? ", " : "") + std::to_string(s.GetDim(i));
    return text + "]";
}
template <typename E, typename = std::enable_if_t<std::is_enum_v<E>>>
inline OpString ToString(E e) { return std::to_string(static_cast<int>(e)); }
inline size_t TypeSize(DataType d) { int n = ge::GetSizeByDataType(d); return n > 0 ? static_cast<size_t>(n) : 0; }
}  // namespace op

using op::FVector;
