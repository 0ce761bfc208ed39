// The Cube unit: its memories and cores (cube/memory.h, cube/core.h), data movement into it (cube/load.h), Mmad
// (cube/mmad.h, 4:2 sparse in cube/sparse.h) and Fixpipe out of it (cube/fixpipe.h).
#pragma once

#include "opkit/sim/cube/core.h"
#include "opkit/sim/cube/fixpipe.h"
#include "opkit/sim/cube/fill.h"
#include "opkit/sim/cube/fixpipe_regs.h"
#include "opkit/sim/cube/load.h"
#include "opkit/sim/cube/load3d.h"
#include "opkit/sim/cube/memory.h"
#include "opkit/sim/cube/mmad.h"
#include "opkit/sim/cube/sparse.h"
