// CANN include name (deprecated there in favour of reglu.h) of the advanced API in lib/activation/reglu.h.
#pragma once

#include "lib/activation/reglu.h"
