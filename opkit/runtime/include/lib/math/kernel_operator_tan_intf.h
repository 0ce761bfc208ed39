// CANN include name (deprecated there in favour of tan.h) of the advanced API in lib/math/tan.h.
#pragma once

#include "lib/math/tan.h"
