// CANN include name (deprecated there in favour of ascend_antiquant.h) of the advanced API in lib/quantization/ascend_antiquant.h.
#pragma once

#include "lib/quantization/ascend_antiquant.h"
