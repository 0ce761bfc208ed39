// ops::OpDef and its builders (inputs, outputs, attrs, AI Core config): the op prototype as op_host code declares it.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "graph/ascend_string.h"
#include "graph/operator.h"   // the CheckSupport callbacks' ge::Operator (reverse_sequence reads it)
#include "graph/types.h"
#include "opkit/host/attr_value.h"
#include "register/op_impl_kernel_registry.h"

namespace optiling {
using OP_CHECK_FUNC = ge::graphStatus (*)(const ge::Operator& op, ge::AscendString& result);
using PARAM_GENERALIZE_FUNC = ge::graphStatus (*)(const ge::Operator& op, const ge::AscendString& config,
                                                  ge::AscendString& generalized);
}  // namespace optiling

namespace ops {

enum Option { IGNORE = 0, OPTIONAL = 1, REQUIRED = 2, DYNAMIC = 3, VIRTUAL = 4 };
enum class DependScope { ALL = 0, TILING = 1, INVALID_SCOPE };
enum class FollowType { ALL = 0, DTYPE = 1, FORMAT = 2, SHAPE = 3, INVALID_TYPE };

// One input or output. DataType/Format list one entry per dtype combination (position i of every param forms
// combination i); DataTypeList/FormatList give entries that hold for every combination.
class OpParamDef {
 public:
  explicit OpParamDef(const char* name) : name_(name) {}

  OpParamDef& ParamType(Option t) { return set(param_type_, t); }
  OpParamDef& DataType(std::vector<ge::DataType> types) { return list(types_, types, types_are_list_, false); }
  OpParamDef& DataTypeList(std::vector<ge::DataType> types) { return list(types_, types, types_are_list_, true); }
  OpParamDef& Format(std::vector<ge::Format> formats) { return list(formats_, formats, formats_are_list_, false); }
  OpParamDef& FormatList(std::vector<ge::Format> formats) { return list(formats_, formats, formats_are_list_, true); }
  OpParamDef& UnknownShapeFormat(std::vector<ge::Format> formats) { return set(unknown_shape_formats_, formats); }
  OpParamDef& ValueDepend(Option v) { return set(value_depend_, v); }
  OpParamDef& ValueDepend(Option v, DependScope scope) {
    depend_scope_ = scope;
    return set(value_depend_, v);
  }
  OpParamDef& IgnoreContiguous() { return set(ignore_contiguous_, true); }
  OpParamDef& AutoContiguous() { return set(auto_contiguous_, true); }
  OpParamDef& Scalar() { return set(scalar_, true); }
  OpParamDef& ScalarList() { return set(scalar_list_, true); }
  OpParamDef& To(ge::DataType t) { return set(to_type_, t); }
  OpParamDef& To(const char* name) { return set(to_name_, std::string(name)); }
  OpParamDef& Follow(const char* name) { return Follow(name, FollowType::ALL); }
  OpParamDef& Follow(const char* name, FollowType type) {
    follow_type_ = type;
    return set(follow_, std::string(name));
  }
  OpParamDef& OutputShapeDependOnCompute() { return set(shape_depends_on_compute_, true); }
  OpParamDef& InitValue(uint64_t v) { return set(init_value_, v); }
  OpParamDef& Comment(const char* text) { return set(comment_, std::string(text)); }

  ge::AscendString& GetParamName() { return name_; }
  const ge::AscendString& GetParamName() const { return name_; }
  Option GetParamType() const { return param_type_; }
  std::vector<ge::DataType>& GetDataTypes() { return types_; }
  const std::vector<ge::DataType>& GetDataTypes() const { return types_; }
  std::vector<ge::Format>& GetFormats() { return formats_; }
  const std::vector<ge::Format>& GetFormats() const { return formats_; }
  std::vector<ge::Format>& GetUnknownShapeFormats() { return unknown_shape_formats_; }
  Option GetValueDepend() const { return value_depend_; }
  bool GetIgnoreContiguous() const { return ignore_contiguous_; }
  bool GetAutoContiguous() const { return auto_contiguous_; }
  bool IsScalar() const { return scalar_; }
  bool IsScalarList() const { return scalar_list_; }
  // opkit: true when the dtypes came from DataTypeList / the formats from FormatList.
  bool opkit_types_are_list() const { return types_are_list_; }
  bool opkit_formats_are_list() const { return formats_are_list_; }
  const std::string& opkit_follow() const { return follow_; }

 private:
  template <typename T, typename V>
  OpParamDef& set(T& field, V value) {
    field = std::move(value);
    return *this;
  }
  template <typename T>
  OpParamDef& list(std::vector<T>& field, std::vector<T>& values, bool& is_list, bool as_list) {
    field = std::move(values);
    is_list = as_list;
    return *this;
  }

