// CANN's opdev/op_dfx.h on the CPU: the profiling and dump hooks do nothing; L2_DFX_PHASE_1 names the API that error
// messages start with.
#pragma once

#include "opkit/host/opdev_executor.h"

#define DFX_IN(...) 0
#define DFX_OUT(...) 0
#define L0_DFX(...) do { } while (0)
#define L2_DFX_PHASE_1(api, ...) opkit::opdev::CurrentApi() = #api
#define L2_DFX_PHASE_2(api) opkit::opdev::CurrentApi() = #api
