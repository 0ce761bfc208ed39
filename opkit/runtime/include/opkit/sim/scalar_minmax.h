// The scalar min/max a kernel calls unqualified (`baseM = min(baseM, rowNum)`): on the device the compiler provides
// them for the integer types; CANN declares the same set in simt_api/math_functions.h. Global, non-template overloads
// of those integer types, as there: an exact match wins over std::min/std::max under `using namespace std`, and mixed
// types that CANN's set does not take stay errors.
#pragma once

#define OPKIT_SCALAR_MINMAX(T)                                 \
  inline T min(T x, T y) { return y < x ? y : x; }             \
  inline T max(T x, T y) { return x < y ? y : x; }

OPKIT_SCALAR_MINMAX(long long)
OPKIT_SCALAR_MINMAX(unsigned long long)
OPKIT_SCALAR_MINMAX(unsigned int)
OPKIT_SCALAR_MINMAX(long)
OPKIT_SCALAR_MINMAX(int)
OPKIT_SCALAR_MINMAX(short)
OPKIT_SCALAR_MINMAX(char)
OPKIT_SCALAR_MINMAX(unsigned long)
OPKIT_SCALAR_MINMAX(unsigned short)
OPKIT_SCALAR_MINMAX(unsigned char)

#undef OPKIT_SCALAR_MINMAX
