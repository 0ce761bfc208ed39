// optiling::TilingBaseClass: the staged TilingFunc CANN ops derive their tiling classes from (shapes and attrs,
// platform, capability, op tiling, library tiling, workspace, saving), picked by tiling/tiling_templates_registry.h.
#pragma once

#include <cstdint>
#include <memory>
#include <sstream>
#include <string>

#include "exe_graph/runtime/tiling_context.h"
#include "graph/utils/type_utils.h"
#include "log/ops_log.h"
#include "tiling/platform/platform_ascendc.h"

#ifndef ASCENDC_EXTERN_C
#define ASCENDC_EXTERN_C
#endif

namespace optiling {

struct AiCoreParams {
  uint64_t ubSize;
  uint64_t blockDim;
  uint64_t aicNum;
  uint64_t l1Size;
  uint64_t l0aSize;
  uint64_t l0bSize;
  uint64_t l0cSize;
};

class TilingBaseClass {
 public:
  TilingBaseClass() = default;
  explicit TilingBaseClass(gert::TilingContext* context) : context_(context) {}
  virtual ~TilingBaseClass() = default;

  // GRAPH_SUCCESS: done; GRAPH_PARAM_INVALID: this class does not handle the case (the registry tries the next);
  // anything else fails the op's tiling.
  ge::graphStatus DoTiling() {
    for (auto stage : {&TilingBaseClass::GetShapeAttrsInfo, &TilingBaseClass::GetPlatformInfo}) {
      const ge::graphStatus status = (this->*stage)();
      if (status != ge::GRAPH_SUCCESS) return status;
    }
    if (!IsCapable()) return ge::GRAPH_PARAM_INVALID;
    for (auto stage : {&TilingBaseClass::DoOpTiling, &TilingBaseClass::DoLibApiTiling,
                       &TilingBaseClass::GetWorkspaceSize, &TilingBaseClass::PostTiling}) {
      const ge::graphStatus status = (this->*stage)();
      if (status != ge::GRAPH_SUCCESS) return status;
    }
    context_->SetTilingKey(GetTilingKey());
    DumpTilingInfo();
    return ge::GRAPH_SUCCESS;
  }
  virtual void Reset(gert::TilingContext* context) { context_ = context; }

 protected:
  virtual bool IsCapable() = 0;
  virtual ge::graphStatus GetPlatformInfo() = 0;
  virtual ge::graphStatus GetShapeAttrsInfo() = 0;
  virtual ge::graphStatus DoOpTiling() = 0;
  virtual ge::graphStatus DoLibApiTiling() = 0;
  [[nodiscard]] virtual uint64_t GetTilingKey() const = 0;
  virtual ge::graphStatus GetWorkspaceSize() = 0;
  virtual ge::graphStatus PostTiling() = 0;
  virtual void DumpTilingInfo() {
    OPS_LOG_D(context_, "tiling key %llu, %zu bytes of tiling data", static_cast<unsigned long long>(GetTilingKey()),
              context_->GetRawTilingData()->GetDataSize());
  }

  static uint32_t CalcTschBlockDim(uint32_t sliceNum, uint32_t aicCoreNum, uint32_t aivCoreNum) {
    if (aicCoreNum == 0 || aivCoreNum == 0 || aicCoreNum > aivCoreNum) return sliceNum;
    const uint32_t ratio = aivCoreNum / aicCoreNum;
    return (sliceNum + ratio - 1) / ratio;
  }
  template <typename T>
  [[nodiscard]] std::string GetShapeDebugStr(const T& shape) const {
    std::ostringstream s;
    s << "[";
    for (size_t i = 0; i < shape.GetDimNum(); ++i) s << (i ? ", " : "") << shape.GetDim(i);
    s << "]";
    return s.str();
  }

  gert::TilingContext* context_ = nullptr;
  std::unique_ptr<platform_ascendc::PlatformAscendC> ascendcPlatform_{nullptr};
  uint32_t blockDim_{0};
  uint64_t workspaceSize_{0};
  uint64_t tilingKey_{0};
  AiCoreParams aicoreParams_{0, 0, 0, 0, 0, 0, 0};
};

}  // namespace optiling
