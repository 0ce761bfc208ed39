// CANN include name (deprecated there in favour of cos.h) of the advanced API in lib/math/cos.h.
#pragma once

#include "lib/math/cos.h"
