// CANN include name (deprecated there in favour of sum.h) of the advanced API in lib/reduce/sum.h.
#pragma once

#include "lib/reduce/sum.h"
