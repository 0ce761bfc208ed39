// CANN include name (deprecated there in favour of frac.h) of the advanced API in lib/math/frac.h.
#pragma once

#include "lib/math/frac.h"
