// Test-only stand-ins for kernel APIs the simulator does not provide yet; included after kernel_operator.h.
#pragma once

#include <cstring>

#include "kernel_operator.h"

// CANN >= 9 tiling macros: REGISTER_TILING_DEFAULT names the struct GET_TILING_DATA copies out of GM.
#ifndef REGISTER_TILING_DEFAULT
#define REGISTER_TILING_DEFAULT(T) using OpkitStubDefaultTiling = T
#endif
#ifndef GET_TILING_DATA
#define GET_TILING_DATA(var, tiling) \
  OpkitStubDefaultTiling var;        \
  std::memcpy(&var, (tiling), sizeof(var))
#endif

namespace AscendC {
// Less specialised than the real `Duplicate(const LocalTensor<T>&, const T&, const int32_t&)`, so once the
// simulator defines Duplicate, overload resolution picks the real one and this declaration is inert.
template <typename T, typename S, typename C>
void Duplicate(const LocalTensor<T>& dst, S scalar, C count);
}  // namespace AscendC
