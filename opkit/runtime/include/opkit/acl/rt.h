// The definitions behind acl/acl_rt.h (inline, or compiled once into lib64/libascendcl.so: acl_base.h).
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <set>
#include <string>

#include "acl/acl_rt.h"
#include "opkit/sim/device_memory.h"
#include "opkit/sim/stream_capture.h"

namespace opkit::sim::detail {

// Eight simulated devices (ids 0-7), as in an Atlas 800 A2 server, whose multi-device programs (HCCL, MC2 ops) set
// all eight; $OPKIT_ACL_DEVICE_COUNT sets another count (1-64).
inline int32_t acl_device_count() {
  const char* env = std::getenv("OPKIT_ACL_DEVICE_COUNT");
  const int n = env != nullptr ? std::atoi(env) : 8;
  return n >= 1 && n <= 64 ? n : 8;
}

struct AclHandle {  // what an aclrtContext, aclrtStream or aclrtEvent points to
  enum Kind : uint8_t { kContext, kStream, kEvent } kind;
  int32_t device;
  std::chrono::steady_clock::time_point recorded{};
};

struct AclRuntimeState {
  std::mutex m;
  bool initialized = false;
  std::set<AclHandle*> handles;
};

inline AclRuntimeState& acl_runtime() {
  static AclRuntimeState state;
  return state;
}

inline int32_t& acl_current_device() {  // per thread, as ACL's current context
  thread_local int32_t device = -1;
  return device;
}

inline aclError acl_new_handle(void** out, AclHandle::Kind kind, const char* api) {
  if (out == nullptr) return acl_fail(ACL_ERROR_INVALID_PARAM, api, "the output pointer is null");
  auto* h = new AclHandle{kind, acl_current_device() < 0 ? 0 : acl_current_device()};
  std::lock_guard<std::mutex> lock(acl_runtime().m);
  acl_runtime().handles.insert(h);
  *out = h;
  return ACL_SUCCESS;
}

// A live handle of `kind`; nullptr (the default stream) is accepted where `null_ok`.
inline aclError acl_check_handle(void* handle, AclHandle::Kind kind, bool null_ok, const char* api) {
  static const char* const names[] = {"context", "stream", "event"};
  if (handle == nullptr) {
    return null_ok ? ACL_SUCCESS : acl_fail(ACL_ERROR_INVALID_PARAM, api, "the %s is null", names[kind]);
  }
  std::lock_guard<std::mutex> lock(acl_runtime().m);
  auto* h = static_cast<AclHandle*>(handle);
  if (acl_runtime().handles.count(h) == 0 || h->kind != kind) {
    return acl_fail(ACL_ERROR_RT_INVALID_HANDLE, api, "%p is not a live %s (destroyed already, or never created)",
                    handle, names[kind]);
  }
  return ACL_SUCCESS;
}

inline aclError acl_destroy_handle(void* handle, AclHandle::Kind kind, const char* api) {
  if (aclError e = acl_check_handle(handle, kind, false, api)) return e;
  std::lock_guard<std::mutex> lock(acl_runtime().m);
  acl_runtime().handles.erase(static_cast<AclHandle*>(handle));
  delete static_cast<AclHandle*>(handle);
  return ACL_SUCCESS;
}

inline aclError acl_allocate(void** ptr, size_t size, MemoryKind kind, bool extra_block, const char* api) {
  if (ptr == nullptr) return acl_fail(ACL_ERROR_INVALID_PARAM, api, "the output pointer is null");
  if (size == 0) return acl_fail(ACL_ERROR_INVALID_PARAM, api, "size must not be 0");
  const uint64_t padded = npu_padded_size(size, extra_block);
  void* p = std::aligned_alloc(64, (padded + 63) / 64 * 64);
  if (p == nullptr) {
    return acl_fail(ACL_ERROR_RT_MEMORY_ALLOCATION, api, "out of memory allocating %zu bytes", size);
  }
  // Zeros, as a new process gets the device's memory (and CANN's CPU-debug GmAlloc hands it out): CANN does not promise
  // it, but samples that never clear a workspace or an output they write only in part rely on it.
  std::memset(p, 0, padded);
  auto& s = device_memory();
  std::lock_guard<std::mutex> lock(s.m);
  s.live[reinterpret_cast<uintptr_t>(p)] = DeviceAllocation{size, padded, s.next_id++, kind};
  *ptr = p;
  return ACL_SUCCESS;
}

inline aclError acl_free(void* ptr, MemoryKind kind, const char* api, const char* allocator) {
  if (ptr == nullptr) return acl_fail(ACL_ERROR_INVALID_PARAM, api, "the pointer is null");
  auto& s = device_memory();
  {
    std::lock_guard<std::mutex> lock(s.m);
    auto it = s.live.find(reinterpret_cast<uintptr_t>(ptr));
    if (it == s.live.end() || it->second.kind != kind) {
      return acl_fail(ACL_ERROR_INVALID_PARAM, api, "address %p was not returned by %s (or was freed already)",
                      ptr, allocator);
    }
    s.live.erase(it);
  }
  std::free(ptr);
  return ACL_SUCCESS;
}

// Is [p, p + bytes) inside device memory? 1: yes, 0: not device memory at all, -1: starts in device memory
// but runs past the end of its allocation (`room` gets the bytes left).
inline int acl_device_range(const void* p, uint64_t bytes, uint64_t* room) {
  auto& s = device_memory();
  std::lock_guard<std::mutex> lock(s.m);
  const auto addr = reinterpret_cast<uintptr_t>(p);
  auto it = s.live.upper_bound(addr);
  if (it == s.live.begin()) return 0;
  --it;
  if (it->second.kind != MemoryKind::kDevice || addr >= it->first + it->second.padded) return 0;
  *room = it->first + it->second.padded - addr;
  return addr + bytes <= it->first + it->second.padded ? 1 : -1;
}

inline aclError acl_check_side(const void* p, size_t count, bool device, const char* what, const char* kind,
                               const char* api) {
  uint64_t room = 0;
  const int where = acl_device_range(p, count, &room);
  if (device && where == 0) {
    return acl_fail(ACL_ERROR_INVALID_PARAM, api, "%s %p is not device memory (aclrtMalloc) but the copy kind "
                    "%s says it is", what, p, kind);
  }
  if (where < 0) {
    return acl_fail(ACL_ERROR_INVALID_PARAM, api, "%s %p has %llu bytes of device memory left, fewer than count "
                    "%zu (kind %s)", what, p, static_cast<unsigned long long>(room), count, kind);
  }
  if (!device && where != 0) {
    return acl_fail(ACL_ERROR_INVALID_PARAM, api, "%s %p is device memory (aclrtMalloc) but the copy kind %s "
                    "says it is host memory", what, p, kind);
  }
  return ACL_SUCCESS;
}

inline aclError acl_memcpy(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind,
                           const char* api) {
  static const char* const kinds[] = {"ACL_MEMCPY_HOST_TO_HOST", "ACL_MEMCPY_HOST_TO_DEVICE",
                                      "ACL_MEMCPY_DEVICE_TO_HOST", "ACL_MEMCPY_DEVICE_TO_DEVICE"};
  if (static_cast<int>(kind) < 0 || static_cast<int>(kind) > ACL_MEMCPY_DEFAULT) {
    return acl_fail(ACL_ERROR_INVALID_PARAM, api, "copy kind %d is not an aclrtMemcpyKind (0..4)",
                    static_cast<int>(kind));
  }
  if (dst == nullptr || src == nullptr) {
    return acl_fail(ACL_ERROR_INVALID_PARAM, api, "%s is null", dst == nullptr ? "dst" : "src");
  }
  if (count > destMax) {
    return acl_fail(ACL_ERROR_INVALID_PARAM, api, "count %zu is larger than destMax %zu", count, destMax);
  }
  if (count == 0) return ACL_SUCCESS;
  if (kind != ACL_MEMCPY_DEFAULT) {
    const bool dst_dev = kind == ACL_MEMCPY_HOST_TO_DEVICE || kind == ACL_MEMCPY_DEVICE_TO_DEVICE;
    const bool src_dev = kind == ACL_MEMCPY_DEVICE_TO_HOST || kind == ACL_MEMCPY_DEVICE_TO_DEVICE;
    if (aclError e = acl_check_side(dst, count, dst_dev, "dst", kinds[kind], api)) return e;
    if (aclError e = acl_check_side(src, count, src_dev, "src", kinds[kind], api)) return e;
  }
  std::memmove(dst, src, count);
  return ACL_SUCCESS;
}

}  // namespace opkit::sim::detail

