// CANN include name (deprecated there in favour of silu.h) of the advanced API in lib/activation/silu.h.
#pragma once

#include "lib/activation/silu.h"
