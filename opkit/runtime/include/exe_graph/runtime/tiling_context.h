// gert::TilingContext: what an op's TilingFunc reads (shapes, dtypes, attrs, platform) and writes (block dim,
// tiling key, tiling data, workspace sizes).
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/err_msg.h"   // REPORT_INNER_ERR_MSG: CANN ops' tiling code reports with it, including only this
#include "exe_graph/runtime/compute_node_info.h"
#include "exe_graph/runtime/runtime_attrs.h"
#include "exe_graph/runtime/storage_shape.h"
#include "exe_graph/runtime/tensor.h"
#include "exe_graph/runtime/tiling_data.h"
#include "graph/ge_error_codes.h"
#include "opkit/host/call_state.h"
#include "platform/platform_infos_def.h"

namespace gert {

// Index conventions follow CANN: GetInputShape(i)/GetInputDesc(i)/GetInputTensor(i) take the instance index
// (present tensors in order, absent optional inputs skipped, dynamic lists expanded); the Optional/Dynamic/
// Required variants take the IR index of the prototype. Every getter returns nullptr for a missing tensor.
class TilingContext {
 public:
  explicit TilingContext(opkit::host::detail::TilingState& state) : s_(state), node_(state.call) {}

  const char* GetNodeName() const { return s_.call.op_type.c_str(); }
  const char* GetNodeType() const { return s_.call.op_type.c_str(); }
  size_t GetComputeNodeInputNum() const { return s_.call.inputs.size(); }
  size_t GetComputeNodeOutputNum() const { return s_.call.outputs.size(); }
  const ComputeNodeInfo* GetComputeNodeInfo() const { return &node_; }

  const StorageShape* GetInputShape(size_t index) const { return shape(s_.call.inputs.at(index)); }
  const StorageShape* GetOptionalInputShape(size_t ir_index) const { return shape(s_.call.inputs.ir_at(ir_index, 0)); }
  const StorageShape* GetRequiredInputShape(size_t ir_index) const { return GetOptionalInputShape(ir_index); }
  const StorageShape* GetDynamicInputShape(size_t ir_index, size_t relative_index) const {
    return shape(s_.call.inputs.ir_at(ir_index, relative_index));
  }
  const CompileTimeTensorDesc* GetInputDesc(size_t index) const { return desc(s_.call.inputs.at(index)); }
  const CompileTimeTensorDesc* GetOptionalInputDesc(size_t ir_index) const {
    return desc(s_.call.inputs.ir_at(ir_index, 0));
  }
  const CompileTimeTensorDesc* GetRequiredInputDesc(size_t ir_index) const { return GetOptionalInputDesc(ir_index); }
  const CompileTimeTensorDesc* GetDynamicInputDesc(size_t ir_index, size_t relative_index) const {
    return desc(s_.call.inputs.ir_at(ir_index, relative_index));
  }
  const Tensor* GetInputTensor(size_t index) const { return tensor(s_.call.inputs.at(index)); }
  const Tensor* GetOptionalInputTensor(size_t ir_index) const { return tensor(s_.call.inputs.ir_at(ir_index, 0)); }
  const Tensor* GetRequiredInputTensor(size_t ir_index) const { return GetOptionalInputTensor(ir_index); }
  const Tensor* GetDynamicInputTensor(size_t ir_index, size_t relative_index) const {
    return tensor(s_.call.inputs.ir_at(ir_index, relative_index));
  }
  const StorageShape* GetOutputShape(size_t index) const { return shape(s_.call.outputs.at(index)); }
  const CompileTimeTensorDesc* GetOutputDesc(size_t index) const { return desc(s_.call.outputs.at(index)); }

  const RuntimeAttrs* GetAttrs() const { return &s_.call.attrs; }
  fe::PlatFormInfos* GetPlatformInfo() const { return s_.platform; }

  ge::graphStatus SetBlockDim(uint32_t block_dim) {
    s_.block_dim = block_dim;
    return ge::GRAPH_SUCCESS;
  }
  uint32_t GetBlockDim() const { return s_.block_dim; }
  // CANN 9's names of the same (the vector cores a SIMD kernel launches on).
  ge::graphStatus SetSimdNumBlocks(uint32_t num_blocks) { return SetBlockDim(num_blocks); }
  uint32_t GetSimdNumBlocks() const { return s_.block_dim; }
  ge::graphStatus SetTilingKey(uint64_t key) {
    s_.tiling_key = key;
    return ge::GRAPH_SUCCESS;
  }
  uint64_t GetTilingKey() const { return s_.tiling_key; }
  ge::graphStatus SetScheduleMode(uint32_t mode) {
    s_.schedule_mode = mode;
    return ge::GRAPH_SUCCESS;
  }
  uint32_t GetScheduleMode() const { return s_.schedule_mode; }
  ge::graphStatus SetNeedAtomic(bool atomic) {
    s_.need_atomic = atomic;
    return ge::GRAPH_SUCCESS;
  }
  bool NeedAtomic() const { return s_.need_atomic; }

  TilingData* GetRawTilingData() { return &s_.raw; }
  // The tiling buffer as a T, data size set to sizeof(T); nullptr when T does not fit (CANN's contract; opkit
  // also remembers it so tile() reports the sizes).
  template <typename T>
  T* GetTilingData() {
    if (sizeof(T) > s_.raw.GetCapacity()) {
      s_.tiling_struct_too_large = sizeof(T);
      return nullptr;
    }
    s_.raw.SetDataSize(sizeof(T));
    return static_cast<T*>(s_.raw.GetData());
  }
  // `num` workspace sizes (bytes), zero-initialised; the pointer stays valid until the next call.
  size_t* GetWorkspaceSizes(size_t num) {
    if (s_.workspaces.size() < num) s_.workspaces.resize(num, 0);
    return s_.workspaces.data();
  }
  size_t GetWorkspaceNum() const { return s_.workspaces.size(); }
  // The compile info the op's TilingParse filled (IMPL_OP_OPTILING(Op).TilingParse<T>(f)); nullptr without one.
  const void* GetCompileInfo() const { return s_.compile_info; }
  template <typename T>
  const T* GetCompileInfo() const {
    return static_cast<const T*>(s_.compile_info);
  }
  int32_t GetDeterministic() const { return 0; }

 private:
  static const StorageShape* shape(const opkit::host::detail::IoInstance* i) { return i ? &i->shape : nullptr; }
  static const CompileTimeTensorDesc* desc(const opkit::host::detail::IoInstance* i) {
    return i ? &i->desc : nullptr;
  }
  static const Tensor* tensor(const opkit::host::detail::IoInstance* i) { return i ? &i->tensor : nullptr; }

  opkit::host::detail::TilingState& s_;
  ComputeNodeInfo node_;
};

}  // namespace gert
