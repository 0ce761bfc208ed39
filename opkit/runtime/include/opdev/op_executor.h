// CANN's opdev/op_executor.h on the CPU: CREATE_EXECUTOR, the executor of op_api code, CommonOpExecutorRun.
#pragma once

#include <unordered_set>   // CANN's l0 op files (circular_pad's padv3.cpp) use it with only the opdev headers included

#include "opdev/common_types.h"
#include "opdev/op_def.h"
#include "opdev/op_dfx.h"
#include "opkit/host/opdev_executor.h"

#define CREATE_EXECUTOR() opkit::opdev::UniqueExecutor()

using opkit::opdev::CommonOpExecutorRun;
