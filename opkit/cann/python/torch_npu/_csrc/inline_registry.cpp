// Programs opkit compiles as C++17 (an .asc or kernel-launch library launching <<<>>> on npu tensors) keep ACL's
// state inline, one copy per process (a unique symbol), apart from libascendcl.so's. The npu allocator records each
// block in that copy too, so their launches accept npu memory as GM exactly as aclnn's do.
#undef OPKIT_ACL_DECLARE_ONLY
#undef OPKIT_ACL_SHARED_STATE
#include <cstddef>
#include <mutex>

#include "opkit/sim/device_memory.h"

namespace opkit_npu {

void mirror_allocation(void* p, size_t requested) {
  auto& state = opkit::sim::detail::device_memory();
  std::lock_guard<std::mutex> lock(state.m);
  state.live[reinterpret_cast<uintptr_t>(p)] = opkit::sim::detail::DeviceAllocation{
      requested, opkit::sim::detail::npu_padded_size(requested, true), state.next_id++,
      opkit::sim::detail::MemoryKind::kDevice};
}

void forget_allocation(void* p) {
  auto& state = opkit::sim::detail::device_memory();
  std::lock_guard<std::mutex> lock(state.m);
  state.live.erase(reinterpret_cast<uintptr_t>(p));
}

}  // namespace opkit_npu
