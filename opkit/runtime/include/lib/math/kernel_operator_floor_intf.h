// CANN include name (deprecated there in favour of floor.h) of the advanced API in lib/math/floor.h.
#pragma once

#include "lib/math/floor.h"
