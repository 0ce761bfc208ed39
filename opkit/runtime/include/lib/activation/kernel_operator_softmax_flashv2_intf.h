// CANN include name (deprecated there in favour of softmaxflashv2.h) of the advanced API in lib/activation/softmaxflashv2.h.
#pragma once

#include "lib/activation/softmaxflashv2.h"