  ge::AscendString name_;
  Option param_type_ = REQUIRED;
  std::vector<ge::DataType> types_;
  std::vector<ge::Format> formats_;
  std::vector<ge::Format> unknown_shape_formats_;
  bool types_are_list_ = false;
  bool formats_are_list_ = false;
  Option value_depend_ = IGNORE;
  DependScope depend_scope_ = DependScope::ALL;
  bool ignore_contiguous_ = false;
  bool auto_contiguous_ = false;
  bool scalar_ = false;
  bool scalar_list_ = false;
  ge::DataType to_type_ = ge::DT_UNDEFINED;
  std::string to_name_;
  std::string follow_;
  FollowType follow_type_ = FollowType::ALL;
  bool shape_depends_on_compute_ = false;
  uint64_t init_value_ = 0;
  std::string comment_;
};

// One attribute: its kind (set by Int()/Float()/...) and, for OPTIONAL attrs, its default (the argument).
// Type()/ListString() are opkit additions for the prototype attr types "type" and "list_string", which CANN's
// OpAttrDef cannot declare.
class OpAttrDef {
 public:
  using Value = opkit::host::AttrValue;
  using Kind = opkit::host::AttrKind;

  explicit OpAttrDef(const char* name) : name_(name) {}

  OpAttrDef& AttrType(Option t) {
    required_ = (t == REQUIRED);
    return *this;
  }
  OpAttrDef& Bool() { return kind(Kind::kBool); }
  OpAttrDef& Bool(bool v) { return value(Kind::kBool, Value(v)); }
  OpAttrDef& Float() { return kind(Kind::kFloat); }
  OpAttrDef& Float(float v) { return value(Kind::kFloat, Value(v)); }
  OpAttrDef& Int() { return kind(Kind::kInt); }
  OpAttrDef& Int(int64_t v) { return value(Kind::kInt, Value(v)); }
  OpAttrDef& String() { return kind(Kind::kString); }
  OpAttrDef& String(const char* v) { return value(Kind::kString, Value(std::string(v))); }
  OpAttrDef& Type() { return kind(Kind::kType); }
  OpAttrDef& Type(ge::DataType v) { return value(Kind::kType, Value(v)); }
  OpAttrDef& ListBool() { return kind(Kind::kListBool); }
  OpAttrDef& ListBool(std::vector<bool> v) { return value(Kind::kListBool, Value(std::move(v))); }
  OpAttrDef& ListFloat() { return kind(Kind::kListFloat); }
  OpAttrDef& ListFloat(std::vector<float> v) { return value(Kind::kListFloat, Value(std::move(v))); }
  OpAttrDef& ListInt() { return kind(Kind::kListInt); }
  OpAttrDef& ListInt(std::vector<int64_t> v) { return value(Kind::kListInt, Value(std::move(v))); }
  OpAttrDef& ListString() { return kind(Kind::kListString); }
  OpAttrDef& ListString(std::vector<std::string> v) { return value(Kind::kListString, Value(std::move(v))); }
  OpAttrDef& ListListInt() { return kind(Kind::kListListInt); }
  OpAttrDef& ListListInt(std::vector<std::vector<int64_t>> v) {
    return value(Kind::kListListInt, Value(std::move(v)));
  }
  OpAttrDef& Version(uint32_t v) {
    version_ = v;
    return *this;
  }
  OpAttrDef& Comment(const char* text) {
    comment_ = text;
    return *this;
  }

  ge::AscendString& GetName() { return name_; }
  const ge::AscendString& GetName() const { return name_; }
  bool IsRequired() const { return required_; }
  // opkit: the declared kind (kNone until Int()/Float()/... is called) and the default (monostate when none).
  Kind opkit_kind() const { return kind_; }
  const Value& opkit_default() const { return default_; }

 private:
  OpAttrDef& kind(Kind k) {
    kind_ = k;
    return *this;
  }
  OpAttrDef& value(Kind k, Value v) {
    kind_ = k;
    default_ = std::move(v);
    return *this;
  }

  ge::AscendString name_;
  bool required_ = true;
  Kind kind_ = Kind::kNone;
  Value default_;
  uint32_t version_ = 0;
  std::string comment_;
};

namespace detail {

// Inputs/outputs by name, in declaration order; a deque so references handed out stay valid.
class ParamList {
 public:
  OpParamDef& get_or_add(const char* name) {
    for (auto& p : params_) {
      if (std::string(p.GetParamName().GetString()) == name) return p;
    }
    params_.emplace_back(name);
    return params_.back();
  }
  std::deque<OpParamDef>& all() { return params_; }
  const std::deque<OpParamDef>& all() const { return params_; }

