// CANN include name (deprecated there in favour of acosh.h) of the advanced API in lib/math/acosh.h.
#pragma once

#include "lib/math/acosh.h"
