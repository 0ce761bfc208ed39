// CANN's include name for the antiquantize host helpers (declared with the others in quantize_tiling.h).
#pragma once

#include "lib/quantization/quantize_tiling.h"
