// myops::add_custom on the npu device through the op's aclnn API (EXEC_NPU_CMD), with an autograd backward and a
// Meta kernel, registered as torch_npu's samples do.
#include <torch/csrc/autograd/custom_function.h>
#include <torch/extension.h>
#include <torch/library.h>

#include "op_plugin/utils/op_api_common.h"
#include "torch_npu/csrc/core/npu/NPUStream.h"
#include "torch_npu/csrc/framework/utils/OpPreparation.h"

namespace {

at::Tensor add_npu(const at::Tensor& x, const at::Tensor& y) {
  at::Tensor z = at_npu::native::OpPreparation::apply_tensor_without_format(x);
  EXEC_NPU_CMD(aclnnAddCustom, x, y, z);
  return z;
}

at::Tensor add_meta(const at::Tensor& x, const at::Tensor& /*y*/) { return at::empty_like(x); }

at::Tensor add_dispatch(const at::Tensor& x, const at::Tensor& y) {
  static auto op = c10::Dispatcher::singleton().findSchemaOrThrow("myops::add_custom", "").typed<decltype(add_npu)>();
  return op.call(x, y);
}

class AddFunction : public torch::autograd::Function<AddFunction> {
 public:
  static at::Tensor forward(torch::autograd::AutogradContext*, at::Tensor x, at::Tensor y) {
    at::AutoDispatchBelowADInplaceOrView guard;
    return add_dispatch(x, y);
  }
  static torch::autograd::tensor_list backward(torch::autograd::AutogradContext*,
                                               torch::autograd::tensor_list grads) {
    return {grads[0], grads[0]};
  }
};

at::Tensor add_autograd(const at::Tensor& x, const at::Tensor& y) { return AddFunction::apply(x, y); }

}  // namespace

TORCH_LIBRARY(myops, m) { m.def("add_custom(Tensor x, Tensor y) -> Tensor"); }
TORCH_LIBRARY_IMPL(myops, PrivateUse1, m) { m.impl("add_custom", &add_npu); }
TORCH_LIBRARY_IMPL(myops, AutogradPrivateUse1, m) { m.impl("add_custom", &add_autograd); }
TORCH_LIBRARY_IMPL(myops, Meta, m) { m.impl("add_custom", &add_meta); }

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("add_custom", &add_autograd, "x + y on the npu"); }
