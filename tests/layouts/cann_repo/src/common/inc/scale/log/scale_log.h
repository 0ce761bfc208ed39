/* The scale family's error log, in the form of CANN's log/inner/dfx_base.h: its module tag comes from the build
 * (src/common/CMakeLists.txt defines OPS_UTILS_LOG_SUB_MOD_NAME and OPS_UTILS_LOG_PACKAGE_TYPE). */
#ifndef SCALE_LOG_H
#define SCALE_LOG_H
#include <cstdio>

#define SCALE_LOGE(OP, FMT, ...)                                                                               \
    std::fprintf(stderr, "[ERROR][%s]%s OpName:[%s] " FMT "\n", (OPS_UTILS_LOG_SUB_MOD_NAME),                  \
                 (OPS_UTILS_LOG_PACKAGE_TYPE), (OP), ##__VA_ARGS__)
#endif  // SCALE_LOG_H
