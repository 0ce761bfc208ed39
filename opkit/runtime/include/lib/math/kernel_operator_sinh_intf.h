// CANN include name (deprecated there in favour of sinh.h) of the advanced API in lib/math/sinh.h.
#pragma once

#include "lib/math/sinh.h"
