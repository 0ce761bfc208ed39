// utils/debug/asc_printf.h: CANN's header of the kernel printf (asc-devkit's 01_utilities examples include it); the
// printf itself is opkit/sim/dump.h's.
#pragma once

#include "kernel_operator.h"
