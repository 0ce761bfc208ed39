// CANN include name (deprecated there in favour of acos.h) of the advanced API in lib/math/acos.h.
#pragma once

#include "lib/math/acos.h"
