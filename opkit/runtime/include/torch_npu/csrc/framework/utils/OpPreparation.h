// torch_npu's at_npu::native::OpPreparation: output tensors for npu ops. Every tensor is ND on the CPU, so the
// "with format" variants take the format and ignore it.
#pragma once

#include <ATen/ATen.h>

#include "torch_npu/csrc/core/npu/DeviceUtils.h"

namespace at_npu::native {

class OpPreparation {
 public:
  static at::Tensor apply_tensor_without_format(const at::Tensor& src) { return at::empty(src.sizes(), src.options()); }
  static at::Tensor apply_tensor_without_format(const at::Tensor& src, c10::IntArrayRef sizes) {
    return at::empty(sizes, src.options());
  }
  static at::Tensor apply_tensor_without_format(c10::IntArrayRef sizes, const c10::TensorOptions& options) {
    return at::empty(sizes, with_npu(options));
  }
  static at::Tensor apply_tensor(const at::Tensor& src) { return apply_tensor_without_format(src); }
  static at::Tensor apply_tensor(const at::Tensor& src, c10::IntArrayRef sizes) { return at::empty(sizes, src.options()); }
  static at::Tensor apply_tensor(c10::IntArrayRef sizes, const c10::TensorOptions& options, const at::Tensor& src) {
    return at::empty(sizes, options.device(src.device()));
  }
  static at::Tensor apply_tensor_with_format(const at::Tensor& src, int64_t /*format*/, bool /*keep*/ = false) {
    return apply_tensor_without_format(src);
  }
  static at::Tensor apply_tensor_with_format(c10::IntArrayRef sizes, const c10::TensorOptions& options,
                                             int64_t /*format*/, bool /*keep*/ = false) {
    return at::empty(sizes, with_npu(options));
  }
  static at::Tensor apply_tensor_with_sizes(c10::IntArrayRef sizes, const c10::TensorOptions& options) {
    return at::empty(sizes, with_npu(options));
  }
  static at::Tensor ApplyTensor(const at::Tensor& src) { return apply_tensor(src); }
  static at::Tensor ApplyTensor(const at::Tensor& src, c10::IntArrayRef sizes) { return apply_tensor(src, sizes); }
  static at::Tensor ApplyTensorWithoutFormat(const at::Tensor& src) { return apply_tensor_without_format(src); }
  static at::Tensor ApplyTensorWithoutFormat(c10::IntArrayRef sizes, const c10::TensorOptions& options) {
    return apply_tensor_without_format(sizes, options);
  }
  static at::Tensor ApplyTensorWithFormat(c10::IntArrayRef sizes, const c10::TensorOptions& options, int64_t fmt) {
    return apply_tensor_with_format(sizes, options, fmt);
  }
  static void check_tensor(std::initializer_list<at::Tensor> /*inputs*/, at::Tensor& /*output*/,
                           c10::IntArrayRef /*sizes*/ = {}) {}
  static void check_memory(std::initializer_list<at::Tensor> /*inputs*/,
                           std::initializer_list<at::Tensor> /*outputs*/) {}
  static at::Tensor CastBackToOriFormat(const at::Tensor& tensor) { return tensor; }
  static int64_t get_format(const at::Tensor& /*tensor*/) { return 2; }  // ACL_FORMAT_ND

 private:
  static c10::TensorOptions with_npu(const c10::TensorOptions& options) {
    return options.has_device() ? options : options.device(c10::Device(c10::DeviceType::PrivateUse1, 0));
  }
};

}  // namespace at_npu::native
