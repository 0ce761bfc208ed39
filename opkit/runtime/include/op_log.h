// The name cann-ops' tiling code includes its OP_LOG* macros by (its common op_tiling/op_log.h): see log/log.h.
#pragma once

#include "log/log.h"
