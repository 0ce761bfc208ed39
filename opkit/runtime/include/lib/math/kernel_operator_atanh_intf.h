// CANN include name (deprecated there in favour of atanh.h) of the advanced API in lib/math/atanh.h.
#pragma once

#include "lib/math/atanh.h"
