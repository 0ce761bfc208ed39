// Every aten op the npu device does not implement runs on the CPU: npu tensors become CPU aliases of the same
// host memory, npu devices become the CPU, and the results come back as npu tensors (the input itself for an
// in-place or out= result, a view of the input's storage for a view, a copy into npu memory for anything new).
#include <ATen/ATen.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <torch/library.h>

#include <vector>

namespace opkit_npu {

constexpr c10::DeviceType kNpu = c10::DeviceType::PrivateUse1;

at::Tensor cpu_alias(const at::Tensor& t) {
  if (!t.defined() || t.device().type() != kNpu) return t;
  const c10::Storage& storage = t.storage();
  // Resizable: an out= kernel may resize its output; the npu tensor then takes the new size (sync_resized).
  c10::Storage host(c10::Storage::use_byte_size_t(), storage.nbytes(),
                    c10::DataPtr(storage.mutable_data(), c10::Device(c10::kCPU)), c10::GetAllocator(c10::kCPU),
                    /*resizable=*/true);
  at::Tensor alias = at::empty({0}, t.options().device(c10::kCPU));
  alias.set_(host, t.storage_offset(), t.sizes(), t.strides());
  return alias;
}

namespace {

struct Aliases {
  std::vector<std::pair<at::Tensor, at::Tensor>> pairs;  // (npu original, CPU alias)

  at::Tensor to_cpu(const at::Tensor& t) {
    if (!t.defined() || t.device().type() != kNpu) return t;
    at::Tensor alias = cpu_alias(t);
    pairs.emplace_back(t, alias);
    return alias;
  }

  c10::IValue to_cpu(const c10::IValue& v) {
    if (v.isTensor()) return to_cpu(v.toTensor());
    if (v.isDevice() && v.toDevice().type() == kNpu) return c10::Device(c10::kCPU);
    if (v.isTensorList()) {
      c10::List<at::Tensor> out;
      for (const at::Tensor& t : v.toTensorList()) out.push_back(to_cpu(t));
      return out;
    }
    if (v.isList()) {  // Tensor?[]
      auto list = v.toList();
      if (!list.elementType()->isSubtypeOf(*c10::OptionalType::ofTensor())) return v;
      c10::List<std::optional<at::Tensor>> out;
      for (const c10::IValue& e : list) out.push_back(e.isTensor() ? std::optional(to_cpu(e.toTensor())) : std::nullopt);
      return out;
    }
    return v;
  }

  at::Tensor to_npu(const at::Tensor& t) const {
    if (!t.defined() || t.device().type() != c10::kCPU) return t;
    for (const auto& [npu, cpu] : pairs) {
      if (t.unsafeGetTensorImpl() == cpu.unsafeGetTensorImpl()) return npu;  // in-place or out=
    }
    const void* base = t.storage().data();
    for (const auto& [npu, cpu] : pairs) {
      if (base != nullptr && base == cpu.storage().data()) {  // a view of an input
        at::Tensor view = at::empty({0}, npu.options());
        view.set_(npu.storage(), t.storage_offset(), t.sizes(), t.strides());
        return view;
      }
    }
    at::Tensor out = at::empty_strided(t.sizes(), t.strides(), t.options().device(kNpu));
    cpu_alias(out).copy_(t);
    return out;
  }

  // An out= argument the CPU kernel resized (new memory, or new sizes): the npu tensor takes its result.
  void sync_resized() const {
    for (const auto& [npu, cpu] : pairs) {
      const bool moved = cpu.storage().data() != npu.storage().data();
      if (!moved && cpu.sizes() == npu.sizes() && cpu.strides() == npu.strides() &&
          cpu.storage_offset() == npu.storage_offset()) {
        continue;
      }
      if (moved) {
        at::Tensor fresh = at::empty_strided(cpu.sizes(), cpu.strides(), npu.options());
        cpu_alias(fresh).copy_(cpu);
        at::Tensor(npu).set_(fresh.storage(), fresh.storage_offset(), fresh.sizes(), fresh.strides());
      } else {
        at::Tensor(npu).set_(npu.storage(), cpu.storage_offset(), cpu.sizes(), cpu.strides());
      }
    }
  }

  c10::IValue to_npu(const c10::IValue& v) const {
    if (v.isTensor()) return to_npu(v.toTensor());
    if (v.isTensorList()) {
      c10::List<at::Tensor> out;
      for (const at::Tensor& t : v.toTensorList()) out.push_back(to_npu(t));
      return out;
    }
    return v;
  }
};

}  // namespace

void npu_boxed_fallback(const c10::OperatorHandle& op, torch::jit::Stack* stack) {
  const size_t num_args = op.schema().arguments().size();
  const size_t first = stack->size() - num_args;
  Aliases aliases;
  for (size_t i = first; i < stack->size(); ++i) (*stack)[i] = aliases.to_cpu((*stack)[i]);
  op.redispatchBoxed(c10::DispatchKeySet(c10::DispatchKey::CPU), stack);
  aliases.sync_resized();
  const size_t num_returns = op.schema().returns().size();
  for (size_t i = stack->size() - num_returns; i < stack->size(); ++i) (*stack)[i] = aliases.to_npu((*stack)[i]);
}

}  // namespace opkit_npu
