/* Helper header: the TilingFunc lives in axpy_custom_tiling.cpp, the OpDef in axpy_custom.cpp. */
#ifndef AXPY_CUSTOM_TILING_FUNC_H
#define AXPY_CUSTOM_TILING_FUNC_H
#include "register/op_def_registry.h"

namespace optiling {
constexpr uint32_t AXPY_BLOCK_DIM = 8;
constexpr uint32_t AXPY_TILE_NUM = 4;
ge::graphStatus AxpyCustomTilingFunc(gert::TilingContext* context);
}  // namespace optiling
#endif  // AXPY_CUSTOM_TILING_FUNC_H
