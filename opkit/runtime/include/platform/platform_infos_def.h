// fe::PlatFormInfos: the platform handle TilingContext::GetPlatformInfo() returns, backed by an opkit SoC profile.
#pragma once

#include <cctype>
#include <cstdint>
#include <string>

#include "opkit/sim/soc.h"

namespace fe {

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
    if (label == "version" && key == "SoC_version") return assign(value, p.name);
    if (label == "version" && key == "Short_SoC_version") return assign(value, short_version());
    return false;
  }
  bool GetPlatformResWithLock(const std::string& label, const std::string& key, std::string& value) const {
    return GetPlatformRes(label, key, value);
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
