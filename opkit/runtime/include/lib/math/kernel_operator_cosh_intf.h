// CANN include name (deprecated there in favour of cosh.h) of the advanced API in lib/math/cosh.h.
#pragma once

#include "lib/math/cosh.h"
