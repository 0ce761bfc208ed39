// CANN include name of an advanced select/filter/index API: the simulator provides it through kernel_operator.h.
#pragma once

#include "kernel_operator.h"
