// opkit's `opbuild`: every OpDef the linked host code registered (OP_ADD, IMPL_OP), written as JSON.
//
// CANN's build compiles op_host/*.cpp and reads the OpDef registry back to produce everything else; opkit does the
// same. A program made of the project's host files and this header's dump_opdefs() prints one object per op type:
//   {"op": "AddCustom", "count": 1, "inputs": [PARAM...], "outputs": [PARAM...], "attrs": [ATTR...],
//    "infer_shape": true, "infer_dtype": true, "tiling": true, "configs": {"ascend910b": {"inputs": [...], ...}}} (configs in AddConfig order)
// PARAM: {"name", "param_type" (ops::Option), "dtypes" ("DT_FLOAT16"...), "formats" ("ND"...), "dtypes_are_list",
//         "formats_are_list", "follow", "value_depend", "scalar", "scalar_list" (an aclScalar(List) in aclnn)};
// ATTR:  {"name", "required", "kind" (prototype attr type), "default" (absent when none)}.
// opkit/spec/opdef.py turns this into the operator model.
#pragma once

#include <cmath>
#include <cstdio>
#include <ostream>
#include <string>
#include <variant>
#include <vector>

#include "register/op_def_registry.h"

namespace opkit::host {

namespace detail {

inline void json_text(std::ostream& out, const std::string& s) {
  out << '"';
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out << '\\' << c;
    } else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out << buf;
    } else {
      out << c;
    }
  }
  out << '"';
}

inline void json_number(std::ostream& out, double v) {
  if (std::isfinite(v)) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    out << buf;
  } else {
    json_text(out, std::isnan(v) ? "nan" : (v > 0 ? "inf" : "-inf"));   // JSON has no literal for them
  }
}

template <typename T>
void json_list(std::ostream& out, const std::vector<T>& values);

template <typename T>
void json_value(std::ostream& out, const T& v) {
  if constexpr (std::is_same_v<T, bool>) {
    out << (v ? "true" : "false");
  } else if constexpr (std::is_same_v<T, std::string>) {
    json_text(out, v);
  } else if constexpr (std::is_same_v<T, float>) {
    json_number(out, v);
  } else if constexpr (std::is_same_v<T, ge::DataType>) {
    json_text(out, ge::TypeUtils::DataTypeToPrototypeName(v));
  } else if constexpr (std::is_integral_v<T> || std::is_enum_v<T>) {
    out << static_cast<long long>(v);
  } else {
    json_list(out, v);
  }
}

template <typename T>
void json_list(std::ostream& out, const std::vector<T>& values) {
  out << '[';
  for (size_t i = 0; i < values.size(); ++i) {
    if (i) out << ", ";
    if constexpr (std::is_same_v<T, bool>) {
      out << (values[i] ? "true" : "false");   // vector<bool>'s proxy
    } else {
      json_value(out, values[i]);
    }
  }
  out << ']';
}

inline void json_param(std::ostream& out, const ops::OpParamDef& p) {
  out << "{\"name\": ";
  json_text(out, p.GetParamName().GetString());
  out << ", \"param_type\": " << static_cast<int>(p.GetParamType()) << ", \"dtypes\": ";
  std::vector<std::string> names;
  for (ge::DataType t : p.GetDataTypes()) names.push_back(ge::TypeUtils::DataTypeToSerialString(t));
  json_list(out, names);
  out << ", \"formats\": ";
  names.clear();
  for (ge::Format f : p.GetFormats()) names.push_back(ge::TypeUtils::FormatToSerialString(f));
  json_list(out, names);
  out << ", \"dtypes_are_list\": " << (p.opkit_types_are_list() ? "true" : "false")
      << ", \"formats_are_list\": " << (p.opkit_formats_are_list() ? "true" : "false") << ", \"follow\": ";
  json_text(out, p.opkit_follow());
  out << ", \"value_depend\": " << static_cast<int>(p.GetValueDepend())
      << ", \"scalar\": " << (p.IsScalar() ? "true" : "false")
      << ", \"scalar_list\": " << (p.IsScalarList() ? "true" : "false") << '}';
}

inline void json_params(std::ostream& out, const std::deque<ops::OpParamDef>& ps) {
  out << '[';
  for (size_t i = 0; i < ps.size(); ++i) {
    if (i) out << ", ";
    json_param(out, ps[i]);
  }
  out << ']';
}

inline void json_attr(std::ostream& out, const ops::OpAttrDef& a) {
  out << "{\"name\": ";
  json_text(out, a.GetName().GetString());
  out << ", \"required\": " << (a.IsRequired() ? "true" : "false") << ", \"kind\": ";
  json_text(out, attr_kind_name(a.opkit_kind()));
  if (!std::holds_alternative<std::monostate>(a.opkit_default())) {
    out << ", \"default\": ";
    std::visit([&out](const auto& v) {
      if constexpr (!std::is_same_v<std::decay_t<decltype(v)>, std::monostate>) json_value(out, v);
    }, a.opkit_default());
  }
  out << '}';
}

}  // namespace detail

// Writes every registered op (sorted by type) as a JSON list; returns 0.
inline int dump_opdefs(std::ostream& out) {
  using namespace detail;
  auto& store = detail::OpStore::instance();
  out << "[\n";
  bool first = true;
  for (const std::string& name : store.names()) {
    const detail::OpEntry* entry = store.find(name);
    const ops::OpDef& def = entry->defs.front();
    out << (first ? "" : ",\n") << "{\"op\": ";
    first = false;
    json_text(out, name);
    out << ", \"count\": " << entry->defs.size() << ", \"inputs\": ";
    json_params(out, def.GetInputs());
    out << ", \"outputs\": ";
    json_params(out, def.GetOutputs());
    out << ", \"attrs\": [";
    for (size_t i = 0; i < def.GetAttrs().size(); ++i) {
      if (i) out << ", ";
      json_attr(out, def.GetAttrs()[i]);
    }
    out << "], \"infer_shape\": " << (def.GetInferShape() || entry->impl.infer_shape ? "true" : "false")
        << ", \"infer_dtype\": " << (def.GetInferDataType() || entry->impl.infer_dtype ? "true" : "false")
        << ", \"tiling\": " << (def.AICore().GetTiling() || entry->impl.tiling ? "true" : "false")
        << ", \"configs\": {";
    bool first_config = true;
    for (const std::string& soc : def.AICore().opkit_config_order()) {   // in AddConfig's order
      auto& c = const_cast<ops::OpAICoreConfig&>(def.AICore().GetAICoreConfigs().at(soc));  // getters not const
      out << (first_config ? "" : ", ");
      first_config = false;
      json_text(out, soc);
      out << ": {\"inputs\": ";
      json_params(out, c.GetInputs());
      out << ", \"outputs\": ";
      json_params(out, c.GetOutputs());
      out << '}';
    }
    out << "}}";
  }
  out << "\n]\n";
  return 0;
}

}  // namespace opkit::host
