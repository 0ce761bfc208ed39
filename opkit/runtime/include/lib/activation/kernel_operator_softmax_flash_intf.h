// CANN include name (deprecated there in favour of softmaxflash.h) of the advanced API in lib/activation/softmaxflash.h.
#pragma once

#include "lib/activation/softmaxflash.h"
