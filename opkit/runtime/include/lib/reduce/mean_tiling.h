// CANN include name of the host helpers of mean (tmp sizes).
#pragma once

#include "lib/reduce/adv_reduce_tiling.h"