OPKIT_ACL_FN aclError aclrtSetDevice(int32_t deviceId) {
  if (deviceId < 0 || deviceId >= opkit::sim::detail::acl_device_count()) {
    return opkit::sim::detail::acl_fail(ACL_ERROR_RT_INVALID_DEVICEID, "aclrtSetDevice",
                                        "device %d does not exist (%d device(s); OPKIT_ACL_DEVICE_COUNT sets more)",
                                        deviceId, opkit::sim::detail::acl_device_count());
  }
  opkit::sim::detail::acl_current_device() = deviceId;
  return ACL_SUCCESS;
}

OPKIT_ACL_FN aclError aclrtResetDevice(int32_t deviceId) {
  if (deviceId < 0 || deviceId >= opkit::sim::detail::acl_device_count()) {
    return opkit::sim::detail::acl_fail(ACL_ERROR_RT_INVALID_DEVICEID, "aclrtResetDevice",
                                        "device %d does not exist", deviceId);
  }
  if (opkit::sim::detail::acl_current_device() == deviceId) opkit::sim::detail::acl_current_device() = -1;
  auto& s = opkit::sim::detail::device_memory();
  std::lock_guard<std::mutex> lock(s.m);
  s.device_error = 0;  // a reset device runs again; an unread fault still sets the exit status
  return ACL_SUCCESS;
}

