// CANN include name of the host helpers of sum (tmp sizes).
#pragma once

#include "lib/reduce/adv_reduce_tiling.h"
