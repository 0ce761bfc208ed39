// Default dtype inference: find the OpDef dtype combination the inputs match and give outputs its dtypes.
#pragma once

#include <string>
#include <vector>

#include "graph/utils/type_utils.h"
#include "opkit/host/call_state.h"
#include "opkit/host/error.h"
#include "register/op_def.h"

namespace opkit::host::detail {

// Number of per-position combinations: the common length of every DataType(...) list (DataTypeList params
// and params without dtypes fit any combination). 1 when no param uses DataType(...).
inline size_t combination_count(const std::string& op, const ops::OpDef& def) {
  size_t n = 0;
  std::string first;
  auto visit = [&](const std::deque<ops::OpParamDef>& params) {
    for (const auto& p : params) {
      const size_t k = p.GetDataTypes().size();
      if (p.opkit_types_are_list() || k == 0) continue;
      if (n != 0 && k != n) {
        throw HostError(op, "InferDataType", cat("param '", p.GetParamName().GetString(), "' lists ", k,
                                                 " dtypes but '", first, "' lists ", n,
                                                 "; DataType lists must have one entry per combination"));
      }
      if (n == 0) first = p.GetParamName().GetString();
      n = k;
    }
  };
  visit(def.GetInputs());
  visit(def.GetOutputs());
  return n == 0 ? 1 : n;
}

inline bool param_accepts(const ops::OpParamDef& p, size_t combo, ge::DataType dt) {
  const auto& types = p.GetDataTypes();
  if (types.empty()) return true;
  if (!p.opkit_types_are_list()) return types[combo] == dt;
  for (ge::DataType t : types) {
    if (t == dt) return true;
  }
  return false;
}

inline bool combination_matches(const CallState& st, const ops::OpDef& def, size_t combo) {
  const auto& params = def.GetInputs();
  for (size_t ir = 0; ir < params.size(); ++ir) {
    for (size_t j = 0; j < st.inputs.ir_count(ir); ++j) {
      if (!param_accepts(params[ir], combo, st.inputs.ir_at(ir, j)->desc.GetDataType())) return false;
    }
  }
  return true;
}

inline std::string combination_text(const ops::OpDef& def, size_t n) {
  std::string s;
  for (size_t c = 0; c < n; ++c) {
    s += c ? "; (" : "(";
    bool first = true;
    for (const auto& p : def.GetInputs()) {
      const auto& types = p.GetDataTypes();
      std::string t = types.empty() ? "any" : ge::TypeUtils::DataTypeToPrototypeName(
                                                  p.opkit_types_are_list() ? types[0] : types[c]);
      if (p.opkit_types_are_list() && types.size() > 1) t += "|...";
      s += (first ? "" : ", ") + t;
      first = false;
    }
    s += ")";
  }
  return s;
}

// Sets every output's dtype from the first matching combination (what CANN's framework does for an op without
// InferDataType). An output declared with a DataTypeList of several types cannot be decided this way.
inline void apply_dtype_combination(CallState& st, const ops::OpDef& def, const std::string& call_text) {
  const size_t n = combination_count(st.op_type, def);
  for (size_t c = 0; c < n; ++c) {
    if (!combination_matches(st, def, c)) continue;
    const auto& outs = def.GetOutputs();
    size_t k = 0;
    for (size_t ir = 0; ir < outs.size(); ++ir) {
      const auto& types = outs[ir].GetDataTypes();
      if (types.empty() || (outs[ir].opkit_types_are_list() && types.size() != 1)) {
        throw HostError(st.op_type, "InferDataType", cat("output '", outs[ir].GetParamName().GetString(),
                                                         "' has no single dtype per combination; register "
                                                         "SetInferDataType"));
      }
      const ge::DataType dt = outs[ir].opkit_types_are_list() ? types[0] : types[c];
      for (size_t j = 0; j < st.outputs.ir_count(ir); ++j, ++k) st.outputs.at(k)->desc.SetDataType(dt);
    }
    return;
  }
  throw HostError(st.op_type, "InferDataType", cat("no dtype combination matches the inputs (", call_text,
                                                   "); supported input dtypes: ", combination_text(def, n)));
}

}  // namespace opkit::host::detail
