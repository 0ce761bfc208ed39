// CANN's kernel_utils.h (asc-devkit impl/basic_api, on a kernel's include path): the constants, enums and
// parameter structs it holds are the ones kernel_operator.h declares here, so it only includes that.
#pragma once

#include "kernel_operator.h"
