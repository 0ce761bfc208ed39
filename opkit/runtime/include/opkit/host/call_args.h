// Checks a caller's tensors and attrs against an op's OpDef and builds the CallState its functions see.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "graph/utils/type_utils.h"
#include "opkit/host/attr_value.h"
#include "opkit/host/call_state.h"
#include "opkit/host/error.h"
#include "register/op_def.h"

namespace opkit::host {

using AttrMap = std::map<std::string, AttrValue>;

namespace detail {

inline const char* param_type_name(ops::Option t) {
  switch (t) {
    case ops::OPTIONAL: return "optional";
    case ops::DYNAMIC: return "dynamic";
    default: return "required";
  }
}

inline std::string shape_text(const std::vector<int64_t>& dims) {
  std::string s = "[";
  for (size_t i = 0; i < dims.size(); ++i) s += (i ? ", " : "") + std::to_string(dims[i]);
  return s + "]";
}

// "x: float16[8, 16], bias: absent, xs: (float32[2], float32[3])" for messages about a whole call.
inline std::string describe_inputs(const ops::OpDef& def, const std::vector<IrTensors>& inputs) {
  std::string s;
  const auto& params = def.GetInputs();
  for (size_t i = 0; i < inputs.size(); ++i) {
    s += (i ? ", " : "");
    s += i < params.size() ? params[i].GetParamName().GetString() : ("#" + std::to_string(i));
    s += ": ";
    if (inputs[i].empty()) s += "absent";
    if (inputs[i].size() > 1) s += "(";
    for (size_t k = 0; k < inputs[i].size(); ++k) {
      s += (k ? ", " : "") + ge::TypeUtils::DataTypeToPrototypeName(inputs[i][k].dtype) +
           shape_text(inputs[i][k].shape);
    }
    if (inputs[i].size() > 1) s += ")";
  }
  return s;
}

inline void check_count(const std::string& op, const char* what, const ops::OpParamDef& p, size_t n) {
  const ops::Option t = p.GetParamType();
  const bool ok = (t == ops::DYNAMIC) || n == 1 || (t == ops::OPTIONAL && n == 0);
  if (!ok) {
    throw HostError(op, what, cat(param_type_name(t), " ", what == std::string("inputs") ? "input" : "output", " '",
                                  p.GetParamName().GetString(), "' got ", n, " tensors; expected ",
                                  t == ops::OPTIONAL ? "0 or 1" : "exactly 1"));
  }
}

// Inputs by IR index; trailing optional/dynamic inputs may be left out (they count as absent/empty).
inline void add_inputs(CallState& st, const ops::OpDef& def, const std::vector<IrTensors>& inputs) {
  const auto& params = def.GetInputs();
  if (inputs.size() > params.size()) {
    throw HostError(st.op_type, "inputs", cat("got ", inputs.size(), " inputs but the op declares ", params.size()));
  }
  for (size_t i = 0; i < params.size(); ++i) {
    static const IrTensors kNone;
    const IrTensors& given = i < inputs.size() ? inputs[i] : kNone;
    check_count(st.op_type, "inputs", params[i], given.size());
    for (size_t k = 0; k < given.size(); ++k) {
      if (given[k].shape.size() > gert::Shape::kMaxDimNum) {
        throw HostError(st.op_type, "inputs", cat("input '", params[i].GetParamName().GetString(), "' has ",
                                                  given[k].shape.size(), " dims; at most ", gert::Shape::kMaxDimNum));
      }
    }
    st.inputs.add_ir(given);
  }
}

// Outputs by IR index; a dynamic output gets `counts[i]` tensors (1 when not given), others exactly 1.
inline void add_outputs(CallState& st, const ops::OpDef& def, const std::vector<size_t>& counts) {
  const auto& params = def.GetOutputs();
  for (size_t i = 0; i < params.size(); ++i) {
    const bool dynamic = params[i].GetParamType() == ops::DYNAMIC;
    const size_t n = dynamic && i < counts.size() ? counts[i] : 1;
    st.outputs.add_ir(IrTensors(n));
  }
}

inline void add_given_outputs(CallState& st, const ops::OpDef& def, const std::vector<IrTensors>& outputs) {
  const auto& params = def.GetOutputs();
  if (outputs.size() != params.size()) {
    throw HostError(st.op_type, "outputs", cat("got ", outputs.size(), " outputs but the op declares ", params.size()));
  }
  for (size_t i = 0; i < params.size(); ++i) {
    check_count(st.op_type, "outputs", params[i], outputs[i].size());
    st.outputs.add_ir(outputs[i]);
  }
}

inline std::string attr_names(const ops::OpDef& def) {
  std::string s;
  for (const auto& a : def.GetAttrs()) s += (s.empty() ? "" : ", ") + std::string(a.GetName().GetString());
  return s.empty() ? "none" : s;
}

// Attr values in OpDef order: given ones coerced to the declared kind, missing ones from their defaults.
inline std::vector<AttrValue> resolve_attrs(const std::string& op, const ops::OpDef& def, const AttrMap& given) {
  for (const auto& [name, value] : given) {
    bool known = false;
    for (const auto& a : def.GetAttrs()) known = known || name == a.GetName().GetString();
    if (!known) throw HostError(op, "attrs", cat("unknown attr '", name, "' (attrs: ", attr_names(def), ")"));
  }
  std::vector<AttrValue> out;
  for (const auto& a : def.GetAttrs()) {
    const std::string name = a.GetName().GetString();
    const AttrKind want = a.opkit_kind();
    auto it = given.find(name);
    if (it == given.end()) {
      if (kind_of(a.opkit_default()) == AttrKind::kNone) {
        throw HostError(op, "attrs", cat(a.IsRequired() ? "required" : "optional", " attr '", name, "' (",
                                         attr_kind_name(want), ") was not given and has no default"));
      }
      out.push_back(a.opkit_default());
      continue;
    }
    auto v = coerce(it->second, want);
    if (!v) {
      throw HostError(op, "attrs", cat("attr '", name, "' expects ", attr_kind_name(want), ", got ",
                                       attr_kind_name(kind_of(it->second)), " ", describe(it->second)));
    }
    out.push_back(std::move(*v));
  }
  return out;
}

}  // namespace detail
}  // namespace opkit::host
