// kernel_operator_intf.h: CANN's header of the kernel API's interfaces, which kernel_operator.h declares here too.
#pragma once

#include "kernel_operator.h"