OPKIT_ACL_FN aclError aclrtGetDevice(int32_t* deviceId) {
  if (deviceId == nullptr) return opkit::sim::detail::acl_fail(ACL_ERROR_INVALID_PARAM, "aclrtGetDevice", "null");
  if (opkit::sim::detail::acl_current_device() < 0) {
    return opkit::sim::detail::acl_fail(ACL_ERROR_RT_CONTEXT_NULL, "aclrtGetDevice",
                                        "no device is set on this thread; call aclrtSetDevice first");
  }
  *deviceId = opkit::sim::detail::acl_current_device();
  return ACL_SUCCESS;
}

OPKIT_ACL_FN aclError aclrtGetDeviceCount(uint32_t* count) {
  if (count == nullptr) return opkit::sim::detail::acl_fail(ACL_ERROR_INVALID_PARAM, "aclrtGetDeviceCount", "null");
  *count = static_cast<uint32_t>(opkit::sim::detail::acl_device_count());
  return ACL_SUCCESS;
}

OPKIT_ACL_FN aclError aclrtGetRunMode(aclrtRunMode* mode) {
  if (mode == nullptr) return opkit::sim::detail::acl_fail(ACL_ERROR_INVALID_PARAM, "aclrtGetRunMode", "null");
  *mode = ACL_HOST;
  return ACL_SUCCESS;
}

namespace opkit::sim::detail {
// The device's error after a kernel fault (507015, chevron.h), which every synchronize call returns until
// aclrtResetDevice; aclGetRecentErrMsg then names the fault.
inline aclError acl_device_error(const char* api) {
  DeviceMemoryState& s = device_memory();
  int code = 0;
  char text[1024];
  {
    std::lock_guard<std::mutex> lock(s.m);
    code = s.device_error;
    std::memcpy(text, s.fault_text, sizeof text);
  }
  if (code == 0) return ACL_SUCCESS;
  return acl_fail(code, api, "aicore exception: %s", text);
}
}  // namespace opkit::sim::detail

