// OpPlugin's AclOpsInterface.h: declarations of the aclop kernels (namespace acl_op). opkit runs aclnn kernels only,
// so it brings just the headers those files expect.
#pragma once

#include <ATen/ATen.h>

#include "torch_npu/csrc/framework/utils/OpAdapter.h"
