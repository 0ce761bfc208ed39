// torch_npu's c10_npu::NPUStream on the CPU: every stream is ACL's default stream (a null aclrtStream), and a launch
// has finished when it returns, so synchronising is immediate.
#pragma once

#include <c10/core/Device.h>
#include <c10/core/Stream.h>

#include "acl/acl_base.h"
#include "torch_npu/csrc/core/npu/DeviceUtils.h"
#include "torch_npu/csrc/core/npu/npu_log.h"

namespace c10_npu {

class NPUStream {
 public:
  enum Unchecked { UNCHECKED };
  explicit NPUStream(c10::Stream stream) : stream_(stream) {}
  NPUStream(Unchecked, c10::Stream stream) : stream_(stream) {}

  // need_empty: torch_npu drains its task queue first; nothing is queued here.
  aclrtStream stream(bool need_empty = true) const {
    (void)need_empty;
    return nullptr;
  }
  operator aclrtStream() const { return stream(); }
  operator c10::Stream() const { return stream_; }
  c10::Stream unwrap() const { return stream_; }
  c10::Device device() const { return stream_.device(); }
  c10::DeviceIndex device_index() const { return stream_.device_index(); }
  c10::DeviceType device_type() const { return stream_.device_type(); }
  c10::StreamId id() const { return stream_.id(); }
  bool query() const { return true; }
  void synchronize() const {}
  bool operator==(const NPUStream& other) const { return stream_ == other.stream_; }
  bool operator!=(const NPUStream& other) const { return !(*this == other); }

 private:
  c10::Stream stream_;
};

// Defined in libtorch_npu.so, as torch_npu's are: code calling them links torch_npu (and through it c10 and torch),
// as the samples' CMakeLists and setup.py files do.
__attribute__((visibility("default"))) NPUStream getDefaultNPUStream(c10::DeviceIndex device_index = -1);
__attribute__((visibility("default"))) NPUStream getCurrentNPUStream(c10::DeviceIndex device_index = -1);
inline NPUStream getStreamFromPool(bool /*isHighPriority*/ = false, c10::DeviceIndex device_index = -1) {
  return getDefaultNPUStream(device_index);
}
inline NPUStream getNPUStreamFromPool(c10::DeviceIndex device_index = -1) { return getDefaultNPUStream(device_index); }
inline void setCurrentNPUStream(NPUStream /*stream*/) {}
inline aclError npuSynchronizeDevice(bool /*check_error*/ = true) { return ACL_SUCCESS; }

}  // namespace c10_npu
