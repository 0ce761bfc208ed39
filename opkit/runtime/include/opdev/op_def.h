// CANN's opdev/op_def.h on the CPU.
#pragma once

#include "opdev/common_types.h"
// CANN's l0 op files (circular_pad's padv3.cpp) call GetCurrentPlatformInfo, SocVersion and CheckType with only
// op_def.h, op_dfx.h, op_log.h and shape_utils.h included: op_def.h brings them, and IsPrivateFormat (their l2
// files, aclnn_circular_pad2d.cpp, call it with op_executor.h, which includes op_def.h).
#include "opdev/data_type_utils.h"
#include "opdev/format_utils.h"
#include "opdev/platform.h"
