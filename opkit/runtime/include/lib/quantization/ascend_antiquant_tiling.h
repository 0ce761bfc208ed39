// CANN include name of the host helpers of ascend_antiquant.
#pragma once

#include "lib/quantization/ascend_quant_tiling.h"
