// CANN include name (deprecated there in favour of ascend_dequant.h) of the advanced API in lib/quantization/ascend_dequant.h.
#pragma once

#include "lib/quantization/ascend_dequant.h"
