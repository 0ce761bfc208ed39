// CANN include name of the Dequantize API (Ascend 950): the simulator provides it through kernel_operator.h.
#pragma once

#include "kernel_operator.h"
