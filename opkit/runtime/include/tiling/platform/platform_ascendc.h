// platform_ascendc::PlatformAscendC: core counts, buffer sizes and SoC version for tiling code, from opkit's SoC table.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "opkit/host/error.h"
#include "opkit/sim/soc.h"
#include "platform/platform_infos_def.h"

namespace platform_ascendc {

enum class CoreMemType { L0_A = 0, L0_B = 1, L0_C = 2, L1 = 3, L2 = 4, UB = 5, HBM = 6, RESERVED };

enum class SocVersion {
  ASCEND910 = 0, ASCEND910B, ASCEND310P, ASCEND310B, ASCEND910_95, ASCEND910_55, AS31XM1, ASCEND031, ASCEND035,
  ASCEND310, ASCEND610, ASCEND610Lite, ASCEND910_93, BS9SX1A, BS9SX2A, HI3796CV300CS, HI3796CV300ES, MC61AM21A,
  SD3403, ASCEND950, RESERVED_VERSION = 99999
};

class PlatformAscendC {
 public:
  PlatformAscendC() = delete;
  explicit PlatformAscendC(fe::PlatFormInfos* info) : info_(info) {
    if (info_ == nullptr) {
      throw opkit::host::HostError("", "platform", "PlatformAscendC was built from a null PlatFormInfos");
    }
  }

  // Cube/vector separated SoCs (arch 2201, 3510) report vector cores; coupled ones (910, 310P, 310B) report AI Cores.
  uint32_t GetCoreNum() const { return separated() ? soc().aiv_cores : soc().aic_cores; }
  uint32_t GetCoreNumAic() const { return soc().aic_cores; }
  uint32_t GetCoreNumAiv() const { return separated() ? soc().aiv_cores : soc().aic_cores; }
  // CANN returns the separate Vector Core count of 310P here; opkit does not model those cores (their count is
  // not public), so this is 0 on every profile, as CANN answers on SoCs without them.
  uint32_t GetCoreNumVector() const { return 0; }

  // Fused cube+vector launches run in groups of (aiv/aic) vector cores per cube core; vector-only or cube-only
  // kernels launch one block per slice.
  uint32_t CalcTschBlockDim(uint32_t slice_num, uint32_t aic_core_num, uint32_t aiv_core_num) const {
    if (aic_core_num == 0 || aiv_core_num == 0 || aic_core_num > aiv_core_num) return slice_num;
    const uint32_t ratio = aiv_core_num / aic_core_num;
    return (slice_num + ratio - 1) / ratio;
  }
  uint32_t CalcTschNumBlocks(uint32_t slice_num, uint32_t aic_core_num, uint32_t aiv_core_num) const {
    return CalcTschBlockDim(slice_num, aic_core_num, aiv_core_num);
  }

  // What Ascend C's high-level APIs reserve at the start of the workspace (16 MiB on the SoCs opkit models).
  uint32_t GetLibApiWorkSpaceSize() const { return 16u * 1024u * 1024u; }

  void GetCoreMemSize(const CoreMemType& type, uint64_t& size) const {
    switch (type) {
      case CoreMemType::UB: size = soc().ub_bytes; break;
      case CoreMemType::L1: size = info_->l1_bytes(); break;
      case CoreMemType::L0_A: size = 64u * 1024u; break;
      case CoreMemType::L0_B: size = 64u * 1024u; break;
      case CoreMemType::L0_C: size = info_->l0c_bytes(); break;
      case CoreMemType::L2: size = soc().l2_bytes; break;
      case CoreMemType::HBM: size = soc().hbm_bytes; break;
      default: size = 0; break;
    }
  }

  SocVersion GetSocVersion() const {
    const std::string family = soc().family;
    if (family == "ascend910b" || family == "ascend910_93") return SocVersion::ASCEND910B;
    if (family == "ascend310p") return SocVersion::ASCEND310P;
    if (family == "ascend910") return SocVersion::ASCEND910;
    if (family == "ascend310b") return SocVersion::ASCEND310B;
    if (family == "ascend950") return SocVersion::ASCEND950;
    return SocVersion::RESERVED_VERSION;
  }

  // opkit: the profile behind this platform ("Ascend910B2", UB size, core counts).
  const opkit::sim::SocProfile& opkit_profile() const { return soc(); }

 private:
  const opkit::sim::SocProfile& soc() const { return info_->opkit_profile(); }
  bool separated() const { return opkit::sim::arch_is_separated(soc().npu_arch); }

  fe::PlatFormInfos* info_;
};

}  // namespace platform_ascendc

namespace opkit::host::detail {

// The PlatFormInfos of every modelled SoC, built once; pointers stay valid for the program's lifetime.
inline fe::PlatFormInfos* platform_infos(const opkit::sim::SocProfile& profile) {
  static std::vector<fe::PlatFormInfos> all = [] {
    std::vector<fe::PlatFormInfos> v;
    for (const auto& p : opkit::sim::kSocProfiles) v.emplace_back(p);
    return v;
  }();
  for (auto& info : all) {
    if (&info.opkit_profile() == &profile) return &info;
  }
  return nullptr;
}

// The platform a TilingFunc running on this thread sees through PlatformAscendCManager (set by opkit::host::tile).
inline fe::PlatFormInfos*& current_platform() {
  thread_local fe::PlatFormInfos* platform = nullptr;
  return platform;
}

}  // namespace opkit::host::detail

namespace platform_ascendc {

// CANN's process-wide platform; in opkit it follows the SoC of the tile() call running on this thread
// (the default SoC outside one).
class PlatformAscendCManager {
 public:
  static PlatformAscendC* GetInstance() {
    fe::PlatFormInfos* info = opkit::host::detail::current_platform();
    if (info == nullptr) {
      info = opkit::host::detail::platform_infos(*opkit::sim::find_soc(opkit::sim::kDefaultSoc));
    }
    thread_local PlatformAscendC platform(info);
    platform = PlatformAscendC(info);
    return &platform;
  }
  static PlatformAscendC* GetInstance(const char* soc_version) {
    const opkit::sim::SocProfile* p = opkit::sim::find_soc(soc_version == nullptr ? "" : soc_version);
    if (p == nullptr) return GetInstance();
    thread_local PlatformAscendC platform(opkit::host::detail::platform_infos(*p));
    platform = PlatformAscendC(opkit::host::detail::platform_infos(*p));
    return &platform;
  }
};

}  // namespace platform_ascendc