OPKIT_ACL_FN aclError aclrtSynchronizeDevice() {
  return opkit::sim::detail::acl_device_error("aclrtSynchronizeDevice");
}

// The last runtime error (here: a kernel fault's 507015), cleared by aclrtGetLastError and kept by Peek; either
// call counts as the program having read a fault (else its exit status is 1: device_memory.h).
OPKIT_ACL_FN aclError aclrtPeekAtLastError(aclrtLastErrLevel /*level*/) {
  auto& s = opkit::sim::detail::device_memory();
  std::lock_guard<std::mutex> lock(s.m);
  if (s.last_error != 0) s.fault_unread = false;
  return s.last_error;
}
OPKIT_ACL_FN aclError aclrtGetLastError(aclrtLastErrLevel /*level*/) {
  auto& s = opkit::sim::detail::device_memory();
  std::lock_guard<std::mutex> lock(s.m);
  const int code = s.last_error;
  if (code != 0) s.fault_unread = false;
  s.last_error = 0;
  return code;
}

OPKIT_ACL_FN aclError aclrtCreateContext(aclrtContext* context, int32_t deviceId) {
  if (aclError e = aclrtSetDevice(deviceId)) return e;
  return opkit::sim::detail::acl_new_handle(context, opkit::sim::detail::AclHandle::kContext, "aclrtCreateContext");
}
OPKIT_ACL_FN aclError aclrtDestroyContext(aclrtContext context) {
  return opkit::sim::detail::acl_destroy_handle(context, opkit::sim::detail::AclHandle::kContext,
                                                "aclrtDestroyContext");
}
OPKIT_ACL_FN aclError aclrtSetCurrentContext(aclrtContext context) {
  if (aclError e = opkit::sim::detail::acl_check_handle(context, opkit::sim::detail::AclHandle::kContext, false,
                                                        "aclrtSetCurrentContext")) {
    return e;
  }
  opkit::sim::detail::acl_current_device() = static_cast<opkit::sim::detail::AclHandle*>(context)->device;
  return ACL_SUCCESS;
}
OPKIT_ACL_FN aclError aclrtGetCurrentContext(aclrtContext* context) {
  if (context == nullptr) return opkit::sim::detail::acl_fail(ACL_ERROR_INVALID_PARAM, "aclrtGetCurrentContext", "null");
  *context = nullptr;
  auto& rt = opkit::sim::detail::acl_runtime();
  std::lock_guard<std::mutex> lock(rt.m);
  for (auto* h : rt.handles) {
    if (h->kind == opkit::sim::detail::AclHandle::kContext) *context = h;
  }
  return ACL_SUCCESS;
}

OPKIT_ACL_FN aclError aclrtCreateStream(aclrtStream* stream) {
  return opkit::sim::detail::acl_new_handle(stream, opkit::sim::detail::AclHandle::kStream, "aclrtCreateStream");
}
OPKIT_ACL_FN aclError aclrtDestroyStream(aclrtStream stream) {
  return opkit::sim::detail::acl_destroy_handle(stream, opkit::sim::detail::AclHandle::kStream,
                                                "aclrtDestroyStream");
}
OPKIT_ACL_FN aclError aclrtSynchronizeStream(aclrtStream stream) {
  if (opkit::sim::detail::capture_of(stream) != nullptr) {
    return opkit::sim::detail::acl_fail(ACL_ERROR_RT_STREAM_CAPTURED, "aclrtSynchronizeStream",
                                        "stream %p is being captured (aclmdlRICaptureEnd first)", stream);
  }
  if (aclError e = opkit::sim::detail::acl_check_handle(stream, opkit::sim::detail::AclHandle::kStream, true,
                                                        "aclrtSynchronizeStream")) {
    return e;
  }
  return opkit::sim::detail::acl_device_error("aclrtSynchronizeStream");
}
OPKIT_ACL_FN aclError aclrtSynchronizeStreamWithTimeout(aclrtStream stream, int32_t /*timeout_ms*/) {
  return aclrtSynchronizeStream(stream);
}

