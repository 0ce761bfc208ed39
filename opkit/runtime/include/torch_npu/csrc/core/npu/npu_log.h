// torch_npu's log macros (ASCEND_LOGE/W/I/D): printed to stderr when ASCEND_SLOG_PRINT_TO_STDOUT=1 and the level is
// at least ASCEND_GLOBAL_LOG_LEVEL (0 debug .. 3 error, default 3), as CANN's slog does; silent otherwise.
#pragma once

#include <cstdio>
#include <cstdlib>

namespace opkit::torch_npu_detail {
inline bool log_enabled(int level) {
  const char* to_stdout = std::getenv("ASCEND_SLOG_PRINT_TO_STDOUT");
  if (to_stdout == nullptr || to_stdout[0] != '1') return false;
  const char* env = std::getenv("ASCEND_GLOBAL_LOG_LEVEL");
  return level >= (env != nullptr ? std::atoi(env) : 3);
}
}  // namespace opkit::torch_npu_detail

#define OPKIT_NPU_LOG(level, tag, fmt, ...)                                           \
  do {                                                                                \
    if (opkit::torch_npu_detail::log_enabled(level)) {                                \
      std::fprintf(stderr, "[" tag "] PTA: " fmt "\n", ##__VA_ARGS__);                \
    }                                                                                 \
  } while (0)
#define ASCEND_LOGD(fmt, ...) OPKIT_NPU_LOG(0, "DEBUG", fmt, ##__VA_ARGS__)
#define ASCEND_LOGI(fmt, ...) OPKIT_NPU_LOG(1, "INFO", fmt, ##__VA_ARGS__)
#define ASCEND_LOGW(fmt, ...) OPKIT_NPU_LOG(2, "WARNING", fmt, ##__VA_ARGS__)
#define ASCEND_LOGE(fmt, ...) OPKIT_NPU_LOG(3, "ERROR", fmt, ##__VA_ARGS__)
