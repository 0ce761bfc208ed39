/* The scale family's shared TilingFunc, declared for its ops' host code. */
#ifndef SCALE_TILING_FUNC_H
#define SCALE_TILING_FUNC_H
#include "register/op_def_registry.h"
#include "scale/op_tiling/scale_tiling_def.h"

namespace optiling {
ge::graphStatus ScaleTiling(gert::TilingContext* context);
}  // namespace optiling
#endif  // SCALE_TILING_FUNC_H
