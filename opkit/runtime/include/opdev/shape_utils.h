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
// numpy's broadcasting of two shapes (dims aligned from the right; a dim of 1 stretches): false when they do not
// broadcast, `out` then unchanged. `out` may be one of the inputs.
inline bool BroadcastInferShape(const Shape& a, const Shape& b, Shape& out)
{
    const size_t na = a.GetDimNum(), nb = b.GetDimNum(), n = na > nb ? na : nb;
    ShapeVector dims(n, 1);
    for (size_t i = 0; i < n; ++i) {
        const int64_t da = i < na ? a.GetDim(na - 1 - i) : 1;
        const int64_t db = i < nb ? b.GetDim(nb - 1 - i) : 1;
        if (da != db && da != 1 && db != 1) return false;
        dims[n - 1 - i] = da == 1 ? db : da;
    }
    out = ToShape(dims);
    return true;
}
}  // namespace op
