// CANN include name (deprecated there in favour of power.h) of the advanced API in lib/math/power.h.
#pragma once

#include "lib/math/power.h"
