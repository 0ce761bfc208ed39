// ge::Operator and ge::TensorDesc: what an op's CheckSupport / ParamGeneralize callbacks read (reverse_sequence's
// `op.GetInputDescByName("x").GetShape()`, `op.GetAttr("seq_dim", value)`). GE builds the Operator from the graph
// node; here a caller fills one with SetInputDesc/SetOutputDesc/SetAttr. A name never set gives an empty desc (as
// GE's does) or, for GetAttr, GRAPH_FAILED with the value untouched.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <type_traits>
#include <variant>
#include <vector>

#include "graph/ascend_string.h"
#include "graph/ge_error_codes.h"
#include "graph/tensor.h"
#include "graph/types.h"

namespace ge {

class TensorDesc {
 public:
  TensorDesc() = default;
  TensorDesc(Shape shape, Format format = FORMAT_ND, DataType dt = DT_FLOAT)
      : shape_(std::move(shape)), format_(format), dtype_(dt) {}
  Shape GetShape() const { return shape_; }
  void SetShape(const Shape& s) { shape_ = s; }
  Shape GetOriginShape() const { return shape_; }
  DataType GetDataType() const { return dtype_; }
  void SetDataType(DataType dt) { dtype_ = dt; }
  Format GetFormat() const { return format_; }
  void SetFormat(Format f) { format_ = f; }
  Format GetOriginFormat() const { return format_; }

 private:
  Shape shape_;
  Format format_ = FORMAT_ND;
  DataType dtype_ = DT_UNDEFINED;
};

class Operator {
 public:
  Operator() = default;
  explicit Operator(const char* type) : type_(type == nullptr ? "" : type) {}
  graphStatus GetOpType(AscendString& type) const { type = AscendString(type_.c_str()); return GRAPH_SUCCESS; }

  TensorDesc GetInputDescByName(const char* name) const { return Find(inputs_, name); }
  TensorDesc GetOutputDescByName(const char* name) const { return Find(outputs_, name); }
  graphStatus UpdateInputDesc(const char* name, const TensorDesc& d) { inputs_[name] = d; return GRAPH_SUCCESS; }
  graphStatus UpdateOutputDesc(const char* name, const TensorDesc& d) { outputs_[name] = d; return GRAPH_SUCCESS; }

  template <typename T>
  Operator& SetAttr(const char* name, T value) {
    attrs_[name] = Value(std::move(value));
    return *this;
  }
  template <typename T>
  graphStatus GetAttr(const char* name, T& value) const {
    auto it = attrs_.find(name);
    if (it == attrs_.end()) return GRAPH_FAILED;
    if (const auto* held = std::get_if<Stored<T>>(&it->second)) {
      value = static_cast<T>(*held);
      return GRAPH_SUCCESS;
    }
    return GRAPH_FAILED;   // set with another type
  }
  graphStatus GetAttr(const char* name, AscendString& value) const {
    std::string s;
    if (GetAttr(name, s) != GRAPH_SUCCESS) return GRAPH_FAILED;
    value = AscendString(s.c_str());
    return GRAPH_SUCCESS;
  }

 private:
  using Held = std::variant<int64_t, float, bool, std::string, std::vector<int64_t>, std::vector<float>>;
  // An attr is held as GE holds it: every integer as int64, every floating point as float.
  template <typename T>
  using Stored = std::conditional_t<std::is_same_v<T, bool>, bool,
                 std::conditional_t<std::is_integral_v<T>, int64_t,
                 std::conditional_t<std::is_floating_point_v<T>, float, T>>>;
  template <typename T>
  static Held Value(T v) {
    if constexpr (std::is_same_v<T, const char*> || std::is_same_v<T, char*>) {
      return std::string(v);
    } else if constexpr (std::is_same_v<T, AscendString>) {
      return std::string(v.GetString());
    } else if constexpr (std::is_same_v<T, std::vector<int32_t>>) {
      return std::vector<int64_t>(v.begin(), v.end());
    } else {
      return static_cast<Stored<T>>(v);
    }
  }
  static TensorDesc Find(const std::map<std::string, TensorDesc>& m, const char* name) {
    auto it = m.find(name == nullptr ? "" : name);
    return it == m.end() ? TensorDesc() : it->second;
  }

  std::string type_;
  std::map<std::string, TensorDesc> inputs_;
  std::map<std::string, TensorDesc> outputs_;
  std::map<std::string, Held> attrs_;
};

}  // namespace ge
