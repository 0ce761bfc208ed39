// CANN's opdev/op_log.h on the CPU: OP_LOGE records the error (aclGetRecentErrMsg, and stdout with
// ASCEND_SLOG_PRINT_TO_STDOUT=1); the other levels go to stderr with OPKIT_OP_LOG=1.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

#include "opkit/host/opdev_executor.h"

namespace opkit::opdev {
template <typename... A>
inline std::string Format(const char* format, A... args)
{
    char text[1024];
    if constexpr (sizeof...(A) == 0) {
        std::snprintf(text, sizeof text, "%s", format);
    } else {
        std::snprintf(text, sizeof text, format, args...);
    }
    return text;
}
template <typename... A>
inline void LogError(aclnnStatus code, const char* format, A... args)
{
    Fail(code, Format(format, args...));
}
template <typename... A>
inline void Log(const char* level, const char* format, A... args)
{
    const char* on = std::getenv("OPKIT_OP_LOG");
    if (on != nullptr && on[0] == '1') std::fprintf(stderr, "[%s] %s\n", level, Format(format, args...).c_str());
}
}  // namespace opkit::opdev

#define OP_LOGE(code, ...) opkit::opdev::LogError(code, __VA_ARGS__)
#define OP_LOGW(...) opkit::opdev::Log("WARNING", __VA_ARGS__)
#define OP_LOGI(...) opkit::opdev::Log("INFO", __VA_ARGS__)
#define OP_LOGD(...) opkit::opdev::Log("DEBUG", __VA_ARGS__)
#define OP_CHECK(cond, log, ...) do { if (!(cond)) { log; __VA_ARGS__; } } while (0)
#define CHECK_RET(cond, ret) do { if (!(cond)) { return ret; } } while (0)
#define CHECK_COND(cond, ret, ...) do { if (!(cond)) { OP_LOGE(ret, __VA_ARGS__); return ret; } } while (0)
#define OP_CHECK_NULL(param, ...) do { if ((param) == nullptr) { \
    OP_LOGE(ACLNN_ERR_PARAM_NULLPTR, "expected a value for %s, got null", #param); __VA_ARGS__; } } while (0)
#define OP_CHECK_ADD_TO_LAUNCHER_LIST_AICORE(cond, ret, ...) do { if (cond) { ret; } } while (0)
#define OP_CHECK_COMM_INPUT(workspaceSize, executor) do { \
    OP_CHECK_NULL(workspaceSize, return ACLNN_ERR_PARAM_NULLPTR); \
    OP_CHECK_NULL(executor, return ACLNN_ERR_PARAM_NULLPTR); } while (0)
