// CANN include name (deprecated there in favour of asin.h) of the advanced API in lib/math/asin.h.
#pragma once

#include "lib/math/asin.h"
