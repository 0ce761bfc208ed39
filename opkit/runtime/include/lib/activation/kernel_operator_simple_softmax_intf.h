// CANN include name (deprecated there in favour of simplesoftmax.h) of the advanced API in lib/activation/simplesoftmax.h.
#pragma once

#include "lib/activation/simplesoftmax.h"
