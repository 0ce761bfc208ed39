// CANN include name (deprecated there in favour of tanh.h) of the advanced API in lib/math/tanh.h.
#pragma once

#include "lib/math/tanh.h"
