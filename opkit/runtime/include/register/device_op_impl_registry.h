// DEVICE_IMPL_OP_OPTILING(Op).Tiling(func): CANN's registration of a TilingFunc that also runs on the device (tiling
// sink). On the CPU the device and the host are one: it registers the op's TilingFunc (register/op_impl_registry.h).
#pragma once

#include "register/op_impl_registry.h"
