// CANN include name of the kernel side of Pad/UnPad and Broadcast (opkit/sim/vec/pad.h, broadcast.h).
#pragma once

#include "kernel_operator.h"
