// CANN include name (deprecated there in favour of round.h) of the advanced API in lib/math/round.h.
#pragma once

#include "lib/math/round.h"
