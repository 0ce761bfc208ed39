// C_DataType and C_Format: the C spellings of ge::DataType and ge::Format (the same numbers, graph/opkit_type_values.h).
// Template tiling keys name data types and formats with them: ASCENDC_TPL_DATATYPE_DECL(D_T_X, C_DT_FLOAT16, ...).
#ifndef OPKIT_GRAPH_C_TYPES_H
#define OPKIT_GRAPH_C_TYPES_H
#include "graph/opkit_type_values.h"
#ifdef __cplusplus
extern "C" {
#endif

#define OPKIT_C_DATA_TYPE(name, value) C_DT_##name = value,
typedef enum { OPKIT_DATA_TYPES(OPKIT_C_DATA_TYPE) C_DT_MAX } C_DataType;
#undef OPKIT_C_DATA_TYPE

#define OPKIT_C_FORMAT(name, value) C_FORMAT_##name = value,
typedef enum { OPKIT_FORMATS(OPKIT_C_FORMAT) C_FORMAT_END, C_FORMAT_MAX = 0xff } C_Format;
#undef OPKIT_C_FORMAT

#ifdef __cplusplus
}
#endif
#endif  // OPKIT_GRAPH_C_TYPES_H
