// CANN's log library entry points (base/alog_pub.h, with log_types.h's levels, log types and the OP module id), as
// the operator repository's log/inner/dfx_base.h calls them: AlogCheckDebugLevel says whether a level is printed
// (ASCEND_GLOBAL_LOG_LEVEL, as opkit's other host logs: errors only by default), AlogRecord prints one line on stderr.
#pragma once

#include <cstdarg>
#include <cstdint>
#include <cstdio>

#include "opkit/host/ops_log.h"

#ifndef DLOG_DEBUG
#define DLOG_DEBUG 0
#define DLOG_INFO 1
#define DLOG_WARN 2
#define DLOG_ERROR 3
#define DLOG_NULL 4
#endif

enum { DLOG_TYPE_DEBUG = 0, DLOG_TYPE_RUN = 1, DLOG_TYPE_MAX };
enum { SLOG = 0, OP = 63 };   // module ids: the log's own and the operators' (the rest are CANN's other components')

// 1 when a message of `level` is printed, 0 when not; the module does not matter here.
inline int32_t AlogCheckDebugLevel(uint32_t /*moduleId*/, int32_t level) {
  return level >= ::opkit::host::detail::ops_log_threshold() && level < DLOG_NULL ? 1 : 0;
}

__attribute__((format(printf, 4, 5))) inline int32_t AlogRecord(uint32_t /*moduleId*/, uint32_t /*logType*/,
                                                                 int32_t level, const char* fmt, ...) {
  if (AlogCheckDebugLevel(OP, level) == 0) return 0;
  static const char* const kNames[] = {"DEBUG", "INFO", "WARNING", "ERROR"};
  std::fprintf(stderr, "[%s] ", kNames[level < 0 ? 0 : level > 3 ? 3 : level]);
  va_list args;
  va_start(args, fmt);
  std::vfprintf(stderr, fmt, args);
  va_end(args);
  std::fputc('\n', stderr);
  return 0;
}
