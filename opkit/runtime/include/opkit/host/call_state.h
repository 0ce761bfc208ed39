// What one infer/tile call hands to the op's functions: tensors by instance and by IR index, attrs, tiling outputs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "exe_graph/runtime/runtime_attrs.h"
#include "exe_graph/runtime/storage_shape.h"
#include "exe_graph/runtime/tensor.h"
#include "exe_graph/runtime/tiling_data.h"
#include "graph/types.h"
#include "platform/platform_infos_def.h"

namespace opkit::host {

// One tensor as the caller describes it (origin shape == storage shape: opkit tensors are contiguous ND).
struct TensorArg {
  std::vector<int64_t> shape;
  ge::DataType dtype = ge::DT_UNDEFINED;
  ge::Format format = ge::FORMAT_ND;
  const void* data = nullptr;  // host data; lets InferShape/TilingFunc read value-depend inputs
  bool shape_known = true;     // an output: false when the op's InferShape gave it no shape
};

// The tensors of one IR input or output: none (an absent optional), one, or a list (dynamic).
using IrTensors = std::vector<TensorArg>;

}  // namespace opkit::host

namespace opkit::host::detail {

struct IoInstance {
  gert::StorageShape shape;
  gert::CompileTimeTensorDesc desc;
  gert::Tensor tensor;
};

inline gert::Shape to_shape(const std::vector<int64_t>& dims) {
  gert::Shape s;
  for (int64_t d : dims) s.AppendDim(d);
  return s;
}

inline std::vector<int64_t> from_shape(const gert::Shape& s) {
  std::vector<int64_t> dims;
  for (size_t i = 0; i < s.GetDimNum(); ++i) dims.push_back(s.GetDim(i));
  return dims;
}

// Tensors numbered two ways, as CANN numbers them: by instance (present tensors in order, dynamic lists
// expanded; what GetInputShape(i) takes) and by IR index plus position in a dynamic list.
class IoTable {
 public:
  void add_ir(const IrTensors& tensors) {
    ir_.emplace_back(items_.size(), tensors.size());
    for (const TensorArg& t : tensors) {
      IoInstance inst;
      const gert::Shape s = to_shape(t.shape);
      inst.shape = gert::StorageShape(s, s);
      inst.desc = gert::CompileTimeTensorDesc(t.dtype, gert::StorageFormat(t.format, t.format));
      inst.tensor = gert::Tensor(inst.shape, inst.desc.GetFormat(), t.dtype, t.data);
      items_.push_back(std::move(inst));
    }
  }
  size_t size() const { return items_.size(); }
  size_t ir_size() const { return ir_.size(); }
  size_t ir_count(size_t ir) const { return ir < ir_.size() ? ir_[ir].second : 0; }
  size_t ir_start(size_t ir) const { return ir < ir_.size() ? ir_[ir].first : 0; }
  IoInstance* at(size_t i) { return i < items_.size() ? &items_[i] : nullptr; }
  const IoInstance* at(size_t i) const { return i < items_.size() ? &items_[i] : nullptr; }
  const IoInstance* ir_at(size_t ir, size_t relative) const {
    if (ir >= ir_.size() || relative >= ir_[ir].second) return nullptr;
    return &items_[ir_[ir].first + relative];
  }

 private:
  std::vector<IoInstance> items_;
  std::vector<std::pair<size_t, size_t>> ir_;  // (first instance, count) per IR index
};

struct CallState {
  CallState(std::string type, std::vector<AttrValue> attr_values)
      : op_type(std::move(type)), attrs(std::move(attr_values)) {}
  std::string op_type;
  IoTable inputs;
  IoTable outputs;
  gert::RuntimeAttrs attrs;
};

// What a TilingFunc writes, besides the tiling bytes.
struct TilingState {
  TilingState(CallState& c, fe::PlatFormInfos* p, size_t capacity)
      : call(c), platform(p), buffer(capacity, 0), raw(buffer.data(), capacity) {}
  TilingState(const TilingState&) = delete;
  TilingState& operator=(const TilingState&) = delete;

  CallState& call;
  fe::PlatFormInfos* platform;
  uint32_t block_dim = 0;
  uint64_t tiling_key = 0;
  uint32_t schedule_mode = 0;
  bool need_atomic = false;
  std::vector<uint8_t> buffer;
  gert::TilingData raw;
  std::vector<size_t> workspaces;
  size_t tiling_struct_too_large = 0;  // sizeof(T) of a GetTilingData<T>() that did not fit, 0 otherwise
  const void* compile_info = nullptr;  // what the op's TilingParse filled, or nullptr when it has none
};

}  // namespace opkit::host::detail
