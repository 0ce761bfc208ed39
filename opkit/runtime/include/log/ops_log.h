// CANN ops' host log macros of the OPS_LOG_* family (OPS_LOG_E(context, "fmt", ...), OPS_CHECK, OPS_LOG_E_IF_NULL),
// printed by opkit (opkit/host/ops_log.h). The checks expand to a bare `if` block, as CANN's do, so calls written
// with or without a trailing semicolon both compile.
#pragma once

#include <unistd.h>

#include <cstdint>
#include <string>

// What CANN ops' log/ops_log.h brings through log/inner/dfx_base.h: host code names these contexts (and
// securec's memcpy_s, the log library's AlogCheckDebugLevel and OP, REPORT_INNER_ERR_MSG) having included only the log
// header.
#include "base/alog_pub.h"
#include "base/err_msg.h"
#include "exe_graph/runtime/infer_datatype_context.h"
#include "exe_graph/runtime/infer_shape_context.h"
#include "exe_graph/runtime/tiling_context.h"
#include "exe_graph/runtime/tiling_parse_context.h"
#include "graph/ge_error_codes.h"
#include "opkit/host/ops_log.h"
#include "securec.h"

#ifndef DLOG_DEBUG
#define DLOG_DEBUG 0
#define DLOG_INFO 1
#define DLOG_WARN 2
#define DLOG_ERROR 3
#define DLOG_NULL 4
#endif

#define OPS_LOG_D(OPS_DESC, ...) OPKIT_OPS_LOG(DLOG_DEBUG, OPS_DESC, __VA_ARGS__)
#define OPS_LOG_I(OPS_DESC, ...) OPKIT_OPS_LOG(DLOG_INFO, OPS_DESC, __VA_ARGS__)
#define OPS_LOG_W(OPS_DESC, ...) OPKIT_OPS_LOG(DLOG_WARN, OPS_DESC, __VA_ARGS__)
#define OPS_LOG_E(OPS_DESC, ...) OPKIT_OPS_LOG(DLOG_ERROR, OPS_DESC, __VA_ARGS__)
#define OPS_LOG_E_WITHOUT_REPORT(OPS_DESC, ...) OPKIT_OPS_LOG(DLOG_ERROR, OPS_DESC, __VA_ARGS__)
#define OPS_LOG_EVENT(OPS_DESC, ...) OPKIT_OPS_LOG(DLOG_INFO, OPS_DESC, __VA_ARGS__)
#define OPS_LOG_FULL(LEVEL, OPS_DESC, ...) OPKIT_OPS_LOG(LEVEL, OPS_DESC, __VA_ARGS__)
#define OPS_LOG_D_FULL(OPS_DESC, ...) OPKIT_OPS_LOG(DLOG_DEBUG, OPS_DESC, __VA_ARGS__)
#define OPS_LOG_I_FULL(OPS_DESC, ...) OPKIT_OPS_LOG(DLOG_INFO, OPS_DESC, __VA_ARGS__)
#define OPS_LOG_W_FULL(OPS_DESC, ...) OPKIT_OPS_LOG(DLOG_WARN, OPS_DESC, __VA_ARGS__)

#define OPS_CHECK(COND, LOG_FUNC, EXPR) \
  if (COND) {                           \
    LOG_FUNC;                           \
    EXPR;                               \
  }
#define OPS_LOG_D_IF(COND, OPS_DESC, EXPR, ...) OPS_CHECK(COND, OPS_LOG_D(OPS_DESC, __VA_ARGS__), EXPR)
#define OPS_LOG_I_IF(COND, OPS_DESC, EXPR, ...) OPS_CHECK(COND, OPS_LOG_I(OPS_DESC, __VA_ARGS__), EXPR)
#define OPS_LOG_W_IF(COND, OPS_DESC, EXPR, ...) OPS_CHECK(COND, OPS_LOG_W(OPS_DESC, __VA_ARGS__), EXPR)
#define OPS_LOG_E_IF(COND, OPS_DESC, EXPR, ...) OPS_CHECK(COND, OPS_LOG_E(OPS_DESC, __VA_ARGS__), EXPR)
#define OPS_LOG_EVENT_IF(COND, OPS_DESC, EXPR, ...) OPS_CHECK(COND, OPS_LOG_EVENT(OPS_DESC, __VA_ARGS__), EXPR)
#define OPS_LOG_E_IF_NULL(OPS_DESC, PTR, EXPR) \
  OPS_CHECK((PTR) == nullptr, OPS_LOG_E(OPS_DESC, "%s is nullptr!", #PTR), EXPR)
// A null pointer fails the InferShape or TilingFunc it is checked in.
#define OPS_CHECK_NULL_WITH_CONTEXT(CONTEXT, PTR) \
  OPS_CHECK((PTR) == nullptr, OPS_LOG_E(CONTEXT, "%s is nullptr!", #PTR), return ::ge::GRAPH_FAILED)
