#ifndef SCALE_AXPY_SINK_TILING_H
#define SCALE_AXPY_SINK_TILING_H
#include "register/op_def_registry.h"

namespace optiling {
ge::graphStatus ScaleAxpySinkTiling(gert::TilingContext* context);
}  // namespace optiling
#endif
