// torch_npu's NPUNativeFunctions.h: torch_npu's own native functions; the stand-in adds none beyond ATen's.
#pragma once

#include <ATen/ATen.h>

#include "torch_npu/csrc/core/npu/DeviceUtils.h"

namespace at_npu::native {
struct NPUNativeFunctions {};
}  // namespace at_npu::native