 private:
  std::deque<OpParamDef> params_;
};

}  // namespace detail

// Per-SoC overrides of the op's inputs/outputs and build flags (recorded; opkit builds one CPU kernel).
class OpAICoreConfig {
 public:
  OpParamDef& Input(const char* name) { return inputs_.get_or_add(name); }
  OpParamDef& Output(const char* name) { return outputs_.get_or_add(name); }
  OpAICoreConfig& DynamicCompileStaticFlag(bool f) { return flag("dynamicCompileStatic.flag", f); }
  OpAICoreConfig& DynamicFormatFlag(bool f) { return flag("dynamicFormat.flag", f); }
  OpAICoreConfig& DynamicRankSupportFlag(bool f) { return flag("dynamicRankSupport.flag", f); }
  OpAICoreConfig& DynamicShapeSupportFlag(bool f) { return flag("dynamicShapeSupport.flag", f); }
  OpAICoreConfig& NeedCheckSupportFlag(bool f) { return flag("needCheckSupport.flag", f); }
  OpAICoreConfig& PrecisionReduceFlag(bool f) { return flag("precision_reduce.flag", f); }
  OpAICoreConfig& ExtendCfgInfo(const char* key, const char* value) {
    cfg_[key] = value;
    return *this;
  }
  std::deque<OpParamDef>& GetInputs() { return inputs_.all(); }
  std::deque<OpParamDef>& GetOutputs() { return outputs_.all(); }
  const std::map<std::string, std::string>& opkit_cfg() const { return cfg_; }

 private:
  OpAICoreConfig& flag(const char* key, bool f) {
    cfg_[key] = f ? "true" : "false";
    return *this;
  }
  detail::ParamList inputs_;
  detail::ParamList outputs_;
  std::map<std::string, std::string> cfg_;
};

class OpAICoreDef {
 public:
  OpAICoreDef& SetTiling(gert::OpImplKernelRegistry::TilingKernelFunc f) {
    tiling_ = f;
    return *this;
  }
  OpAICoreDef& SetCheckSupport(optiling::OP_CHECK_FUNC f) { return check(check_support_, f); }
  OpAICoreDef& SetOpSelectFormat(optiling::OP_CHECK_FUNC f) { return check(select_format_, f); }
  OpAICoreDef& SetOpSupportInfo(optiling::OP_CHECK_FUNC f) { return check(support_info_, f); }
  OpAICoreDef& SetOpSpecInfo(optiling::OP_CHECK_FUNC f) { return check(spec_info_, f); }
  OpAICoreDef& SetParamGeneralize(optiling::PARAM_GENERALIZE_FUNC f) {
    generalize_ = f;
    return *this;
  }
  // `soc` is CANN's lower-case family name ("ascend910b", "ascend310p"); the op runs only on those listed.
  OpAICoreDef& AddConfig(const char* soc) {
    OpAICoreConfig defaults;
    return AddConfig(soc, defaults);
  }
  OpAICoreDef& AddConfig(const char* soc, OpAICoreConfig& config) {
    if (configs_.count(soc) == 0) order_.emplace_back(soc);
    configs_[std::string(soc)] = config;
    return *this;
  }
  // By default a launch whose outputs are all empty tensors is skipped (opkit/host/launch_op.h, SkipsLaunch);
  // true runs the kernel anyway.
  OpAICoreDef& LaunchWithZeroEleOutputTensors(bool launchFlag) {
    zero_ele_output_launch_ = launchFlag;
    return *this;
  }
  bool GetZeroEleOutputLaunchFlag() const { return zero_ele_output_launch_; }
  gert::OpImplKernelRegistry::TilingKernelFunc& GetTiling() { return tiling_; }
  gert::OpImplKernelRegistry::TilingKernelFunc GetTiling() const { return tiling_; }
  const std::map<std::string, OpAICoreConfig>& GetAICoreConfigs() const { return configs_; }
  // opkit: the SoC families in the order AddConfig named them (a build for none of them picks the first).
  const std::vector<std::string>& opkit_config_order() const { return order_; }

