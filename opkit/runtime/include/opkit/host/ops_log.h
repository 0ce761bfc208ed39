// What CANN's op-host log macros (log/ops_log.h, log/log.h, op_log.h) print: one line per message on stderr, kept
// when its level reaches ASCEND_GLOBAL_LOG_LEVEL as CANN's logs are (0 debug, 1 info, 2 warning, 3 error, 4 none;
// errors only by default), naming the op and the host file and line.
#pragma once

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>

namespace opkit::host::detail {

inline int ops_log_threshold() {
  static const int level = [] {
    const char* env = std::getenv("ASCEND_GLOBAL_LOG_LEVEL");
    return env != nullptr && env[0] >= '0' && env[0] <= '4' && env[1] == '\0' ? env[0] - '0' : 3;
  }();
  return level;
}

// What a log macro's first argument names: a context (its node name), a C string or a std::string.
template <typename T>
std::string ops_log_name(const T& desc) {
  if constexpr (std::is_convertible_v<const T&, const char*>) {
    const char* name = desc;
    return name == nullptr ? std::string() : std::string(name);
  } else if constexpr (std::is_convertible_v<const T&, std::string>) {
    return desc;
  } else {
    return desc == nullptr ? std::string() : std::string(desc->GetNodeName());
  }
}

__attribute__((format(printf, 5, 6))) inline void ops_log(int level, const std::string& op, const char* file,
                                                          int line, const char* format, ...) {
  if (level < ops_log_threshold()) return;
  static const char* const kNames[] = {"DEBUG", "INFO", "WARNING", "ERROR"};
  va_list args;
  va_start(args, format);
  char text[1024];
  std::vsnprintf(text, sizeof text, format, args);
  va_end(args);
  const char* base = std::strrchr(file, '/');
  std::fprintf(stderr, "[%s] OpName:[%s] %s (%s:%d)\n", kNames[level < 0 ? 0 : level > 3 ? 3 : level], op.c_str(),
               text, base != nullptr ? base + 1 : file, line);
}

}  // namespace opkit::host::detail

#define OPKIT_OPS_LOG(level, desc, ...) \
  ::opkit::host::detail::ops_log(level, ::opkit::host::detail::ops_log_name(desc), __FILE__, __LINE__, __VA_ARGS__)
