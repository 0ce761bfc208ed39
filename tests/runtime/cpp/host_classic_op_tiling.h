// Classic-style tiling of ClassicCustom (op_host/<op>_tiling.h): BEGIN_TILING_DATA_DEF with every field form.
#ifndef HOST_CLASSIC_OP_TILING_H
#define HOST_CLASSIC_OP_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(InnerTiling)
  TILING_DATA_FIELD_DEF(int64_t, offset);
  TILING_DATA_FIELD_DEF(uint16_t, flag);
END_TILING_DATA_DEF;

BEGIN_TILING_DATA_DEF(TilingData)
  TILING_DATA_FIELD_DEF(uint32_t, totalLength);
  TILING_DATA_FIELD_DEF(uint32_t, tileNum);
  TILING_DATA_FIELD_DEF(float, scale);
  TILING_DATA_FIELD_DEF_ARR(uint32_t, 4, dims);
  TILING_DATA_FIELD_DEF(uint8_t, rank);
  TILING_DATA_FIELD_DEF_STRUCT(InnerTiling, inner);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(ClassicCustom, TilingData)
}
#endif
