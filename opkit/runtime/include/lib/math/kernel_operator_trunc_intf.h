// CANN include name (deprecated there in favour of trunc.h) of the advanced API in lib/math/trunc.h.
#pragma once

#include "lib/math/trunc.h"
