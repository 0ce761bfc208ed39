// CANN's acl/acl_prof.h on the CPU: the range API a kernel's caller wraps a launch in, so msopprof can show the op's
// tensors (aclprofStr2Id, aclprofRangePushEx, aclprofRangePop). There is no msprof here: a range is checked (its
// attributes as CANN documents them, pushes and pops paired per thread) and then goes nowhere; `opkit profile`
// records the launches themselves. Definitions in opkit/acl/prof.h (acl_base.h explains the two modes).
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "acl/acl_base.h"

#define ACL_PROF_TENSOR_DATA_SHAPE_LEN 8

typedef enum { ACL_PROF_MESSAGE_TYPE_TENSOR_INFO = 0 } aclprofMessageType;

// A caller may define ACL_PROF_TENSOR_INFO_DEFINED and its own copies of these structs, as CANN allows.
#ifndef ACL_PROF_TENSOR_INFO_DEFINED
#define ACL_PROF_TENSOR_INFO_DEFINED
#define ACL_PROF_EVENT_ATTR_VERSION 1

typedef struct aclprofTensor {
  uint32_t type;  // 0 input, 1 output
  uint32_t format;
  uint32_t dataType;
  uint32_t shapeDim;  // at most ACL_PROF_TENSOR_DATA_SHAPE_LEN
  uint32_t shape[ACL_PROF_TENSOR_DATA_SHAPE_LEN];
} aclprofTensor;

typedef struct aclprofTensorInfo {
  uint64_t opNameId;  // aclprofStr2Id(name)
  uint64_t opTypeId;
  uint32_t resv;
  uint32_t tensorNum;
  uint32_t kernelType;
  uint32_t blockNums;
  void* stream;
  aclprofTensor* tensors;
} aclprofTensorInfo;

typedef struct aclprofEventAttributes {
  uint16_t version;
  uint16_t size;
  uint32_t messageType;  // ACL_PROF_MESSAGE_TYPE_TENSOR_INFO
  union Message {
    aclprofTensorInfo* tensorInfo;
  } message;
} aclprofEventAttributes;
#endif  // ACL_PROF_TENSOR_INFO_DEFINED

#ifdef OPKIT_ACL_DECLARE_ONLY
#ifdef __cplusplus
extern "C" {
#endif
ACL_FUNC_VISIBILITY uint64_t aclprofStr2Id(const char* message);
ACL_FUNC_VISIBILITY aclError aclprofRangePushEx(aclprofEventAttributes* attr);
ACL_FUNC_VISIBILITY aclError aclprofRangePop();
#ifdef __cplusplus
}
#endif
#else
#include "opkit/acl/prof.h"
#endif
