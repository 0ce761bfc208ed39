// CANN include name (deprecated there in favour of lgamma.h) of the advanced API in lib/math/lgamma.h.
#pragma once

#include "lib/math/lgamma.h"
