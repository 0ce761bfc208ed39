// gert::InferShapeContext: input shapes (and value-depend tensors) and attrs in, output shapes out.
#pragma once

#include <cstddef>

#include "exe_graph/runtime/compute_node_info.h"
#include "exe_graph/runtime/runtime_attrs.h"
#include "exe_graph/runtime/shape.h"
#include "exe_graph/runtime/tensor.h"
#include "opkit/host/call_state.h"

namespace gert {

// Same index conventions as TilingContext: plain getters take the instance index, Optional/Dynamic/Required
// ones the IR index. Shapes are origin shapes. Missing tensors give nullptr.
class InferShapeContext {
 public:
  explicit InferShapeContext(opkit::host::detail::CallState& state) : s_(state), node_(state) {}

  const char* GetNodeName() const { return s_.op_type.c_str(); }
  const char* GetNodeType() const { return s_.op_type.c_str(); }
  size_t GetComputeNodeInputNum() const { return s_.inputs.size(); }
  size_t GetComputeNodeOutputNum() const { return s_.outputs.size(); }
  const ComputeNodeInfo* GetComputeNodeInfo() const { return &node_; }

  const Shape* GetInputShape(size_t index) const { return shape(s_.inputs.at(index)); }
  const Shape* GetOptionalInputShape(size_t ir_index) const { return shape(s_.inputs.ir_at(ir_index, 0)); }
  const Shape* GetRequiredInputShape(size_t ir_index) const { return GetOptionalInputShape(ir_index); }
  const Shape* GetDynamicInputShape(size_t ir_index, size_t relative_index) const {
    return shape(s_.inputs.ir_at(ir_index, relative_index));
  }
  const Tensor* GetInputTensor(size_t index) const {
    const auto* i = s_.inputs.at(index);
    return i ? &i->tensor : nullptr;
  }
  const Tensor* GetOptionalInputTensor(size_t ir_index) const {
    const auto* i = s_.inputs.ir_at(ir_index, 0);
    return i ? &i->tensor : nullptr;
  }
  // The tensor descriptions (dtype, origin and storage format) of ExtendedKernelContext, which CANN's InferShapeContext
  // derives from: add_sigmoid_mul_reduce_sum_d's InferShape reads GetInputDesc(0)->GetOriginFormat().
  const CompileTimeTensorDesc* GetInputDesc(size_t index) const { return desc(s_.inputs.at(index)); }
  const CompileTimeTensorDesc* GetOptionalInputDesc(size_t ir_index) const {
    return desc(s_.inputs.ir_at(ir_index, 0));
  }
  const CompileTimeTensorDesc* GetRequiredInputDesc(size_t ir_index) const { return GetOptionalInputDesc(ir_index); }
  const CompileTimeTensorDesc* GetDynamicInputDesc(size_t ir_index, size_t relative_index) const {
    return desc(s_.inputs.ir_at(ir_index, relative_index));
  }
  const CompileTimeTensorDesc* GetOutputDesc(size_t index) const { return desc(s_.outputs.at(index)); }
  Shape* GetOutputShape(size_t index) {
    auto* o = s_.outputs.at(index);
    return o ? &o->shape.MutableOriginShape() : nullptr;
  }
  const RuntimeAttrs* GetAttrs() const { return &s_.attrs; }

 private:
  static const Shape* shape(const opkit::host::detail::IoInstance* i) {
    return i ? &i->shape.GetOriginShape() : nullptr;
  }
  static const CompileTimeTensorDesc* desc(const opkit::host::detail::IoInstance* i) {
    return i ? &i->desc : nullptr;
  }

  opkit::host::detail::CallState& s_;
  ComputeNodeInfo node_;
};

}  // namespace gert
