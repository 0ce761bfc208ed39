// CANN include name (deprecated there in favour of erf.h) of the advanced API in lib/math/erf.h.
#pragma once

#include "lib/math/erf.h"
