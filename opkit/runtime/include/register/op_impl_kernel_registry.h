// The function-pointer types an op registers for shape inference, dtype inference and tiling.
#pragma once

#include "graph/ge_error_codes.h"

namespace gert {

class TilingContext;
class InferShapeContext;
class InferShapeRangeContext;
class InferDataTypeContext;

struct OpImplKernelRegistry {
  using InferShapeKernelFunc = ge::graphStatus (*)(InferShapeContext*);
  using InferShapeRangeKernelFunc = ge::graphStatus (*)(InferShapeRangeContext*);
  using InferDataTypeKernelFunc = ge::graphStatus (*)(InferDataTypeContext*);
  using TilingKernelFunc = ge::graphStatus (*)(TilingContext*);
};

}  // namespace gert
