// CANN include name (deprecated there in favour of sign.h) of the advanced API in lib/math/sign.h.
#pragma once

#include "lib/math/sign.h"
