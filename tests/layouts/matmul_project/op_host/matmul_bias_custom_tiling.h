/* Tiling data of MatmulBiasCustom: the Matmul API's TCubeTiling inside the op's own struct, older layout. */
#ifndef MATMUL_BIAS_CUSTOM_TILING_H
#define MATMUL_BIAS_CUSTOM_TILING_H
#include "register/tilingdata_base.h"
#include "tiling/tiling_api.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(MatmulBiasCustomTilingData)
TILING_DATA_FIELD_DEF(uint32_t, coreSplit);
TILING_DATA_FIELD_DEF_STRUCT(TCubeTiling, mm);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(MatmulBiasCustom, MatmulBiasCustomTilingData)
}  // namespace optiling
#endif  // MATMUL_BIAS_CUSTOM_TILING_H
