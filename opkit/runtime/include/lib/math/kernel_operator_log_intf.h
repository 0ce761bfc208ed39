// CANN include name (deprecated there in favour of log.h) of the advanced API in lib/math/log.h.
#pragma once

#include "lib/math/log.h"
