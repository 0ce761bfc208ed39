// CANN's acl/acl_base.h on the CPU: aclError and its codes, aclFloat16 and its conversions, handle types, tensor
// descriptions and data buffers.
//
// Two modes. Programs opkit builds (C++17: kernel-launch samples, generated projects) get every acl function inline,
// header-only. Programs built as CANN's samples are (plain -std=c++11, linking ascendcl, nnopbase, cust_opapi from
// `opkit cann-root`) get declarations only (OPKIT_ACL_DECLARE_ONLY, set below before C++17 or by -D) and call the
// same definitions compiled once into lib64/libascendcl.so (OPKIT_ACL_BUILD_LIB). Both spell them extern "C", as
// CANN exports them, so a program and a library that mix the two modes still agree on one set of symbols.
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if !defined(OPKIT_ACL_DECLARE_ONLY) && !defined(OPKIT_ACL_BUILD_LIB) && \
    (!defined(__cplusplus) || __cplusplus < 201703L)
#define OPKIT_ACL_DECLARE_ONLY 1
#endif
#ifndef ACL_FUNC_VISIBILITY
#define ACL_FUNC_VISIBILITY __attribute__((visibility("default")))
#endif
#ifdef OPKIT_ACL_BUILD_LIB
#define OPKIT_ACL_FN extern "C" ACL_FUNC_VISIBILITY
#else
#define OPKIT_ACL_FN extern "C" inline
#endif

typedef void* aclrtStream;
typedef void* aclrtEvent;
typedef void* aclrtContext;
typedef int aclError;
typedef uint16_t aclFloat16;

// The codes of CANN's aclError table (acl_base.h) and the runtime codes ACL passes through (acl_rt.h).
static const int ACL_SUCCESS = 0;
static const int ACL_ERROR_NONE = 0;
static const int ACL_ERROR_INVALID_PARAM = 100000;
static const int ACL_ERROR_UNINITIALIZE = 100001;
static const int ACL_ERROR_REPEAT_INITIALIZE = 100002;
static const int ACL_ERROR_INVALID_FILE = 100003;
static const int ACL_ERROR_REPEAT_FINALIZE = 100037;
static const int ACL_ERROR_BAD_ALLOC = 200000;
static const int ACL_ERROR_API_NOT_SUPPORT = 200001;
static const int ACL_ERROR_INVALID_DEVICE = 200002;
static const int ACL_ERROR_INVALID_RESOURCE_HANDLE = 200005;
static const int ACL_ERROR_INTERNAL_ERROR = 500000;
static const int ACL_ERROR_FAILURE = 500001;
static const int ACL_ERROR_RT_FAILURE = 500003;
static const int ACL_ERROR_RT_PARAM_INVALID = 107000;
static const int ACL_ERROR_RT_INVALID_DEVICEID = 107001;
static const int ACL_ERROR_RT_CONTEXT_NULL = 107002;
static const int ACL_ERROR_RT_STREAM_CONTEXT = 107003;
static const int ACL_ERROR_RT_INVALID_HANDLE = 107017;
static const int ACL_ERROR_RT_MODEL_CAPTURED = 107026;
static const int ACL_ERROR_RT_STREAM_CAPTURED = 107027;
static const int ACL_ERROR_RT_STREAM_NOT_CAPTURED = 107029;
static const int ACL_ERROR_RT_MEMORY_ALLOCATION = 207001;
static const int ACL_ERROR_RT_MEMORY_FREE = 207002;
static const int ACL_ERROR_RT_AICORE_EXCEPTION = 507015;

typedef enum {
  ACL_DT_UNDEFINED = -1, ACL_FLOAT = 0, ACL_FLOAT16 = 1, ACL_INT8 = 2, ACL_INT32 = 3, ACL_UINT8 = 4,
  ACL_INT16 = 6, ACL_UINT16 = 7, ACL_UINT32 = 8, ACL_INT64 = 9, ACL_UINT64 = 10, ACL_DOUBLE = 11, ACL_BOOL = 12,
  ACL_STRING = 13, ACL_COMPLEX64 = 16, ACL_COMPLEX128 = 17, ACL_BF16 = 27, ACL_INT4 = 29, ACL_UINT1 = 30,
  ACL_COMPLEX32 = 33,
} aclDataType;

