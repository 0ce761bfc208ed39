// SoC profiles the simulator models: Unified Buffer size, vector/cube core counts, arch macros, AddConfig names.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace opkit::sim {

struct SocProfile {
  const char* name;          // CANN SoC version: "Ascend910B2"
  const char* family;        // AddConfig spelling: "ascend910b"
  int npu_arch;              // __NPU_ARCH__
  size_t ub_bytes;           // Unified Buffer per vector core
  uint32_t aiv_cores;        // vector cores (GetCoreNumAiv)
  uint32_t aic_cores;        // cube cores (GetCoreNumAic)
  size_t l2_bytes;
  size_t hbm_bytes;
};

// Core counts from CANN's platform configs; 310P's vector core count is not public (reference marks it (?)): 8.
inline constexpr SocProfile kSocProfiles[] = {
    {"Ascend910B1", "ascend910b", 2201, 192 * 1024, 48, 24, 192u << 20, size_t(64) << 30},
    {"Ascend910B2", "ascend910b", 2201, 192 * 1024, 48, 24, 192u << 20, size_t(64) << 30},
    {"Ascend910B2C", "ascend910b", 2201, 192 * 1024, 48, 24, 192u << 20, size_t(64) << 30},
    {"Ascend910B3", "ascend910b", 2201, 192 * 1024, 40, 20, 192u << 20, size_t(64) << 30},
    {"Ascend910B4", "ascend910b", 2201, 192 * 1024, 40, 20, 96u << 20, size_t(32) << 30},
    {"Ascend910B4-1", "ascend910b", 2201, 192 * 1024, 40, 20, 96u << 20, size_t(64) << 30},
    {"Ascend910_9391", "ascend910_93", 2201, 192 * 1024, 48, 24, 192u << 20, size_t(64) << 30},
    {"Ascend910_9381", "ascend910_93", 2201, 192 * 1024, 48, 24, 192u << 20, size_t(64) << 30},
    {"Ascend910_9372", "ascend910_93", 2201, 192 * 1024, 40, 20, 192u << 20, size_t(64) << 30},
    {"Ascend310P1", "ascend310p", 2002, 256 * 1024, 8, 8, 16u << 20, size_t(24) << 30},
    {"Ascend310P3", "ascend310p", 2002, 256 * 1024, 8, 8, 16u << 20, size_t(24) << 30},
};

inline constexpr const char* kDefaultSoc = "Ascend910B2";

// nullptr when unknown.
inline const SocProfile* find_soc(const std::string& name) {
  for (const SocProfile& p : kSocProfiles) {
    if (name == p.name) return &p;
  }
  return nullptr;
}

}  // namespace opkit::sim
