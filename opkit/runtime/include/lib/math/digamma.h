// CANN include name of the advanced digamma API: the simulator provides it through kernel_operator.h.
#pragma once

#include "kernel_operator.h"
