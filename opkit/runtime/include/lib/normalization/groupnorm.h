// CANN include name of GroupNorm: the simulator provides it through kernel_operator.h.
#pragma once

#include "kernel_operator.h"
