// CANN's acl/acl_rt.h on the CPU: devices, contexts, streams, events and memory of kernel-launch programs.
// Device memory is host memory registered as GM, so kernels launched with <<<>>> or ACLRT_LAUNCH_KERNEL are
// bounds-checked against it. Streams run nothing asynchronously: a launch has finished when it returns (except
// under acl graph capture, which records the work for a replay: opkit/acl/graph.h).
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

// aclrtGetLastError/aclrtPeekAtLastError's level (CANN's acl_rt.h has this one value).
typedef enum aclrtLastErrLevel {
  ACL_RT_THREAD_LEVEL = 0,
} aclrtLastErrLevel;

// aclrtCreateEventWithFlag's flags: every event here is synchronous and timed, whatever the flags say.
#define ACL_EVENT_SYNC 0x00000001U
#define ACL_EVENT_CAPTURE_STREAM_PROGRESS 0x00000002U
#define ACL_EVENT_TIME_LINE 0x00000008U
#define ACL_EVENT_DEVICE_USE_ONLY 0x00000010U
#define ACL_EVENT_EXTERNAL 0x00000020U
#define ACL_EVENT_IPC 0x00000040U

// acl graph: a model captured from a stream's work (aclmdlRICaptureBegin/End) and replayed (aclmdlRIExecuteAsync).
typedef void* aclmdlRI;
typedef enum {
  ACL_MODEL_RI_CAPTURE_MODE_GLOBAL = 0,
  ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL,
  ACL_MODEL_RI_CAPTURE_MODE_RELAXED,
} aclmdlRICaptureMode;
typedef enum {
  ACL_MODEL_RI_CAPTURE_STATUS_NONE = 0,
  ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE,
  ACL_MODEL_RI_CAPTURE_STATUS_INVALIDATED,
} aclmdlRICaptureStatus;

#ifdef OPKIT_ACL_DECLARE_ONLY
#include "opkit/acl/decl_rt.h"
#else
#include "opkit/acl/rt.h"
#endif
// Kernel binaries (aclrtBinaryLoadFromFile ... aclrtLaunchKernelWithConfig), in either mode.
#include "opkit/acl/binary.h"
