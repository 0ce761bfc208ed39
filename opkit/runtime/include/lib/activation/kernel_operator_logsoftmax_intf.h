// CANN include name (deprecated there in favour of logsoftmax.h) of the advanced API in lib/activation/logsoftmax.h.
#pragma once

#include "lib/activation/logsoftmax.h"
