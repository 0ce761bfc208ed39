// CANN's opdev/shape_utils.h on the CPU.
#pragma once

#include "opdev/common_types.h"

namespace op {
inline void ToShape(const int64_t* dims, uint64_t n, Shape& shape)
{
    shape.SetDimNum(0);
    for (uint64_t i = 0; i < n; ++i) shape.AppendDim(dims[i]);
}
inline Shape ToShape(const ShapeVector& dims)
{
    Shape s;
    for (int64_t d : dims) s.AppendDim(d);
    return s;
}
inline ShapeVector ToShapeVector(const Shape& s)
{
    ShapeVector v;
    for (size_t i = 0; i < s.GetDimNum(); ++i) v.push_back(s.GetDim(i));
    return v;
}
}  // namespace op
