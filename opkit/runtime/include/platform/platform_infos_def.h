// fe::PlatFormInfos: the platform handle TilingContext::GetPlatformInfo() returns, backed by an opkit SoC profile.
#pragma once

#include <cctype>
#include <cstdint>
#include <string>

#include "opkit/sim/soc.h"
#include "platform/platform_info_def.h"

namespace fe {

// CANN's memory kinds for GetLocalMemSize (platform_infos_def.h).
enum class LocalMemType { L0_A = 0, L0_B = 1, L0_C = 2, L1 = 3, L2 = 4, UB = 5, HBM = 6, RESERVED };

class PlatFormInfos {
 public:
  explicit PlatFormInfos(const opkit::sim::SocProfile& profile) : profile_(&profile) {}

  // CANN's lookup by section and key; covers the keys tiling code reads (SoCInfo core counts, version names,
  // AICoreSpec buffer sizes). Returns false for keys opkit does not model.
  bool GetPlatformRes(const std::string& label, const std::string& key, std::string& value) const {
    const opkit::sim::SocProfile& p = *profile_;
    if (label == "SoCInfo" && key == "ai_core_cnt") return put(value, p.aic_cores);
    if (label == "SoCInfo" && key == "cube_core_cnt") return put(value, p.aic_cores);
    if (label == "SoCInfo" && key == "vector_core_cnt") return put(value, p.aiv_cores);
    if (label == "AICoreSpec" && key == "ub_size") return put(value, p.ub_bytes);
    if (label == "SoCInfo" && key == "l2_size") return put(value, p.l2_bytes);
    if (label == "SoCInfo" && key == "memory_size") return put(value, p.hbm_bytes);
    if (label == "AICoreSpec" && key == "l1_size") return put(value, l1_bytes());
    if (label == "AICoreSpec" && (key == "l0_a_size" || key == "l0_b_size")) return put(value, 64u * 1024u);
    if (label == "AICoreSpec" && key == "l0_c_size") return put(value, l0c_bytes());
    if (label == "version" && key == "SoC_version") return assign(value, p.name);
    if (label == "version" && key == "Short_SoC_version") return assign(value, short_version());
    return false;
  }
  bool GetPlatformResWithLock(const std::string& label, const std::string& key, std::string& value) const {
    return GetPlatformRes(label, key, value);
  }

  // The platform config's size of `type` (AICoreSpec's buffers, SoCInfo's L2 and memory), 0 for others: as CANN,
  // the whole buffer (PlatformAscendC::GetCoreMemSize is where CANN takes reserved space off).
  void GetLocalMemSize(const LocalMemType& type, uint64_t& size) const {
    static const char* const kKeys[] = {"l0_a_size", "l0_b_size", "l0_c_size", "l1_size", "l2_size", "ub_size",
                                        "memory_size"};
    std::string value;
    const auto i = static_cast<unsigned>(type);
    const bool soc_info = type == LocalMemType::L2 || type == LocalMemType::HBM;
    const bool found = i < 7 && GetPlatformRes(soc_info ? "SoCInfo" : "AICoreSpec", kKeys[i], value);
    size = found && !value.empty() ? std::stoull(value) : 0;
  }

  // L1 and L0C per arch: asc-devkit include/utils/base/sys_constants.h (ASC_L1_SIZE, ASC_L0C_SIZE).
  uint64_t l1_bytes() const {
    const int arch = profile_->npu_arch;
    return arch == 1001 || arch == 2002 || arch == 3002 ? 1024u * 1024u : 512u * 1024u;
  }
  uint64_t l0c_bytes() const {
    const int arch = profile_->npu_arch;
    return arch == 1001 || arch == 2002 || arch == 3510 ? 256u * 1024u : 128u * 1024u;
  }

  // The AI Core count (CANN's own test stub returns a fixed 8; opkit the SoC profile's figure).
  uint32_t GetCoreNum() const { return static_cast<uint32_t>(profile_->aic_cores); }

  const opkit::sim::SocProfile& opkit_profile() const { return *profile_; }

  // "Ascend910B", "Ascend910_93", "Ascend310P", "Ascend950": CANN's short SoC version, which is the AddConfig family
  // with a capital A and upper-case suffix letters (Short_SoC_version in every platform config opkit models).
  std::string short_version() const {
    std::string s = profile_->family;
    for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return "Ascend" + s.substr(6);
  }

 private:
  template <typename N>
  static bool put(std::string& out, N n) {
    out = std::to_string(n);
    return true;
  }
  static bool assign(std::string& out, const std::string& s) {
    out = s;
    return true;
  }

  const opkit::sim::SocProfile* profile_;
};

}  // namespace fe
