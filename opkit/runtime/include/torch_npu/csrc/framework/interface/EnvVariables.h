// torch_npu's EnvVariables.h: the runtime switches torch_npu reads from the environment; none apply on the CPU.
#pragma once

namespace at_npu::native::env {
inline bool CheckJitDisable() { return true; }
inline bool isJitDisable() { return true; }
}  // namespace at_npu::native::env
