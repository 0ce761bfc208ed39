// CANN include name of the advanced Transpose (ConfusionTranspose): the simulator provides it through
// kernel_operator.h.
#pragma once

#include "kernel_operator.h"
