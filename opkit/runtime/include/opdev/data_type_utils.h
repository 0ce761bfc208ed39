// CANN's opdev/data_type_utils.h on the CPU: dtype predicates of op_api code.
#pragma once

#include "opdev/common_types.h"

namespace op {
inline bool IsFloatingType(DataType d)
{
    return d == DataType::DT_FLOAT || d == DataType::DT_FLOAT16 || d == DataType::DT_BF16 || d == DataType::DT_DOUBLE;
}
inline bool IsComplexType(DataType d) { return d == DataType::DT_COMPLEX64 || d == DataType::DT_COMPLEX128; }
inline bool IsIntegralType(DataType d)
{
    return d == DataType::DT_INT8 || d == DataType::DT_INT16 || d == DataType::DT_INT32 || d == DataType::DT_INT64 ||
           d == DataType::DT_UINT8 || d == DataType::DT_UINT16 || d == DataType::DT_UINT32 || d == DataType::DT_UINT64;
}
inline bool IsIntegralType(DataType d, bool includeBool) { return IsIntegralType(d) || (includeBool && d == DataType::DT_BOOL); }
inline bool CheckType(DataType d, const std::initializer_list<DataType>& list)
{
    for (DataType x : list) {
        if (x == d) return true;
    }
    return false;
}
}  // namespace op
