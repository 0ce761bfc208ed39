// CANN's opdev/op_def.h on the CPU.
#pragma once

#include "opdev/common_types.h"
