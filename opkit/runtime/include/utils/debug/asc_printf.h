// CANN 9's include name of the kernel printf (utils/debug/asc_printf.h): the simulator's printf/PRINTF come with
// kernel_operator.h (opkit/sim/dump.h).
#pragma once

#include "kernel_operator.h"