OPKIT_ACL_FN aclError aclrtCreateEvent(aclrtEvent* event) {
  return opkit::sim::detail::acl_new_handle(event, opkit::sim::detail::AclHandle::kEvent, "aclrtCreateEvent");
}
OPKIT_ACL_FN aclError aclrtCreateEventWithFlag(aclrtEvent* event, uint32_t /*flag*/) {
  return aclrtCreateEvent(event);
}
OPKIT_ACL_FN aclError aclrtCreateEventExWithFlag(aclrtEvent* event, uint32_t /*flag*/) {
  return aclrtCreateEvent(event);
}
OPKIT_ACL_FN aclError aclrtDestroyEvent(aclrtEvent event) {
  return opkit::sim::detail::acl_destroy_handle(event, opkit::sim::detail::AclHandle::kEvent, "aclrtDestroyEvent");
}
OPKIT_ACL_FN aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream) {
  using opkit::sim::detail::AclHandle;
  if (aclError e = opkit::sim::detail::acl_check_handle(event, AclHandle::kEvent, false, "aclrtRecordEvent")) return e;
  if (aclError e = opkit::sim::detail::acl_check_handle(stream, AclHandle::kStream, true, "aclrtRecordEvent")) {
    return e;
  }
  static_cast<AclHandle*>(event)->recorded = std::chrono::steady_clock::now();
  opkit::sim::detail::capture_event(event, stream);
  return ACL_SUCCESS;
}
OPKIT_ACL_FN aclError aclrtSynchronizeEvent(aclrtEvent event) {
  if (aclError e = opkit::sim::detail::acl_check_handle(event, opkit::sim::detail::AclHandle::kEvent, false,
                                                        "aclrtSynchronizeEvent")) {
    return e;
  }
  return opkit::sim::detail::acl_device_error("aclrtSynchronizeEvent");
}
OPKIT_ACL_FN aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event) {
  using opkit::sim::detail::AclHandle;
  if (aclError e = opkit::sim::detail::acl_check_handle(stream, AclHandle::kStream, true, "aclrtStreamWaitEvent")) {
    return e;
  }
  if (aclError e = opkit::sim::detail::acl_check_handle(event, AclHandle::kEvent, false, "aclrtStreamWaitEvent")) {
    return e;
  }
  opkit::sim::detail::join_capture(stream, event);
  return ACL_SUCCESS;
}
// Host wall time between two recorded events, in milliseconds (the simulator's time, not the NPU's).
OPKIT_ACL_FN aclError aclrtEventElapsedTime(float* ms, aclrtEvent start, aclrtEvent end) {
  using opkit::sim::detail::AclHandle;
  if (ms == nullptr) return opkit::sim::detail::acl_fail(ACL_ERROR_INVALID_PARAM, "aclrtEventElapsedTime", "null");
  if (aclError e = opkit::sim::detail::acl_check_handle(start, AclHandle::kEvent, false, "aclrtEventElapsedTime")) {
    return e;
  }
  if (aclError e = opkit::sim::detail::acl_check_handle(end, AclHandle::kEvent, false, "aclrtEventElapsedTime")) {
    return e;
  }
  const auto d = static_cast<AclHandle*>(end)->recorded - static_cast<AclHandle*>(start)->recorded;
  *ms = std::chrono::duration<float, std::milli>(d).count();
  return ACL_SUCCESS;
}

