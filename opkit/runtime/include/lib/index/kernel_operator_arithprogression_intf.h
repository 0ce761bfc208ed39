// CANN include name (deprecated there in favour of arithprogression.h) of the advanced API in lib/index/arithprogression.h.
#pragma once

#include "lib/index/arithprogression.h"
