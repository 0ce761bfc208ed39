// ge::DataType and ge::Format with CANN's numeric values, plus element sizes and names for messages.
#pragma once

#include <cstdint>

#include "graph/ge_error_codes.h"
#include "graph/opkit_type_values.h"

namespace ge {

// CANN's scalar aliases (host code declares `const ge::char_t* nodeName_`).
using char_t = char;
using float32_t = float;
using float64_t = double;

// Values are CANN's (they cross into kernels as tiling data and into bindings as plain integers), listed once in
// graph/opkit_type_values.h for these enums and C_DataType/C_Format (graph/c_types.h).
#define OPKIT_GE_ENUMERATOR(name, value) DT_##name = value,
enum DataType : int32_t { OPKIT_DATA_TYPES(OPKIT_GE_ENUMERATOR) DT_MAX };
#undef OPKIT_GE_ENUMERATOR

#define OPKIT_GE_ENUMERATOR(name, value) FORMAT_##name = value,
enum Format : int32_t { OPKIT_FORMATS(OPKIT_GE_ENUMERATOR) FORMAT_END };
#undef OPKIT_GE_ENUMERATOR

// Bytes per element; -1 for sub-byte and non-numeric types (CANN's GetSizeByDataType contract).
inline int GetSizeByDataType(DataType dt) {
  switch (dt) {
    case DT_INT8: case DT_UINT8: case DT_BOOL: case DT_QINT8: case DT_QUINT8: case DT_HIFLOAT8:
    case DT_FLOAT8_E5M2: case DT_FLOAT8_E4M3FN: case DT_FLOAT8_E8M0: case DT_DUAL_SUB_INT8:
    case DT_DUAL_SUB_UINT8:
      return 1;
    case DT_FLOAT16: case DT_BF16: case DT_INT16: case DT_UINT16: case DT_QINT16: case DT_QUINT16:
      return 2;
    case DT_FLOAT: case DT_INT32: case DT_UINT32: case DT_QINT32: case DT_COMPLEX32:
      return 4;
    case DT_INT64: case DT_UINT64: case DT_DOUBLE: case DT_COMPLEX64:
      return 8;
    case DT_COMPLEX128:
      return 16;
    default:
      return -1;
  }
}

// Dimension markers and the packed-format helpers of CANN's graph/types.h (a format's low byte is its primary
// format, then 16 bits of sub-format and 4 of C0), which host code calls as GetPrimaryFormat(desc->GetFormat()).
static const int64_t UNKNOWN_DIM = -1;
static const int64_t UNKNOWN_DIM_NUM = -2;
inline int32_t GetPrimaryFormat(int32_t format) { return static_cast<int32_t>(static_cast<uint32_t>(format) & 0xffU); }
inline int32_t GetSubFormat(int32_t format) {
  return static_cast<int32_t>((static_cast<uint32_t>(format) & 0xffff00U) >> 8);
}
inline bool HasSubFormat(int32_t format) { return GetSubFormat(format) > 0; }

}  // namespace ge
