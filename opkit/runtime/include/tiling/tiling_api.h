// CANN's umbrella tiling header: platform queries and classic tiling-data macros (no matmul/softmax tiling APIs).
#pragma once

#include "register/tilingdata_base.h"
#include "tiling/platform/platform_ascendc.h"
