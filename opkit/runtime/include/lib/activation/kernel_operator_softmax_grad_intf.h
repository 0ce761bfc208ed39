// CANN include name (deprecated there in favour of softmaxgrad.h) of the advanced API in lib/activation/softmaxgrad.h.
#pragma once

#include "lib/activation/softmaxgrad.h"
