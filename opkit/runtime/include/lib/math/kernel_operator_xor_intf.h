// CANN include name (deprecated there in favour of xor.h) of the advanced API in lib/math/xor.h.
#pragma once

#include "lib/math/xor.h"
