// CANN's umbrella tiling header: platform queries, classic tiling-data macros, SoftMax/LayerNorm/RmsNorm/Pad/UnPad/Broadcast tiling.
#pragma once

#include "register/tilingdata_base.h"
#include "securec.h"  // CANN's tiling_api.h brings memcpy_s (host tilings copy with it)
#include "tiling/platform/platform_ascendc.h"
#include "lib/normalization/layernorm_tiling.h"
#include "lib/normalization/rmsnorm_tiling.h"
#include "lib/pad/broadcast_tiling.h"
#include "lib/pad/pad_tiling.h"
#include "lib/softmax/softmax_tiling.h"
