// torch_npu's CalcuOpUtil.h: the helpers op code reaches through it. torch_npu's headers bring `string` into the
// global namespace (the samples' pytorch_npu_helper.hpp declares `AddParamToBuf(const string &)`), so this does too.
#pragma once

#include <string>

#include <ATen/ATen.h>

#include "acl/acl_base.h"
#include "torch_npu/csrc/core/npu/NPUStream.h"

using std::string;

namespace at_npu::native {
class CalcuOpUtil {
 public:
  static bool IsScalarWrappedToTensor(const at::Tensor& tensor) {
    return tensor.unsafeGetTensorImpl()->is_wrapped_number() && tensor.device().is_cpu();
  }
};
}  // namespace at_npu::native
