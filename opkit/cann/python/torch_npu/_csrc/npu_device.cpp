// The `npu` device of opkit's torch_npu stand-in: PrivateUse1 with host memory from the simulated ACL allocator
// (so aclnn and <<<>>> launches see it as device memory), a device guard, the ops a device must own (empty, views,
// resize, copies) and a boxed fallback that runs every other aten op on the CPU over aliases of the same memory.
#include <ATen/EmptyTensor.h>
#include <ATen/detail/PrivateUse1HooksInterface.h>
#include <ATen/native/Resize.h>
#include <ATen/ops/as_strided_cpu_dispatch.h>
#include <ATen/ops/set_cpu_dispatch.h>
#include <ATen/ops/view_native.h>
#include <ATen/ops/_reshape_alias_native.h>
#include <c10/core/impl/DeviceGuardImplInterface.h>
#include <torch/library.h>

#include <acl/acl.h>

#include "torch_npu/csrc/core/npu/NPUStream.h"

namespace c10_npu {
NPUStream getDefaultNPUStream(c10::DeviceIndex device_index) {
  const c10::Device device(c10::DeviceType::PrivateUse1, device_index < 0 ? 0 : device_index);
  return NPUStream(c10::Stream(c10::Stream::DEFAULT, device));
}
NPUStream getCurrentNPUStream(c10::DeviceIndex device_index) { return getDefaultNPUStream(device_index); }
}  // namespace c10_npu

