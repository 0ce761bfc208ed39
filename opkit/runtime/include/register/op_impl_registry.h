// IMPL_OP / IMPL_OP_INFERSHAPE / IMPL_OP_OPTILING: the ops-nn style of registering an op's functions by type name.
#pragma once

#include <initializer_list>  // CANN's includes these: host code uses std::unordered_set through it
#include <set>               // std::set too: CANN ops' tiling code uses it with only CANN headers included
#include <string>
#include <unordered_set>

// The contexts the registered functions take, complete, as CANN's op_impl_registry.h includes them.
#include "exe_graph/runtime/infer_datatype_context.h"
#include "exe_graph/runtime/infer_shape_context.h"
#include "exe_graph/runtime/tiling_context.h"
#include "exe_graph/runtime/tiling_parse_context.h"
#include "graph/ascend_string.h"
#include "opkit/host/op_store.h"
#include "register/op_impl_kernel_registry.h"

// IMPL_OP_OPTILING(AddExample).Tiling(TilingFunc); -- usable in any namespace, several per translation unit.
#define IMPL_OP(op_type)                                                                          \
  [[maybe_unused]] static ::opkit::host::detail::ImplRegistrar OPKIT_HOST_CAT(opkit_impl_op_, __COUNTER__) = \
      ::opkit::host::detail::ImplRegistrar(#op_type)
#define IMPL_OP_INFERSHAPE(op_type) IMPL_OP(op_type)
#define IMPL_OP_OPTILING(op_type) IMPL_OP(op_type)
// CANN's device-side (tiling sink) registration; on the CPU the device and the host are one, so it registers the
// same TilingFunc. Registering both for one op is fine: they name the same function.
#define DEVICE_IMPL_OP_OPTILING(op_type) IMPL_OP(op_type)
