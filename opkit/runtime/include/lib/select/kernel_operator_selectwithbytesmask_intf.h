// CANN include name (deprecated there in favour of selectwithbytesmask.h) of the advanced API in lib/select/selectwithbytesmask.h.
#pragma once

#include "lib/select/selectwithbytesmask.h"
