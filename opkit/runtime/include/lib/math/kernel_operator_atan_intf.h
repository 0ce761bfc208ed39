// CANN include name (deprecated there in favour of atan.h) of the advanced API in lib/math/atan.h.
#pragma once

#include "lib/math/atan.h"
