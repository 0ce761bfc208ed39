// CANN's opdev/platform.h on the CPU: the SoC the library was built for (`opkit build --soc`).
#pragma once

#include <cstring>
#include <string>

namespace op {
// CANN's order and values: op_api code compares ranges (`>= ASCEND910B && <= ASCEND910E`: the 910B family onwards).
enum class SocVersion { ASCEND910 = 0, ASCEND910B, ASCEND910_93, ASCEND910_95, ASCEND910E, ASCEND310, ASCEND310P,
                        ASCEND310B, ASCEND310C, ASCEND610LITE, KIRINX90, RESERVED_VERSION = 99999 };

class PlatformInfo {
public:
    explicit PlatformInfo(SocVersion v) : soc_(v) {}
    SocVersion GetSocVersion() const { return soc_; }
    bool Valid() const { return true; }

private:
    SocVersion soc_;
};

// The family of the SoC name (Ascend910B2 -> ASCEND910B, Ascend910_9392 -> ASCEND910_93).
inline SocVersion SocOf(const std::string& name)
{
    auto starts = [&](const char* p) { return name.rfind(p, 0) == 0; };
    if (starts("Ascend910_93")) return SocVersion::ASCEND910_93;
    if (starts("Ascend910_95")) return SocVersion::ASCEND910_95;
    if (starts("Ascend910B")) return SocVersion::ASCEND910B;
    if (starts("Ascend910")) return SocVersion::ASCEND910;
    if (starts("Ascend310P")) return SocVersion::ASCEND310P;
    if (starts("Ascend310B")) return SocVersion::ASCEND310B;
    if (starts("Ascend310")) return SocVersion::ASCEND310;
    return SocVersion::RESERVED_VERSION;
}

#ifndef OPKIT_PROJECT_SOC
#define OPKIT_PROJECT_SOC "Ascend910B1"
#endif
inline const PlatformInfo& GetCurrentPlatformInfo()
{
    static const PlatformInfo info(SocOf(OPKIT_PROJECT_SOC));
    return info;
}
}  // namespace op
