// CANN's acl/acl_rt.h on the CPU: devices, contexts, streams, events and memory of kernel-launch programs.
// Device memory is host memory registered as GM, so kernels launched with <<<>>> or ACLRT_LAUNCH_KERNEL are
// bounds-checked against it. Streams run nothing asynchronously: a launch has finished when it returns.
// The definitions (opkit/acl/rt.h) are inline for C++17 programs built with opkit; programs built as CANN's samples
// are (C++11, linking ascendcl) see declarations only and call lib64/libascendcl.so (acl_base.h explains the modes).
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "acl/acl_base.h"

typedef enum aclrtMemMallocPolicy {
  ACL_MEM_MALLOC_HUGE_FIRST,
  ACL_MEM_MALLOC_HUGE_ONLY,
  ACL_MEM_MALLOC_NORMAL_ONLY,
  ACL_MEM_MALLOC_HUGE_FIRST_P2P,
  ACL_MEM_MALLOC_HUGE_ONLY_P2P,
  ACL_MEM_MALLOC_NORMAL_ONLY_P2P,
  ACL_MEM_TYPE_LOW_BAND_WIDTH = 0x0100,
  ACL_MEM_TYPE_HIGH_BAND_WIDTH = 0x1000,
} aclrtMemMallocPolicy;

typedef enum aclrtMemcpyKind {
  ACL_MEMCPY_HOST_TO_HOST,
  ACL_MEMCPY_HOST_TO_DEVICE,
  ACL_MEMCPY_DEVICE_TO_HOST,
  ACL_MEMCPY_DEVICE_TO_DEVICE,
  ACL_MEMCPY_DEFAULT,
} aclrtMemcpyKind;

typedef enum aclrtRunMode { ACL_DEVICE, ACL_HOST } aclrtRunMode;

#ifdef OPKIT_ACL_DECLARE_ONLY
#include "opkit/acl/decl_rt.h"
#else
#include "opkit/acl/rt.h"
#endif
