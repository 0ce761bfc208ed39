// CANN's opdev/make_op_executor.h on the CPU: the l0 macros (they use the enclosing function's `executor`).
#pragma once

#include "opdev/op_executor.h"
#include "opdev/op_dfx.h"
#include "opdev/op_log.h"
#include "opkit/host/opdev_launch.h"

#define OP_TYPE_REGISTER(name) [[maybe_unused]] static constexpr const char* kOpkitOpType_##name = #name
#define OP_INPUT(...) opkit::opdev::MakeInputs(__VA_ARGS__)
#define OP_OUTPUT(...) opkit::opdev::MakeOutputs(__VA_ARGS__)
#define OP_ATTR(...) opkit::opdev::MakeAttrs(__VA_ARGS__)
#define OP_WORKSPACE(...) opkit::opdev::Ignored{}
#define OP_OUTSHAPE(...) opkit::opdev::Ignored{}
#define OP_OPTION(...) opkit::opdev::Ignored{}
#define OP_EMPTY_ARG opkit::opdev::Ignored{}
#define INFER_SHAPE(op, ...) opkit::opdev::InferShape(executor, opkit::opdev::MakeCall(#op, __VA_ARGS__))
#define ADD_TO_LAUNCHER_LIST_AICORE(op, ...) opkit::opdev::AddAicore(executor, opkit::opdev::MakeCall(#op, __VA_ARGS__))