typedef enum {
  ACL_FORMAT_UNDEFINED = -1, ACL_FORMAT_NCHW = 0, ACL_FORMAT_NHWC = 1, ACL_FORMAT_ND = 2, ACL_FORMAT_NC1HWC0 = 3,
  ACL_FORMAT_FRACTAL_Z = 4, ACL_FORMAT_NC1HWC0_C04 = 12, ACL_FORMAT_HWCN = 16, ACL_FORMAT_NDHWC = 27,
  ACL_FORMAT_FRACTAL_NZ = 29, ACL_FORMAT_NCDHW = 30, ACL_FORMAT_NDC1HWC0 = 32, ACL_FRACTAL_Z_3D = 33,
  ACL_FORMAT_NC = 35, ACL_FORMAT_NCL = 47,
} aclFormat;

// Round to nearest even, with infinities, NaN and subnormals, as the NPU's float -> half conversion.
static inline aclFloat16 aclFloatToFloat16(float value) {
  uint32_t f;
  memcpy(&f, &value, sizeof f);
  const uint32_t sign = (f >> 16) & 0x8000u;
  const uint32_t abs = f & 0x7fffffffu;
  if (abs >= 0x7f800000u) return (aclFloat16)(sign | (abs > 0x7f800000u ? 0x7e00u : 0x7c00u));
  if (abs >= 0x477ff000u) return (aclFloat16)(sign | 0x7c00u);  // rounds past 65504
  if (abs < 0x38800000u) {  // a half subnormal (or zero)
    const uint32_t shift = 126u - (abs >> 23);
    if (shift > 24u) return (aclFloat16)(sign);
    const uint32_t mant = (abs & 0x7fffffu) | 0x800000u;
    uint32_t h = mant >> shift;
    const uint32_t rest = mant & ((1u << shift) - 1u);
    const uint32_t half_way = 1u << (shift - 1u);
    if (rest > half_way || (rest == half_way && (h & 1u))) ++h;
    return (aclFloat16)(sign | h);
  }
  uint32_t h = ((abs - 0x38000000u) >> 13);
  const uint32_t rest = abs & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (h & 1u))) ++h;
  return (aclFloat16)(sign | h);
}

static inline float aclFloat16ToFloat(aclFloat16 value) {
  const uint32_t sign = (uint32_t)(value & 0x8000u) << 16;
  const uint32_t exp = (value >> 10) & 0x1fu;
  uint32_t mant = value & 0x3ffu;
  uint32_t f;
  if (exp == 0x1fu) {
    f = sign | 0x7f800000u | (mant << 13);
  } else if (exp != 0) {
    f = sign | ((exp + 112u) << 23) | (mant << 13);
  } else if (mant == 0) {
    f = sign;
  } else {  // subnormal: normalise
    uint32_t e = 113u;
    while ((mant & 0x400u) == 0) {
      mant <<= 1;
      --e;
    }
    f = sign | (e << 23) | ((mant & 0x3ffu) << 13);
  }
  float out;
  memcpy(&out, &f, sizeof out);
  return out;
}

static inline size_t aclDataTypeSize(aclDataType type) {
  switch (type) {
    case ACL_INT8: case ACL_UINT8: case ACL_BOOL: return 1;
    case ACL_FLOAT16: case ACL_BF16: case ACL_INT16: case ACL_UINT16: return 2;
    case ACL_FLOAT: case ACL_INT32: case ACL_UINT32: case ACL_COMPLEX32: return 4;
    case ACL_INT64: case ACL_UINT64: case ACL_DOUBLE: case ACL_COMPLEX64: return 8;
    case ACL_COMPLEX128: return 16;   // CANN's sizes (runtime's data_buffer.cpp): a complex is its two parts
    default: return 0;
  }
}

// Tensor descriptions and data buffers (the single-operator API's; AclNNInvocation samples size buffers with them).
typedef struct aclTensorDesc aclTensorDesc;
typedef struct aclDataBuffer aclDataBuffer;
#ifdef OPKIT_ACL_DECLARE_ONLY
#include "opkit/acl/decl_base.h"
#else
#include "opkit/acl/base.h"
#endif

// The kernel-launch macro of CANN's generated aclrtlaunch_<kernel>.h headers.
#ifndef ACLRT_LAUNCH_KERNEL
#define ACLRT_LAUNCH_KERNEL(kernel_func) aclrtlaunch_##kernel_func
#endif
