// CANN include name of WelfordFinalize's host tmp-size helper.
#pragma once

#include "lib/normalization/welford_tiling.h"
