// CANN include name (deprecated there in favour of dropout.h) of the advanced API in lib/filter/dropout.h.
#pragma once

#include "lib/filter/dropout.h"
