// CANN include name (deprecated there in favour of mean.h) of the advanced API in lib/reduce/mean.h.
#pragma once

#include "lib/reduce/mean.h"
