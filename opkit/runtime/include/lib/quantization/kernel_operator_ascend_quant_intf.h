// CANN include name (deprecated there in favour of ascend_quant.h) of the advanced API in lib/quantization/ascend_quant.h.
#pragma once

#include "lib/quantization/ascend_quant.h"
