// CANN include name (deprecated there in favour of erfc.h) of the advanced API in lib/math/erfc.h.
#pragma once

#include "lib/math/erfc.h"
