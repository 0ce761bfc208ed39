// ge::graphStatus and its codes, the return type of InferShape/InferDataType/TilingFunc (CANN's values).
#pragma once

#include <cstdint>

namespace ge {

using graphStatus = uint32_t;
inline constexpr graphStatus GRAPH_SUCCESS = 0;
inline constexpr graphStatus GRAPH_FAILED = 0xFFFFFFFFu;
inline constexpr graphStatus GRAPH_PARAM_INVALID = 50331649u;

}  // namespace ge
