// OpPlugin's OpApiInterface.h: declarations of the aclnn kernels (namespace op_api). OpPlugin generates them from
// op_plugin_functions.yaml; opkit declares each entry in the registration it compiles (torch_npu/_op_plugin.py), so
// this header brings only what a *KernelNpuApi.cpp expects to see.
#pragma once

#include <ATen/ATen.h>
#include <c10/util/Optional.h>

#include "torch_npu/csrc/framework/utils/OpAdapter.h"