OPKIT_ACL_FN aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy /*policy*/) {
  return opkit::sim::detail::acl_allocate(devPtr, size, opkit::sim::detail::MemoryKind::kDevice, true, "aclrtMalloc");
}
OPKIT_ACL_FN aclError aclrtMallocAlign32(void** devPtr, size_t size, aclrtMemMallocPolicy /*policy*/) {
  return opkit::sim::detail::acl_allocate(devPtr, size, opkit::sim::detail::MemoryKind::kDevice, false,
                                          "aclrtMallocAlign32");
}
OPKIT_ACL_FN aclError aclrtMallocCached(void** devPtr, size_t size, aclrtMemMallocPolicy policy) {
  return aclrtMalloc(devPtr, size, policy);
}
OPKIT_ACL_FN aclError aclrtMallocHost(void** hostPtr, size_t size) {
  return opkit::sim::detail::acl_allocate(hostPtr, size, opkit::sim::detail::MemoryKind::kHost, false,
                                          "aclrtMallocHost");
}
OPKIT_ACL_FN aclError aclrtFree(void* devPtr) {
  return opkit::sim::detail::acl_free(devPtr, opkit::sim::detail::MemoryKind::kDevice, "aclrtFree", "aclrtMalloc");
}
OPKIT_ACL_FN aclError aclrtFreeHost(void* hostPtr) {
  return opkit::sim::detail::acl_free(hostPtr, opkit::sim::detail::MemoryKind::kHost, "aclrtFreeHost",
                                      "aclrtMallocHost");
}

OPKIT_ACL_FN aclError aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind) {
  return opkit::sim::detail::acl_memcpy(dst, destMax, src, count, kind, "aclrtMemcpy");
}
OPKIT_ACL_FN aclError aclrtMemcpyAsync(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind,
                                 aclrtStream stream) {
  if (aclError e = opkit::sim::detail::acl_check_handle(stream, opkit::sim::detail::AclHandle::kStream, true,
                                                        "aclrtMemcpyAsync")) {
    return e;
  }
  if (opkit::sim::detail::capture_task(stream, "memcpy", std::to_string(count) + " bytes, kind " + std::to_string(kind),
                                       [=] { return opkit::sim::detail::acl_memcpy(dst, destMax, src, count, kind,
                                                                                   "aclrtMemcpyAsync"); })) {
    return ACL_SUCCESS;
  }
  return opkit::sim::detail::acl_memcpy(dst, destMax, src, count, kind, "aclrtMemcpyAsync");
}

OPKIT_ACL_FN aclError aclrtMemset(void* devPtr, size_t maxCount, int32_t value, size_t count) {
  if (devPtr == nullptr) return opkit::sim::detail::acl_fail(ACL_ERROR_INVALID_PARAM, "aclrtMemset", "devPtr is null");
  if (count > maxCount) {
    return opkit::sim::detail::acl_fail(ACL_ERROR_INVALID_PARAM, "aclrtMemset",
                                        "count %zu is larger than maxCount %zu", count, maxCount);
  }
  uint64_t room = 0;
  if (opkit::sim::detail::acl_device_range(devPtr, count, &room) < 0) {
    return opkit::sim::detail::acl_fail(ACL_ERROR_INVALID_PARAM, "aclrtMemset",
                                        "devPtr %p has %llu bytes of device memory left, fewer than count %zu",
                                        devPtr, static_cast<unsigned long long>(room), count);
  }
  std::memset(devPtr, value, count);
  return ACL_SUCCESS;
}
OPKIT_ACL_FN aclError aclrtMemsetAsync(void* devPtr, size_t maxCount, int32_t value, size_t count, aclrtStream stream) {
  if (aclError e = opkit::sim::detail::acl_check_handle(stream, opkit::sim::detail::AclHandle::kStream, true,
                                                        "aclrtMemsetAsync")) {
    return e;
  }
  if (opkit::sim::detail::capture_task(stream, "memset", std::to_string(count) + " bytes of " + std::to_string(value),
                                       [=] { return aclrtMemset(devPtr, maxCount, value, count); })) {
    return ACL_SUCCESS;
  }
  return aclrtMemset(devPtr, maxCount, value, count);
}

// The SoC the simulator launches for: $OPKIT_SOC, else Ascend910B2 (opkit's default profile).
OPKIT_ACL_FN const char* aclrtGetSocName() {
  const char* env = std::getenv("OPKIT_SOC");
  return env != nullptr ? env : "Ascend910B2";
}

// acl graph capture's functions need everything above, whichever acl header a program includes first.
#include "opkit/acl/graph.h"
