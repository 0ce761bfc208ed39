// tiling/hccl/hccl_tiling.h: AscendC::Mc2CcTilingConfig, which an MC2 op's TilingFunc uses to fill the Mc2InitTiling
// and Mc2CcTiling of its tiling struct (the communication domain, collective, algorithm and reduce type) for the
// kernel's Hccl client (opkit/sim/hccl.h reads the layout of opkit/sim/hccl_tiling_data.h).
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include "kernel_tiling/kernel_tiling.h"
#include "opkit/sim/hccl_tiling_data.h"

namespace AscendC {

class Mc2CcTilingConfig {
 public:
  explicit Mc2CcTilingConfig(const std::string& groupName, uint32_t opType, const std::string& algConfig,
                             uint32_t reduceType = 0, uint8_t dstDataType = 0, uint8_t srcDataType = 0,
                             uint8_t commEngine = 0)
      : group_(groupName), op_type_(opType), alg_config_(algConfig), reduce_type_(reduceType) {
    (void)dstDataType;
    (void)srcDataType;
    (void)commEngine;
  }
  virtual ~Mc2CcTilingConfig() = default;

  uint32_t GetTiling(::Mc2InitTiling& tiling) {
    opkit::sim::detail::Mc2InitLayout init;
    init.version = 1;
    init.debugMode = debug_mode_;
    std::memcpy(static_cast<void*>(&tiling), &init, sizeof tiling);
    return 0;
  }
  uint32_t GetTiling(::Mc2CcTiling& tiling) {
    if (group_.size() >= 128 || alg_config_.size() >= 128) return 1;  // CANN's limit: 127 characters each
    opkit::sim::detail::Mc2CcLayout cc;
    cc.skipLocalRankCopy = skip_local_;
    cc.skipBufferWindowCopy = skip_window_;
    cc.stepSize = step_size_;
    std::snprintf(cc.groupName, sizeof cc.groupName, "%s", group_.c_str());
    std::snprintf(cc.algConfig, sizeof cc.algConfig, "%s", alg_config_.c_str());
    cc.opType = op_type_;
    cc.reduceType = reduce_type_;
    std::memcpy(static_cast<void*>(&tiling), &cc, sizeof tiling);
    return 0;
  }
  // The v1 tiling classes of older CANN samples (optiling::Mc2InitTiling etc.) share these layouts.
  template <typename T>
  uint32_t GetTiling(T& tiling) {
    static_assert(sizeof(T) == sizeof(::Mc2InitTiling) || sizeof(T) == sizeof(::Mc2CcTiling),
                  "Mc2CcTilingConfig::GetTiling fills an Mc2InitTiling or an Mc2CcTiling");
    if constexpr (sizeof(T) == sizeof(::Mc2InitTiling)) {
      return GetTiling(reinterpret_cast<::Mc2InitTiling&>(tiling));
    } else {
      return GetTiling(reinterpret_cast<::Mc2CcTiling&>(tiling));
    }
  }

  uint32_t SetOpType(uint32_t opType) { return set(op_type_, opType); }
  uint32_t SetGroupName(const std::string& groupName) { return set(group_, groupName); }
  uint32_t SetAlgConfig(const std::string& algConfig) { return set(alg_config_, algConfig); }
  uint32_t SetReduceType(uint32_t reduceType, uint8_t = 0, uint8_t = 0) { return set(reduce_type_, reduceType); }
  uint32_t SetStepSize(uint8_t stepSize) { return set(step_size_, stepSize); }
  uint32_t SetSkipLocalRankCopy(uint8_t skip) { return set(skip_local_, skip); }
  uint32_t SetSkipBufferWindowCopy(uint8_t skip) { return set(skip_window_, skip); }
  uint32_t SetDebugMode(uint8_t debugMode) { return set(debug_mode_, debugMode); }
  uint32_t SetQueueNum(uint16_t) { return 0; }
  uint32_t SetCommBlockNum(uint16_t) { return 0; }
  uint32_t SetCommEngine(uint8_t) { return 0; }

 private:
  template <typename T, typename V>
  static uint32_t set(T& field, const V& value) {
    field = value;
    return 0;
  }
  std::string group_;
  uint32_t op_type_;
  std::string alg_config_;
  uint32_t reduce_type_;
  uint8_t step_size_ = 0;
  uint8_t skip_local_ = 0;
  uint8_t skip_window_ = 0;
  uint8_t debug_mode_ = 0;
};

}  // namespace AscendC
