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

// Every figure is CANN's platform config, <SoC>.ini in CANN's runtime sources (github.com/hicann/runtime,
// src/platform/platform_config/, commit 681ef76): [SoCInfo] ai_core_cnt / cube_core_cnt / vector_core_cnt /
// l2_size / memory_size and [AICoreSpec] ub_size; NpuArch from [version]. opkit/spec/soc.py names the ini of each row.
// Where vector and cube share one core (core_type_list is not "CubeCore,VectorCore": 910, 310P, 310B), GetCoreNumAiv
// and GetCoreNumAic both answer ai_core_cnt, so both columns hold it. 950's ub_size (248 KB) is what a kernel may use;
// the hardware has 256 KB (asc-devkit include/utils/base/sys_constants.h: ASC_UB_SIZE = 248 * 1024 on 3510). So
// has 310B's: its APIs take temporaries at TMP_UB_OFFSET = 248 KB. Buffers past ub_size there: ub_scratch.h.
// hbm_bytes where the ini leaves memory_size empty: 910A 32 GB (public product figure, not in the ini), 310B2..B4 as
// 310B1 (not confirmed).
inline constexpr SocProfile kSocProfiles[] = {
    {"Ascend910B1", "ascend910b", 2201, 192 * 1024, 48, 24, 192u << 20, size_t(64) << 30},
    {"Ascend910B2", "ascend910b", 2201, 192 * 1024, 48, 24, 192u << 20, size_t(64) << 30},
    {"Ascend910B2C", "ascend910b", 2201, 192 * 1024, 48, 24, 192u << 20, size_t(64) << 30},
    {"Ascend910B3", "ascend910b", 2201, 192 * 1024, 40, 20, 192u << 20, size_t(64) << 30},
    {"Ascend910B4", "ascend910b", 2201, 192 * 1024, 40, 20, 96u << 20, size_t(32) << 30},
    {"Ascend910B4-1", "ascend910b", 2201, 192 * 1024, 40, 20, 168u << 20, size_t(32) << 30},
    {"Ascend910_9391", "ascend910_93", 2201, 192 * 1024, 48, 24, 192u << 20, size_t(64) << 30},
    {"Ascend910_9381", "ascend910_93", 2201, 192 * 1024, 48, 24, 192u << 20, size_t(64) << 30},
    {"Ascend910_9372", "ascend910_93", 2201, 192 * 1024, 40, 20, 192u << 20, size_t(64) << 30},
    {"Ascend310P3", "ascend310p", 2002, 256 * 1024, 8, 8, 16u << 20, size_t(24) << 30},
    {"Ascend310P1", "ascend310p", 2002, 256 * 1024, 10, 10, 16u << 20, size_t(24) << 30},
    {"Ascend910A", "ascend910", 1001, 256 * 1024, 32, 32, 32u << 20, size_t(32) << 30},
    {"Ascend910ProA", "ascend910", 1001, 256 * 1024, 32, 32, 32u << 20, size_t(32) << 30},
    {"Ascend910PremiumA", "ascend910", 1001, 256 * 1024, 32, 32, 32u << 20, size_t(32) << 30},
    {"Ascend910ProB", "ascend910", 1001, 256 * 1024, 30, 30, 32u << 20, size_t(32) << 30},
    {"Ascend310B1", "ascend310b", 3002, 248 * 1024, 1, 1, 4u << 20, size_t(32) << 30},
    {"Ascend310B2", "ascend310b", 3002, 248 * 1024, 1, 1, 4u << 20, size_t(32) << 30},
    {"Ascend310B3", "ascend310b", 3002, 248 * 1024, 1, 1, 4u << 20, size_t(32) << 30},
    {"Ascend310B4", "ascend310b", 3002, 248 * 1024, 1, 1, 4u << 20, size_t(32) << 30},
    {"Ascend950PR_9599", "ascend950", 3510, 248 * 1024, 72, 36, 128u << 20, size_t(128) << 30},
    {"Ascend950PR_9579", "ascend950", 3510, 248 * 1024, 56, 28, 128u << 20, size_t(128) << 30},
    {"Ascend950DT_9591", "ascend950", 3510, 248 * 1024, 72, 36, 128u << 20, size_t(144) << 30},
};

inline constexpr const char* kDefaultSoc = "Ascend910B2";

// nullptr when unknown.
inline const SocProfile* find_soc(const std::string& name) {
  for (const SocProfile& p : kSocProfiles) {
    if (name == p.name) return &p;
  }
  return nullptr;
}

// What an arch has, from asc-devkit's per-arch implementations (impl/basic_api/dav_c100 for 1001, dav_m200 for
// 2002, dav_c220 for 2201, dav_m300 for 3002, dav_3510): DataCopyPad reports "not support" on 1001 and 2002; neither
// has bfloat16_t anywhere, nor a bf16 conversion in its platform config's Intrinsic_vconv.
inline constexpr bool arch_has_data_copy_pad(int arch) { return arch != 1001 && arch != 2002; }
inline constexpr bool arch_has_bf16(int arch) { return arch != 1001 && arch != 2002; }
// Cube and vector cores apart (core_type_list "CubeCore,VectorCore" in the platform config): 910B/910_93 and 950.
inline constexpr bool arch_is_separated(int arch) { return arch == 2201 || arch == 3510; }

// The SoC a kernel compiled for `arch` runs on when nothing names one (CANN's SOC_MAP_EXT in asc-devkit
// cmake/asc/fwk_modules/util/const_var.py, except 910B where opkit's default stands).
inline constexpr const char* default_soc_of_arch(int arch) {
  switch (arch) {
    case 1001: return "Ascend910A";
    case 2002: return "Ascend310P3";
    case 3002: return "Ascend310B1";
    case 3510: return "Ascend950PR_9599";
    default: return kDefaultSoc;
  }
}

// CANN's short SoC version of an arch, for messages ("Ascend310P").
inline constexpr const char* arch_soc_name(int arch) {
  switch (arch) {
    case 1001: return "Ascend910";
    case 2002: return "Ascend310P";
    case 3002: return "Ascend310B";
    case 3510: return "Ascend950";
    default: return "Ascend910B";
  }
}

}  // namespace opkit::sim
