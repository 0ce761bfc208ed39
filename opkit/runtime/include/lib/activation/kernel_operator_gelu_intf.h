// CANN include name (deprecated there in favour of gelu.h) of the advanced API in lib/activation/gelu.h.
#pragma once

#include "lib/activation/gelu.h"
