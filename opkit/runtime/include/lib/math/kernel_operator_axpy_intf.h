// CANN include name (deprecated there in favour of axpy.h) of the advanced API in lib/math/axpy.h.
#pragma once

#include "lib/math/axpy.h"
