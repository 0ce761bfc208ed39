// CANN's CPU-debug host header name: GmAlloc, GmFree, SetKernelMode, ICPU_RUN_KF (all from kernel_operator.h).
#pragma once
#include "kernel_operator.h"
#include "securec.h"  // CANN's tikicpulib.h brings memcpy_s and the other bounds-checked calls
