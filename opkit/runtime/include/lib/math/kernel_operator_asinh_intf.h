// CANN include name (deprecated there in favour of asinh.h) of the advanced API in lib/math/asinh.h.
#pragma once

#include "lib/math/asinh.h"
