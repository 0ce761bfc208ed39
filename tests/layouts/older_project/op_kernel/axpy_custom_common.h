/* Kernel helper shared by AxpyCustom's kernel. */
#ifndef AXPY_CUSTOM_COMMON_H
#define AXPY_CUSTOM_COMMON_H
#include <cstdint>
constexpr int32_t BUFFER_NUM = 2;
#endif  // AXPY_CUSTOM_COMMON_H
