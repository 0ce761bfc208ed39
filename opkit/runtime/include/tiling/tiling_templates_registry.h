// optiling::TilingRegistry: an op's tiling classes (TilingBaseClass) by priority; DoTilingImpl(context) runs them in
// order until one handles the case. REGISTER_TILING_TEMPLATE("Op", Class, priority) (cann-ops) and
// REGISTER_OPS_TILING_TEMPLATE(Op, Class, priority) (later CANN ops) register a class; a lower priority runs first.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "error/ops_error.h"
#include "tiling/tiling_base.h"

namespace optiling {

using TilingClassCase = std::unique_ptr<TilingBaseClass> (*)(gert::TilingContext*);

template <typename T>
std::unique_ptr<TilingBaseClass> TILING_CLASS(gert::TilingContext* context) {
  return std::unique_ptr<TilingBaseClass>(new T(context));
}

class TilingRegistry {
 public:
  static TilingRegistry& GetInstance() {
    static TilingRegistry registry;
    return registry;
  }
  void Add(const std::string& op_type, int32_t priority, TilingClassCase make) { cases_[op_type][priority] = make; }

  ge::graphStatus DoTilingImpl(gert::TilingContext* context) {
    for (const auto& [priority, make] : GetTilingTemplates(context->GetNodeType())) {
      const ge::graphStatus status = make(context)->DoTiling();
      if (status != ge::GRAPH_PARAM_INVALID) return status;
      OPS_LOG_D(context, "tiling class of priority %d does not handle this case", priority);
    }
    OPS_LOG_E(context, "no registered tiling class handles this case");
    return ge::GRAPH_FAILED;
  }
  ge::graphStatus DoTilingImpl(gert::TilingContext* context, const std::vector<int32_t>& priorities) {
    const auto& cases = GetTilingTemplates(context->GetNodeType());
    for (int32_t priority : priorities) {
      const auto it = cases.find(priority);
      if (it != cases.end() && it->second(context)->DoTiling() == ge::GRAPH_SUCCESS) return ge::GRAPH_SUCCESS;
    }
    return ge::GRAPH_FAILED;
  }
  const std::map<int32_t, TilingClassCase>& GetTilingTemplates(const std::string& op_type) {
    static const std::map<int32_t, TilingClassCase> none;
    const auto it = cases_.find(op_type);
    return it == cases_.end() ? none : it->second;
  }

 private:
  std::map<std::string, std::map<int32_t, TilingClassCase>> cases_;
};

class Register {
 public:
  explicit Register(std::string op_type) : op_type_(std::move(op_type)) {}
  template <typename T>
  Register& tiling(int32_t priority) {
    TilingRegistry::GetInstance().Add(op_type_, priority, TILING_CLASS<T>);
    return *this;
  }

 private:
  std::string op_type_;
};

}  // namespace optiling

#define OPKIT_TILING_TEMPLATE_CAT2(a, b) a##b
#define OPKIT_TILING_TEMPLATE_CAT(a, b) OPKIT_TILING_TEMPLATE_CAT2(a, b)
#define REGISTER_TILING_TEMPLATE(op_type, class_name, priority)                                           \
  [[maybe_unused]] static ::optiling::Register OPKIT_TILING_TEMPLATE_CAT(opkit_tiling_template_, __COUNTER__) = \
      ::optiling::Register(op_type).tiling<class_name>(priority)
#define REGISTER_OPS_TILING_TEMPLATE(op_type, class_name, priority) \
  REGISTER_TILING_TEMPLATE(#op_type, class_name, priority)
