// CANN include name (deprecated there in favour of swiglu.h) of the advanced API in lib/activation/swiglu.h.
#pragma once

#include "lib/activation/swiglu.h"
