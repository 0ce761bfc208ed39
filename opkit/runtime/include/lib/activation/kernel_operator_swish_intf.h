// CANN include name (deprecated there in favour of swish.h) of the advanced API in lib/activation/swish.h.
#pragma once

#include "lib/activation/swish.h"
