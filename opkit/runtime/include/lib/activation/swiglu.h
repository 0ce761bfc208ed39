// CANN include name of the advanced swiglu API: the simulator provides it through kernel_operator.h.
#pragma once

#include "kernel_operator.h"
