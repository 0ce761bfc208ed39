// gert::ComputeNodeInfo: the node a TilingFunc or InferShape runs for (type, name, its inputs and outputs by IR index
// and by instance, their compile-time descs, its attrs), as context->GetComputeNodeInfo() gives it. A view of opkit's
// call state: the node is the op called (name = type, as an aclnn call names it).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "exe_graph/runtime/runtime_attrs.h"
#include "exe_graph/runtime/tensor.h"
#include "opkit/host/call_state.h"

namespace gert {

// Where the instances of one IR input (output) start and how many there are (a dynamic list has any number).
class AnchorInstanceInfo {
 public:
  AnchorInstanceInfo() = default;
  AnchorInstanceInfo(uint32_t instance_start, uint32_t instantiation_num)
      : instance_start_(instance_start), instantiation_num_(instantiation_num) {}
  size_t GetInstanceNum() const { return instantiation_num_; }
  size_t GetInstanceStart() const { return instance_start_; }
  void SetInstanceStart(uint32_t instance_start) { instance_start_ = instance_start; }
  void SetInstantiationNum(uint32_t instantiation_num) { instantiation_num_ = instantiation_num; }

 private:
  uint32_t instance_start_ = 0;
  uint32_t instantiation_num_ = 0;
};

class ComputeNodeInfo {
 public:
  explicit ComputeNodeInfo(const opkit::host::detail::CallState& state) : s_(state) {}
  ComputeNodeInfo(const ComputeNodeInfo&) = delete;
  ComputeNodeInfo& operator=(const ComputeNodeInfo&) = delete;

  const char* GetNodeType() const { return s_.op_type.c_str(); }
  const char* GetNodeName() const { return s_.op_type.c_str(); }
  size_t GetIrInputsNum() const { return s_.inputs.ir_size(); }
  size_t GetIrOutputsNum() const { return s_.outputs.ir_size(); }
  size_t GetInputsNum() const { return s_.inputs.size(); }
  size_t GetOutputsNum() const { return s_.outputs.size(); }
  // nullptr past the last IR index.
  const AnchorInstanceInfo* GetInputInstanceInfo(size_t ir_index) const {
    return anchor(s_.inputs, ir_index, inputs_);
  }
  const AnchorInstanceInfo* GetOutputInstanceInfo(size_t ir_index) const {
    return anchor(s_.outputs, ir_index, outputs_);
  }
  // By instance index; nullptr past the last.
  const CompileTimeTensorDesc* GetInputTdInfo(size_t index) const {
    const auto* i = s_.inputs.at(index);
    return i != nullptr ? &i->desc : nullptr;
  }
  const CompileTimeTensorDesc* GetOutputTdInfo(size_t index) const {
    const auto* i = s_.outputs.at(index);
    return i != nullptr ? &i->desc : nullptr;
  }
  const RuntimeAttrs* GetAttrs() const { return &s_.attrs; }

 private:
  static const AnchorInstanceInfo* anchor(const opkit::host::detail::IoTable& table, size_t ir,
                                          std::vector<AnchorInstanceInfo>& cache) {
    if (ir >= table.ir_size()) return nullptr;
    if (cache.size() != table.ir_size()) {
      cache.clear();
      for (size_t k = 0; k < table.ir_size(); ++k) {
        cache.emplace_back(static_cast<uint32_t>(table.ir_start(k)), static_cast<uint32_t>(table.ir_count(k)));
      }
    }
    return &cache[ir];
  }

  const opkit::host::detail::CallState& s_;
  mutable std::vector<AnchorInstanceInfo> inputs_;
  mutable std::vector<AnchorInstanceInfo> outputs_;
};

}  // namespace gert
