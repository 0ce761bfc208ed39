// CANN include name (deprecated there in favour of deepnorm.h) of the advanced API in lib/normalization/deepnorm.h.
#pragma once

#include "lib/normalization/deepnorm.h"
