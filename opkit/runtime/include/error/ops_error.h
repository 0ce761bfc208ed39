// CANN ops' error-report macros (OPS_REPORT_VECTOR_INNER_ERR, OPS_ERR_IF): on the CPU a report is an error log line.
#pragma once

#include "log/ops_log.h"

#define OPS_REPORT_VECTOR_INNER_ERR(OPS_DESC, ...) OPS_LOG_E(OPS_DESC, __VA_ARGS__)
#define OPS_REPORT_CUBE_INNER_ERR(OPS_DESC, ...) OPS_LOG_E(OPS_DESC, __VA_ARGS__)
#define OPS_ERR_IF(COND, LOG_FUNC, EXPR) OPS_CHECK(COND, LOG_FUNC, EXPR)
