// torch_npu's device helpers: the npu device is torch's PrivateUse1 (renamed "npu" by `import torch_npu`).
#pragma once

#include <ATen/Tensor.h>
#include <c10/core/DeviceType.h>

namespace torch_npu::utils {
inline c10::DeviceType get_npu_device_type() { return c10::DeviceType::PrivateUse1; }
inline bool is_npu(const at::Tensor& tensor) { return tensor.device().type() == c10::DeviceType::PrivateUse1; }
inline bool is_npu(const c10::Device& device) { return device.type() == c10::DeviceType::PrivateUse1; }
}  // namespace torch_npu::utils

namespace at_npu::key {
constexpr c10::DeviceType NativeDeviceType = c10::DeviceType::PrivateUse1;
constexpr c10::DispatchKey NativeDispatchKey = c10::DispatchKey::PrivateUse1;
constexpr c10::DispatchKey NativeAutogradDispatchKey = c10::DispatchKey::AutogradPrivateUse1;
}  // namespace at_npu::key