namespace opkit_npu {
namespace {

constexpr c10::DeviceType kNpu = c10::DeviceType::PrivateUse1;

c10::DeviceIndex& current_index() {
  thread_local c10::DeviceIndex index = 0;
  return index;
}

c10::DeviceIndex device_count() {
  uint32_t n = 1;
  aclrtGetDeviceCount(&n);
  return static_cast<c10::DeviceIndex>(n);
}

}  // namespace

// inline_registry.cpp: the same blocks in the inline ACL state of programs opkit compiled as C++17.
void mirror_allocation(void* p, size_t requested);
void forget_allocation(void* p);

namespace {

void free_npu(void* p) {
  if (p == nullptr) return;
  forget_allocation(p);
  aclrtFree(p);
}

// aclrtMalloc's memory: registered as device memory (bounds-checked by kernel launches), zeroed when new.
struct NpuAllocator final : c10::Allocator {
  c10::DataPtr allocate(size_t nbytes) override {
    const c10::Device device(kNpu, current_index());
    if (nbytes == 0) return {nullptr, nullptr, &free_npu, device};
    void* p = nullptr;
    const aclError rc = aclrtMalloc(&p, nbytes, ACL_MEM_MALLOC_HUGE_FIRST);
    TORCH_CHECK(rc == ACL_SUCCESS, "npu: allocating ", nbytes, " bytes failed: ", aclGetRecentErrMsg());
    mirror_allocation(p, nbytes);
    return {p, p, &free_npu, device};
  }
  c10::DeleterFnPtr raw_deleter() const override { return &free_npu; }
  void copy_data(void* dest, const void* src, std::size_t count) const override { std::memcpy(dest, src, count); }
};

NpuAllocator g_allocator;
REGISTER_ALLOCATOR(kNpu, &g_allocator);

struct NpuGuard final : c10::impl::DeviceGuardImplInterface {
  c10::DeviceType type() const override { return kNpu; }
  c10::Device exchangeDevice(c10::Device d) const override {
    const c10::Device old = getDevice();
    setDevice(d);
    return old;
  }
  c10::Device getDevice() const override { return {kNpu, current_index()}; }
  void setDevice(c10::Device d) const override {
    TORCH_CHECK(d.index() < device_count(), "npu: device ", static_cast<int>(d.index()), " does not exist (",
                static_cast<int>(device_count()), " device(s); OPKIT_ACL_DEVICE_COUNT sets more)");
    if (d.index() >= 0) current_index() = d.index();
  }
  void uncheckedSetDevice(c10::Device d) const noexcept override {
    if (d.index() >= 0) current_index() = d.index();
  }
  c10::Stream getStream(c10::Device d) const override { return c10::Stream(c10::Stream::DEFAULT, d); }
  c10::Stream getDefaultStream(c10::Device d) const override { return c10::Stream(c10::Stream::DEFAULT, d); }
  c10::Stream getNewStream(c10::Device d, int /*priority*/) const override { return c10::Stream(c10::Stream::DEFAULT, d); }
  c10::Stream exchangeStream(c10::Stream s) const override { return s; }
  c10::DeviceIndex deviceCount() const noexcept override { return device_count(); }
  // Streams run nothing asynchronously (as opkit's ACL): events are always complete.
  void record(void**, const c10::Stream&, const c10::DeviceIndex, const c10::EventFlag) const override {}
  void block(void*, const c10::Stream&) const override {}
  bool queryEvent(void*) const override { return true; }
  void destroyEvent(void*, const c10::DeviceIndex) const noexcept override {}
  bool queryStream(const c10::Stream&) const override { return true; }
  void synchronizeStream(const c10::Stream&) const override {}
  void synchronizeDevice(const c10::DeviceIndex) const override {}
};

C10_REGISTER_GUARD_IMPL(PrivateUse1, NpuGuard);

struct NpuHooks final : at::PrivateUse1HooksInterface {
  bool isBuilt() const override { return true; }
  bool isAvailable() const override { return true; }
  bool hasPrimaryContext(c10::DeviceIndex) const override { return true; }
  c10::DeviceIndex deviceCount() const override { return device_count(); }
  void setCurrentDevice(c10::DeviceIndex d) const override { current_index() = d; }
  c10::DeviceIndex getCurrentDevice() const override { return current_index(); }
  c10::DeviceIndex exchangeDevice(c10::DeviceIndex d) const override {
    const auto old = current_index();
    current_index() = d;
    return old;
  }
  c10::DeviceIndex maybeExchangeDevice(c10::DeviceIndex d) const override { return exchangeDevice(d); }
  at::Device getDeviceFromPtr(void*) const override { return {kNpu, current_index()}; }
  bool isPinnedPtr(const void*) const override { return false; }
  c10::Allocator* getPinnedMemoryAllocator() const override { return c10::GetAllocator(c10::kCPU); }
  const at::Generator& getDefaultGenerator(c10::DeviceIndex) const override {
    return at::detail::getDefaultCPUGenerator();
  }
  void resizePrivateUse1Bytes(const c10::Storage& storage, size_t newsize) const override {
    at::native::resize_bytes_nocuda(storage, newsize);
  }
};

const bool g_hooks_registered = [] {
  static NpuHooks hooks;
  at::RegisterPrivateUse1HooksInterface(&hooks);
  return true;
}();

at::Tensor empty_memory_format(c10::IntArrayRef size, std::optional<c10::ScalarType> dtype,
                               std::optional<c10::Layout> layout, std::optional<c10::Device> device,
                               std::optional<bool> pin_memory, std::optional<c10::MemoryFormat> memory_format) {
  const c10::DispatchKeySet keys(c10::DispatchKey::PrivateUse1);
  return at::detail::empty_generic(size, &g_allocator, keys, c10::dtype_or_default(dtype), memory_format);
}

at::Tensor empty_strided(c10::IntArrayRef size, c10::IntArrayRef stride, std::optional<c10::ScalarType> dtype,
                         std::optional<c10::Layout> layout, std::optional<c10::Device> device,
                         std::optional<bool> pin_memory) {
  const c10::DispatchKeySet keys(c10::DispatchKey::PrivateUse1);
  return at::detail::empty_strided_generic(size, stride, &g_allocator, keys, c10::dtype_or_default(dtype));
}

at::Tensor as_strided(const at::Tensor& self, c10::IntArrayRef size, c10::IntArrayRef stride,
                      std::optional<int64_t> storage_offset) {
  return at::cpu::as_strided(self, size, stride, storage_offset);
}

const at::Tensor& resize_(const at::Tensor& self, c10::SymIntArrayRef size,
                          std::optional<c10::MemoryFormat> memory_format) {
  at::native::resize_(self, C10_AS_INTARRAYREF_SLOW(size), memory_format);
  return self;
}

at::Tensor& set_source_storage(at::Tensor& self, c10::Storage source, c10::SymInt offset, c10::SymIntArrayRef size,
                               c10::SymIntArrayRef stride) {
  return at::cpu::set__symint(self, source, offset, size, stride);
}

}  // namespace

// A CPU tensor over the same host memory (fallback.cpp); npu_boxed_fallback runs an op on such aliases.
at::Tensor cpu_alias(const at::Tensor& t);
void npu_boxed_fallback(const c10::OperatorHandle& op, torch::jit::Stack* stack);

namespace {

// Host memory on both sides: a copy is a CPU copy over aliases (dtype conversion and broadcasting included).
at::Tensor copy_from(const at::Tensor& self, const at::Tensor& dst, bool non_blocking) {
  cpu_alias(dst).copy_(cpu_alias(self), non_blocking);
  return dst;
}

at::Tensor copy_from_and_resize(const at::Tensor& self, const at::Tensor& dst) {
  at::native::resize_(dst, self.sizes(), std::nullopt);
  return copy_from(self, dst, false);
}

TORCH_LIBRARY_IMPL(aten, PrivateUse1, m) {
  m.impl("empty.memory_format", empty_memory_format);
  m.impl("empty_strided", empty_strided);
  m.impl("as_strided", as_strided);
  m.impl("view", at::native::view);
  m.impl("_reshape_alias", at::native::_reshape_alias);
  m.impl("resize_", resize_);
  m.impl("set_.source_Storage_storage_offset", set_source_storage);
  m.impl("_copy_from", copy_from);
  m.impl("_copy_from_and_resize", copy_from_and_resize);
}

TORCH_LIBRARY_IMPL(_, PrivateUse1, m) {
  m.fallback(torch::CppFunction::makeFromBoxedFunction<&npu_boxed_fallback>());
}

}  // namespace
}  // namespace opkit_npu
