// CANN include name of the host helpers of reduce (tmp sizes).
#pragma once

#include "lib/reduce/adv_reduce_tiling.h"
