// The header op_host files include: OpDef builders, gert contexts, ge types, and OP_ADD to register an op.
#pragma once

#include "exe_graph/runtime/infer_datatype_context.h"
#include "exe_graph/runtime/infer_shape_context.h"
#include "exe_graph/runtime/shape.h"
#include "exe_graph/runtime/storage_shape.h"
#include "exe_graph/runtime/tiling_context.h"
#include "base/err_msg.h"
#include "graph/ge_error_codes.h"
#include "graph/types.h"
#include "opkit/host/op_store.h"
#include "register/op_def.h"
#include "register/op_impl_registry.h"

// OP_ADD(AddCustom); inside `namespace ops`, after `class AddCustom : public OpDef`. Registers a copy of the
// OpDef under its type name when the library loads; any number of ops per shared library.
#define OP_ADD(op_type)                                                                   \
  [[maybe_unused]] static const ::opkit::host::detail::OpAdder OPKIT_HOST_CAT(opkit_op_add_, op_type){ \
      op_type(#op_type)}
