// CANN include name of the host helpers of reduce_xor_sum (tmp sizes).
#pragma once

#include "lib/reduce/adv_reduce_tiling.h"
