// CANN's umbrella tiling header: platform queries, classic tiling-data macros, TensorShape, the tmp-size helpers
// of the advanced APIs (math, activations, SoftMax, LayerNorm, RmsNorm, Pad/UnPad, Broadcast).
#pragma once

#include <array>   // CANN operator repository tilings use std::array with only CANN's headers included

#include "register/tilingdata_base.h"
#include "securec.h"  // CANN's tiling_api.h brings memcpy_s (host tilings copy with it)
#include "tiling/platform/platform_ascendc.h"
#include "lib/normalization/layernorm_tiling.h"
#include "lib/normalization/deepnorm_tiling.h"
#include "lib/normalization/rmsnorm_tiling.h"
#include "lib/normalization/welford_tiling.h"
#include "lib/normalization/layernorm_grad_tiling.h"
#include "lib/normalization/normalize_tiling.h"
#include "lib/normalization/layernorm_separate_tiling.h"
#include "lib/normalization/groupnorm_tiling.h"
#include "lib/normalization/batchnorm_tiling.h"
#include "lib/pad/broadcast_tiling.h"
#include "lib/pad/pad_tiling.h"
#include "lib/softmax/softmax_tiling.h"
#include "lib/softmax/softmax_family_tiling.h"
#include "lib/math/math_tiling.h"
#include "lib/matmul/matmul_tiling.h"
#include "lib/math/adv_logic_tiling.h"
#include "lib/reduce/adv_reduce_tiling.h"
#include "lib/filter/filter_index_tiling.h"
#include "lib/sort/sort_tiling.h"
#include "lib/sort/topk_tiling.h"
#include "lib/transpose/confusion_transpose_tiling.h"
#include "lib/transpose/transdata_tiling.h"
#include "lib/quantization/ascend_quant_tiling.h"
#include "lib/quantization/quantize_tiling.h"
#include "lib/utils/types.h"
