// CANN include name (deprecated there in favour of geglu.h) of the advanced API in lib/activation/geglu.h.
#pragma once

#include "lib/activation/geglu.h"
