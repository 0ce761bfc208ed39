// Huawei's bounds-checked C library (securec.h) as CANN programs call it: memcpy_s, memset_s, strcpy_s, ...
// Return codes follow libboundscheck: EOK, or EINVAL/ERANGE/EOVERLAP with "_AND_RESET" when the destination
// was cleared.
#pragma once

#include <cerrno>
#include <cstdarg>
#include <cstddef>
#include <cstdio>
#include <cstring>

#ifndef EOK
#define EOK 0
#endif
typedef int errno_t;

#define SECUREC_MEM_MAX_LEN 0x7fffffffUL
#define SECUREC_STRING_MAX_LEN 0x7fffffffUL
#define EINVAL_AND_RESET (22 | 128)
#define ERANGE_AND_RESET (34 | 128)
#define EOVERLAP_AND_RESET (54 | 128)

namespace opkit::securec {
inline bool overlaps(const void* a, size_t na, const void* b, size_t nb) {
  const auto* x = static_cast<const char*>(a);
  const auto* y = static_cast<const char*>(b);
  return x < y + nb && y < x + na;
}
}  // namespace opkit::securec

inline errno_t memcpy_s(void* dest, size_t destMax, const void* src, size_t count) {
  if (destMax == 0 || destMax > SECUREC_MEM_MAX_LEN) return ERANGE;
  if (dest == nullptr) return EINVAL;
  if (src == nullptr) {
    std::memset(dest, 0, destMax);
    return EINVAL_AND_RESET;
  }
  if (count > destMax) {
    std::memset(dest, 0, destMax);
    return ERANGE_AND_RESET;
  }
  if (dest == src || count == 0) return EOK;
  if (opkit::securec::overlaps(dest, count, src, count)) {
    std::memset(dest, 0, destMax);
    return EOVERLAP_AND_RESET;
  }
  std::memcpy(dest, src, count);
  return EOK;
}

inline errno_t memmove_s(void* dest, size_t destMax, const void* src, size_t count) {
  if (destMax == 0 || destMax > SECUREC_MEM_MAX_LEN) return ERANGE;
  if (dest == nullptr) return EINVAL;
  if (src == nullptr) {
    std::memset(dest, 0, destMax);
    return EINVAL_AND_RESET;
  }
  if (count > destMax) {
    std::memset(dest, 0, destMax);
    return ERANGE_AND_RESET;
  }
  std::memmove(dest, src, count);
  return EOK;
}

inline errno_t memset_s(void* dest, size_t destMax, int c, size_t count) {
  if (destMax == 0 || destMax > SECUREC_MEM_MAX_LEN) return ERANGE;
  if (dest == nullptr) return EINVAL;
  if (count > destMax) {
    std::memset(dest, c, destMax);
    return ERANGE_AND_RESET;
  }
  std::memset(dest, c, count);
  return EOK;
}

inline errno_t strncpy_s(char* strDest, size_t destMax, const char* strSrc, size_t count) {
  if (destMax == 0 || destMax > SECUREC_STRING_MAX_LEN) return ERANGE;
  if (strDest == nullptr) return EINVAL;
  if (strSrc == nullptr) {
    strDest[0] = '\0';
    return EINVAL_AND_RESET;
  }
  size_t n = 0;
  while (n < count && strSrc[n] != '\0') ++n;
  if (n >= destMax) {
    strDest[0] = '\0';
    return ERANGE_AND_RESET;
  }
  if (opkit::securec::overlaps(strDest, n + 1, strSrc, n + 1)) {
    strDest[0] = '\0';
    return EOVERLAP_AND_RESET;
  }
  std::memcpy(strDest, strSrc, n);
  strDest[n] = '\0';
  return EOK;
}

inline errno_t strcpy_s(char* strDest, size_t destMax, const char* strSrc) {
  return strncpy_s(strDest, destMax, strSrc, strSrc == nullptr ? 0 : std::strlen(strSrc));
}

inline errno_t strncat_s(char* strDest, size_t destMax, const char* strSrc, size_t count) {
  if (destMax == 0 || destMax > SECUREC_STRING_MAX_LEN) return ERANGE;
  if (strDest == nullptr) return EINVAL;
  size_t used = 0;
  while (used < destMax && strDest[used] != '\0') ++used;
  if (strSrc == nullptr || used == destMax) {
    strDest[0] = '\0';
    return EINVAL_AND_RESET;
  }
  const errno_t e = strncpy_s(strDest + used, destMax - used, strSrc, count);
  if (e != EOK) strDest[0] = '\0';
  return e;
}

inline errno_t strcat_s(char* strDest, size_t destMax, const char* strSrc) {
  return strncat_s(strDest, destMax, strSrc, strSrc == nullptr ? 0 : std::strlen(strSrc));
}

// Returns the number of characters written, or -1 (with strDest cleared) when they do not fit.
inline int vsnprintf_s(char* strDest, size_t destMax, size_t count, const char* format, va_list args) {
  if (strDest == nullptr || format == nullptr || destMax == 0 || destMax > SECUREC_STRING_MAX_LEN) return -1;
  const size_t limit = count < destMax ? count + 1 : destMax;
  const int n = std::vsnprintf(strDest, limit, format, args);
  if (n < 0 || (static_cast<size_t>(n) >= limit && count >= destMax)) {
    strDest[0] = '\0';
    return -1;
  }
  return static_cast<size_t>(n) >= limit ? -1 : n;  // truncated to count characters
}

inline int snprintf_s(char* strDest, size_t destMax, size_t count, const char* format, ...)
    __attribute__((format(printf, 4, 5)));
inline int snprintf_s(char* strDest, size_t destMax, size_t count, const char* format, ...) {
  va_list args;
  va_start(args, format);
  const int n = vsnprintf_s(strDest, destMax, count, format, args);
  va_end(args);
  return n;
}

inline int vsprintf_s(char* strDest, size_t destMax, const char* format, va_list args) {
  return vsnprintf_s(strDest, destMax, destMax, format, args);
}

inline int sprintf_s(char* strDest, size_t destMax, const char* format, ...) __attribute__((format(printf, 3, 4)));
inline int sprintf_s(char* strDest, size_t destMax, const char* format, ...) {
  va_list args;
  va_start(args, format);
  const int n = vsprintf_s(strDest, destMax, format, args);
  va_end(args);
  return n;
}