 private:
  OpAICoreDef& check(optiling::OP_CHECK_FUNC& field, optiling::OP_CHECK_FUNC f) {
    field = f;
    return *this;
  }
  gert::OpImplKernelRegistry::TilingKernelFunc tiling_ = nullptr;
  optiling::OP_CHECK_FUNC check_support_ = nullptr;
  optiling::OP_CHECK_FUNC select_format_ = nullptr;
  optiling::OP_CHECK_FUNC support_info_ = nullptr;
  optiling::OP_CHECK_FUNC spec_info_ = nullptr;
  optiling::PARAM_GENERALIZE_FUNC generalize_ = nullptr;
  std::map<std::string, OpAICoreConfig> configs_;
  std::vector<std::string> order_;
  bool zero_ele_output_launch_ = false;
};

// OpDef::MC2(): the attrs of an MC2 op (computation fused with communication) that name its communication domains;
// the aclnn launch gives the kernel the context of each (GetHcclContext<i>, opkit/host/hccl_launch.h).
enum class HcclServerType : uint32_t { AICPU, AICORE, CCU, MAX };

class OpMC2Def {
 public:
  OpMC2Def& HcclGroup(const char* value) {
    groups_.assign(1, ge::AscendString(value));
    return *this;
  }
  OpMC2Def& HcclGroup(std::vector<const char*> value) {
    groups_.clear();
    for (const char* v : value) groups_.emplace_back(v);
    return *this;
  }
  OpMC2Def& HcclServerType(enum HcclServerType type, const char* soc = nullptr) {
    (void)soc;
    server_ = type;
    return *this;
  }
  std::vector<ge::AscendString>& GetHcclGroups() { return groups_; }
  const std::vector<ge::AscendString>& GetHcclGroups() const { return groups_; }
  enum HcclServerType GetHcclServerType() const { return server_; }

 private:
  std::vector<ge::AscendString> groups_;
  enum HcclServerType server_ = HcclServerType::AICPU;
};

class OpDef {
 public:
  explicit OpDef(const char* type) : type_(type) {}
  virtual ~OpDef() = default;
  OpDef(const OpDef&) = default;
  OpDef& operator=(const OpDef&) = default;

  OpParamDef& Input(const char* name) { return inputs_.get_or_add(name); }
  OpParamDef& Output(const char* name) { return outputs_.get_or_add(name); }
  OpAttrDef& Attr(const char* name) {
    for (auto& a : attrs_) {
      if (std::string(a.GetName().GetString()) == name) return a;
    }
    attrs_.emplace_back(name);
    return attrs_.back();
  }
  OpDef& SetInferShape(gert::OpImplKernelRegistry::InferShapeKernelFunc f) {
    infer_shape_ = f;
    return *this;
  }
  OpDef& SetInferShapeRange(gert::OpImplKernelRegistry::InferShapeRangeKernelFunc f) {
    infer_shape_range_ = f;
    return *this;
  }
  OpDef& SetInferDataType(gert::OpImplKernelRegistry::InferDataTypeKernelFunc f) {
    infer_dtype_ = f;
    return *this;
  }
  OpDef& EnableFallBack() { return *this; }  // aclnn fallback to host: nothing to fall back from in opkit
  void SetWorkspaceFlag(bool flag) { workspace_flag_ = flag; }
  bool GetWorkspaceFlag() const { return workspace_flag_; }
  OpAICoreDef& AICore() { return aicore_; }
  const OpAICoreDef& AICore() const { return aicore_; }
  OpMC2Def& MC2() { return mc2_; }
  const OpMC2Def& MC2() const { return mc2_; }

  ge::AscendString& GetOpType() { return type_; }
  const ge::AscendString& GetOpType() const { return type_; }
  std::deque<OpParamDef>& GetInputs() { return inputs_.all(); }
  const std::deque<OpParamDef>& GetInputs() const { return inputs_.all(); }
  std::deque<OpParamDef>& GetOutputs() { return outputs_.all(); }
  const std::deque<OpParamDef>& GetOutputs() const { return outputs_.all(); }
  std::deque<OpAttrDef>& GetAttrs() { return attrs_; }
  const std::deque<OpAttrDef>& GetAttrs() const { return attrs_; }
  gert::OpImplKernelRegistry::InferShapeKernelFunc GetInferShape() const { return infer_shape_; }
  gert::OpImplKernelRegistry::InferDataTypeKernelFunc GetInferDataType() const { return infer_dtype_; }

 private:
  ge::AscendString type_;
  detail::ParamList inputs_;
  detail::ParamList outputs_;
  std::deque<OpAttrDef> attrs_;
  gert::OpImplKernelRegistry::InferShapeKernelFunc infer_shape_ = nullptr;
  gert::OpImplKernelRegistry::InferShapeRangeKernelFunc infer_shape_range_ = nullptr;
  gert::OpImplKernelRegistry::InferDataTypeKernelFunc infer_dtype_ = nullptr;
  bool workspace_flag_ = true;
  OpAICoreDef aicore_;
  OpMC2Def mc2_;
};

}  // namespace ops
