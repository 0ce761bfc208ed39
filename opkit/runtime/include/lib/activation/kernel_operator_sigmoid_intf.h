// CANN include name (deprecated there in favour of sigmoid.h) of the advanced API in lib/activation/sigmoid.h.
#pragma once

#include "lib/activation/sigmoid.h"
