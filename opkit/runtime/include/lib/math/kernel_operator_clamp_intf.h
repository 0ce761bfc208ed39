// CANN include name (deprecated there in favour of clamp.h) of the advanced API in lib/math/clamp.h.
#pragma once

#include "lib/math/clamp.h"
