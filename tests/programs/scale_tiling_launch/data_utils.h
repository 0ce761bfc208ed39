// Host helpers of the kernel-launch program: binary files in and out, acl error checks, half printing.
#pragma once

#include <cstdio>
#include <fstream>
#include <string>
#include <sys/stat.h>

#include "acl/acl.h"

#define INFO_LOG(fmt, args...) fprintf(stdout, "[INFO]  " fmt "\n", ##args)
#define ERROR_LOG(fmt, args...) fprintf(stderr, "[ERROR] " fmt "\n", ##args)

#define CHECK_ACL(expr)                                                                     \
  do {                                                                                      \
    const aclError status_ = (expr);                                                        \
    if (status_ != ACL_ERROR_NONE) {                                                        \
      ERROR_LOG("%s:%d: %s returned %d: %s", __FILE__, __LINE__, #expr, status_,           \
                aclGetRecentErrMsg());                                                      \
      return 1;                                                                             \
    }                                                                                       \
  } while (0)

inline bool ReadFile(const std::string& path, size_t expected, void* buffer, size_t capacity) {
  struct stat info;
  if (stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) {
    ERROR_LOG("%s is not a readable file", path.c_str());
    return false;
  }
  if (static_cast<size_t>(info.st_size) != expected || expected > capacity) {
    ERROR_LOG("%s holds %lld bytes; expected %zu (buffer %zu)", path.c_str(), static_cast<long long>(info.st_size),
              expected, capacity);
    return false;
  }
  std::ifstream in(path, std::ios::binary);
  in.read(static_cast<char*>(buffer), static_cast<std::streamsize>(expected));
  return static_cast<bool>(in);
}

inline bool WriteFile(const std::string& path, const void* buffer, size_t size) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(static_cast<const char*>(buffer), static_cast<std::streamsize>(size));
  return static_cast<bool>(out);
}

inline void PrintHalf(const void* data, size_t count) {
  const auto* h = static_cast<const aclFloat16*>(data);
  for (size_t i = 0; i < count; ++i) std::printf("%g%c", aclFloat16ToFloat(h[i]), i + 1 == count ? '\n' : ' ');
}
