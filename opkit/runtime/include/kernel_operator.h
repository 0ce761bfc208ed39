// Entry header of the Ascend C kernel API on the CPU: kernels `#include "kernel_operator.h"` as with CANN.
#pragma once

#include "opkit/sim/macros.h"

#include "opkit/sim/numeric.h"

#include "opkit/sim/tiling.h"

#include "opkit/sim/block.h"
#include "opkit/sim/context.h"
#include "opkit/sim/copy.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/global_tensor.h"
#include "opkit/sim/pipe.h"
#include "opkit/sim/positions.h"
#include "opkit/sim/queue.h"
#include "opkit/sim/sync.h"
#include "opkit/sim/mutex.h"
#include "opkit/sim/tensor.h"

#include "opkit/sim/vector.h"

#include "opkit/sim/atomic.h"
#include "opkit/sim/buf_pool.h"
#include "opkit/sim/dump.h"
#include "opkit/sim/gm_init.h"
#include "opkit/sim/list_tensor.h"
#include "opkit/sim/static_tensor.h"
#include "opkit/sim/utils.h"
#include "opkit/sim/scalar_api.h"
#include "opkit/sim/scalar_minmax.h"
#include "opkit/sim/core_sync.h"
#include "opkit/sim/group_barrier.h"
#include "opkit/sim/cube_group.h"
#include "opkit/sim/cube.h"
#include "opkit/sim/vec/sys_state.h"  // InitSocState, CheckLocalMemoryIA, SSBuffer, DataCopyL1ToUB
#include "opkit/sim/vec/gemm_tiling.h"  // the deprecated GetGemmTiling / GetConv2dTiling
#include "opkit/sim/hccl.h"  // AscendC::Hccl, GetHcclContext (MC2 ops)

// The host side of a CPU launch (opkit::sim::Launch, GmAlloc, ICPU_RUN_KF) is one include away.
#include "opkit/sim/cpu_debug.h"
#include "opkit/sim/launch.h"
