// CANN's error-report macros (include/dfx/base/err_msg.h, reached by host code through the registry headers):
// REPORT_INNER_ERR_MSG(code, "fmt", ...) and REPORT_USER_DEFINED_ERR_MSG. On the CPU a report is one line on stderr
// with its code and where it was made; it returns nothing, as CANN's (void) cast does.
#pragma once

#include <cstdarg>
#include <cstdio>
#include <cstring>

namespace opkit::host::detail {

inline void report_err_msg(const char* file, const char* function, int line, const char* code, const char* format,
                           ...) __attribute__((format(printf, 5, 6)));
inline void report_err_msg(const char* file, const char* function, int line, const char* code, const char* format,
                           ...) {
  char text[1024];
  va_list args;
  va_start(args, format);
  std::vsnprintf(text, sizeof text, format, args);
  va_end(args);
  const char* name = std::strrchr(file, '/');
  std::fprintf(stderr, "[ERROR] %s %s:%d (%s): %s\n", code, name != nullptr ? name + 1 : file, line, function, text);
}

}  // namespace opkit::host::detail

#define REPORT_INNER_ERR_MSG(error_code, format, ...) \
  (void)::opkit::host::detail::report_err_msg(__FILE__, __FUNCTION__, __LINE__, (error_code), (format), ##__VA_ARGS__)
#define REPORT_USER_DEFINED_ERR_MSG(error_code, format, ...) \
  (void)::opkit::host::detail::report_err_msg(__FILE__, __FUNCTION__, __LINE__, (error_code), (format), ##__VA_ARGS__)
