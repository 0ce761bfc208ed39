/* Template parameters of AddTplCustom's kernel, packed into its tiling key. */
#ifndef TILING_KEY_ADD_TPL_CUSTOM_H
#define TILING_KEY_ADD_TPL_CUSTOM_H
#include "ascendc/host_api/tiling/template_argument.h"

#define ADD_TPL_FP16 1
#define ADD_TPL_FP32 0

ASCENDC_TPL_ARGS_DECL(AddTplCustom,
    ASCENDC_TPL_DTYPE_DECL(D_T, ADD_TPL_FP16, ADD_TPL_FP32),
    ASCENDC_TPL_UINT_DECL(TILE_NUM, ASCENDC_TPL_8_BW, ASCENDC_TPL_UI_LIST, 1, 4),
    ASCENDC_TPL_BOOL_DECL(TWICE, 0, 1),
    ASCENDC_TPL_DATATYPE_DECL(D_T_Z, C_DT_FLOAT16, C_DT_FLOAT, C_DT_INT32), );

/* Only matching D_T and D_T_Z are built (the kernel static_asserts it); a parameter an ARGS_SEL leaves out (TWICE
   for half) takes every declared value. */
ASCENDC_TPL_SEL(
    ASCENDC_TPL_ARGS_SEL(
        ASCENDC_TPL_KERNEL_TYPE_SEL(ASCENDC_TPL_AIV_ONLY),
        ASCENDC_TPL_DTYPE_SEL(D_T, ADD_TPL_FP16),
        ASCENDC_TPL_UINT_SEL(TILE_NUM, ASCENDC_TPL_UI_LIST, 1, 4),
        ASCENDC_TPL_DATATYPE_SEL(D_T_Z, C_DT_FLOAT16), ),
    ASCENDC_TPL_ARGS_SEL(
        ASCENDC_TPL_DTYPE_SEL(D_T, ADD_TPL_FP32),
        ASCENDC_TPL_UINT_SEL(TILE_NUM, ASCENDC_TPL_UI_LIST, 1, 4),
        ASCENDC_TPL_BOOL_SEL(TWICE, 0, 1),
        ASCENDC_TPL_DATATYPE_SEL(D_T_Z, C_DT_FLOAT)));
#endif  // TILING_KEY_ADD_TPL_CUSTOM_H
