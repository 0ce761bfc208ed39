// CANN include name of the Quantize API (Ascend 950): the simulator provides it through kernel_operator.h.
#pragma once

#include "kernel_operator.h"
