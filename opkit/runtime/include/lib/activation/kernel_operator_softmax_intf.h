// CANN include name (deprecated there in favour of softmax.h) of the advanced API in lib/activation/softmax.h.
#pragma once

#include "lib/activation/softmax.h"
