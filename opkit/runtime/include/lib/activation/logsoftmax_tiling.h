// CANN include name of the host helpers of logsoftmax (tmp sizes and TilingFunc).
#pragma once

#include "lib/softmax/softmax_tiling.h"
#include "lib/softmax/softmax_family_tiling.h"
