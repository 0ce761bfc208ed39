// The process-wide table of registered ops (one per shared library): OpDefs from OP_ADD, functions from IMPL_OP.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "register/op_def.h"
#include "exe_graph/runtime/tiling_parse_context.h"
#include "register/op_impl_kernel_registry.h"

namespace opkit::host::detail {

// Functions registered through IMPL_OP*(Op).InferShape(...)/.Tiling(...) (ops-nn style); they take precedence
// over the ones on the OpDef.
struct ImplFuncs {
  gert::OpImplKernelRegistry::InferShapeKernelFunc infer_shape = nullptr;
  gert::OpImplKernelRegistry::InferDataTypeKernelFunc infer_dtype = nullptr;
  gert::OpImplKernelRegistry::TilingKernelFunc tiling = nullptr;
  // TilingParse<CompileInfo>(parse): the compile info's type made fresh (type-erased) and the function that fills it.
  std::shared_ptr<void> (*make_compile_info)() = nullptr;
  ge::graphStatus (*tiling_parse)(gert::TilingParseContext*) = nullptr;
};

struct OpEntry {
  std::vector<ops::OpDef> defs;  // more than one means OP_ADD ran twice for this type: reported on use
  ImplFuncs impl;
};

// Filled during static initialisation (which must not throw), read afterwards; so registration records
// problems and lookups report them.
class OpStore {
 public:
  static OpStore& instance() {
    static OpStore store;
    return store;
  }
  void add(const ops::OpDef& def) {
    std::lock_guard<std::mutex> lock(mu_);
    ops_[def.GetOpType().GetString()].defs.push_back(def);
  }
  ImplFuncs& impl(const std::string& op_type) {
    std::lock_guard<std::mutex> lock(mu_);
    return ops_[op_type].impl;
  }
  const OpEntry* find(const std::string& op_type) const {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = ops_.find(op_type);
    return it == ops_.end() ? nullptr : &it->second;
  }
  std::vector<std::string> names() const {
    std::lock_guard<std::mutex> lock(mu_);
    std::vector<std::string> out;
    for (const auto& [name, entry] : ops_) {
      if (!entry.defs.empty()) out.push_back(name);
    }
    return out;
  }

 private:
  mutable std::mutex mu_;
  std::map<std::string, OpEntry> ops_;  // std::map: entries never move, so pointers handed out stay valid
};

struct OpAdder {
  explicit OpAdder(const ops::OpDef& def) { OpStore::instance().add(def); }
};

// The builder IMPL_OP*(Op) returns; each call records one function for the op.
class ImplRegistrar {
 public:
  explicit ImplRegistrar(const char* op_type) : funcs_(&OpStore::instance().impl(op_type)) {}
  ImplRegistrar& InferShape(gert::OpImplKernelRegistry::InferShapeKernelFunc f) {
    funcs_->infer_shape = f;
    return *this;
  }
  ImplRegistrar& InferDataType(gert::OpImplKernelRegistry::InferDataTypeKernelFunc f) {
    funcs_->infer_dtype = f;
    return *this;
  }
  ImplRegistrar& Tiling(gert::OpImplKernelRegistry::TilingKernelFunc f) {
    funcs_->tiling = f;
    return *this;
  }
  // The op's compile info and the function that fills it from the platform: run before each TilingFunc, whose
  // context's GetCompileInfo() then returns it (CANN runs it once per compiled node; the result is the same).
  template <typename CompileInfo>
  ImplRegistrar& TilingParse(ge::graphStatus (*parse)(gert::TilingParseContext*)) {
    funcs_->make_compile_info = [] { return std::shared_ptr<void>(std::make_shared<CompileInfo>()); };
    funcs_->tiling_parse = parse;
    return *this;
  }
  // Data-dependency hints have no effect in opkit (every input is on the host).
  ImplRegistrar& InputsDataDependency(std::initializer_list<int>) { return *this; }
  ImplRegistrar& TilingInputsDataDependency(std::initializer_list<int32_t>) { return *this; }
  ImplRegistrar& TilingInputsDataDependency(std::initializer_list<int32_t>, std::initializer_list<int32_t>) {
    return *this;
  }

 private:
  ImplFuncs* funcs_;
};

}  // namespace opkit::host::detail

#define OPKIT_HOST_CAT2(a, b) a##b
#define OPKIT_HOST_CAT(a, b) OPKIT_HOST_CAT2(a, b)
