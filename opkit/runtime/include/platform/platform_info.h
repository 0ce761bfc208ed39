// The header CANN's platform library declares fe::PlatFormInfos in (with its manager, which tiling code never needs):
// TilingContext::GetPlatformInfo() returns one, backed by an opkit SoC profile (platform/platform_infos_def.h).
#pragma once

#include "platform/platform_infos_def.h"
