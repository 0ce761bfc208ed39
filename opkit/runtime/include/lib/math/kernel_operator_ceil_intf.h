// CANN include name (deprecated there in favour of ceil.h) of the advanced API in lib/math/ceil.h.
#pragma once

#include "lib/math/ceil.h"
