// lib/hccl/hccl.h: CANN's include name of the kernel's HCCL client (AscendC::Hccl), which kernel_operator.h has too.
#pragma once

#include "kernel_operator.h"
#include "opkit/sim/hccl.h"
