// gert::TilingParseContext: what an op's TilingParse function (IMPL_OP_OPTILING(Op).TilingParse<CompileInfo>(f))
// sees. CANN runs it once per compiled node to fill the op's compile info from the platform (core count, UB size),
// and hands that compile info to every TilingFunc call (TilingContext::GetCompileInfo). opkit runs it before each
// TilingFunc on the launch's platform, with a fresh compile info object.
#pragma once

#include "graph/ge_error_codes.h"
#include "platform/platform_infos_def.h"

namespace gert {

class TilingParseContext {
 public:
  TilingParseContext(const char* op_type, fe::PlatFormInfos* platform, void* compile_info)
      : op_type_(op_type), platform_(platform), compile_info_(compile_info) {}

  const char* GetNodeName() const { return op_type_; }
  const char* GetNodeType() const { return op_type_; }
  fe::PlatFormInfos* GetPlatformInfo() const { return platform_; }
  // The compile-time JSON CANN's op compiler writes: opkit has no compile step, so it holds no keys.
  const char* GetCompiledJson() const { return "{}"; }
  template <typename T>
  T* GetCompiledInfo() const { return static_cast<T*>(compile_info_); }
  void* GetCompiledInfo() const { return compile_info_; }

 private:
  const char* op_type_;
  fe::PlatFormInfos* platform_;
  void* compile_info_;
};

}  // namespace gert
