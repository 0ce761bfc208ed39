// CANN include name (deprecated there in favour of exp.h) of the advanced API in lib/math/exp.h.
#pragma once

#include "lib/math/exp.h"
