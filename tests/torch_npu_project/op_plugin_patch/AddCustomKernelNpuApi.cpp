// An OpPlugin entry: op_api::npu_add_custom through the op's aclnn API.
#include "op_plugin/AclOpsInterface.h"
#include "op_plugin/OpApiInterface.h"
#include "op_plugin/utils/op_api_common.h"

namespace op_api {
using npu_preparation = at_npu::native::OpPreparation;

at::Tensor npu_add_custom(const at::Tensor& x, const at::Tensor& y) {
  at::Tensor result = npu_preparation::apply_tensor_without_format(x);
  EXEC_NPU_CMD(aclnnAddCustom, x, y, result);
  return result;
}
}  // namespace op_api
