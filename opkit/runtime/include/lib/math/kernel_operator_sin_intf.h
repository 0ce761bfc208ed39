// CANN include name (deprecated there in favour of sin.h) of the advanced API in lib/math/sin.h.
#pragma once

#include "lib/math/sin.h"
