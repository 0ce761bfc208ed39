// gert::InferDataTypeContext: input dtypes and attrs in, output dtypes out.
#pragma once

#include <cstddef>

#include "exe_graph/runtime/runtime_attrs.h"
#include "graph/ge_error_codes.h"
#include "graph/types.h"
#include "opkit/host/call_state.h"

namespace gert {

// Same index conventions as TilingContext. A missing input reads as ge::DT_UNDEFINED; setting the dtype of an
// output that does not exist returns GRAPH_FAILED.
class InferDataTypeContext {
 public:
  explicit InferDataTypeContext(opkit::host::detail::CallState& state) : s_(state) {}

  const char* GetNodeName() const { return s_.op_type.c_str(); }
  const char* GetNodeType() const { return s_.op_type.c_str(); }

  ge::DataType GetInputDataType(size_t index) const { return dtype(s_.inputs.at(index)); }
  ge::DataType GetOptionalInputDataType(size_t ir_index) const { return dtype(s_.inputs.ir_at(ir_index, 0)); }
  ge::DataType GetRequiredInputDataType(size_t ir_index) const { return GetOptionalInputDataType(ir_index); }
  ge::DataType GetDynamicInputDataType(size_t ir_index, size_t relative_index) const {
    return dtype(s_.inputs.ir_at(ir_index, relative_index));
  }
  ge::DataType GetOutputDataType(size_t index) const { return dtype(s_.outputs.at(index)); }
  ge::graphStatus SetOutputDataType(size_t index, ge::DataType dt) {
    auto* o = s_.outputs.at(index);
    if (o == nullptr) return ge::GRAPH_FAILED;
    o->desc.SetDataType(dt);
    return ge::GRAPH_SUCCESS;
  }
  const RuntimeAttrs* GetAttrs() const { return &s_.attrs; }

 private:
  static ge::DataType dtype(const opkit::host::detail::IoInstance* i) {
    return i ? i->desc.GetDataType() : ge::DT_UNDEFINED;
  }

  opkit::host::detail::CallState& s_;
};

}  // namespace gert
