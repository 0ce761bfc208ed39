// CANN include name of the host helpers of select/filter/index APIs.
#pragma once

#include "lib/filter/filter_index_tiling.h"
