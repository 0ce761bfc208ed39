// Mc2InitTiling and Mc2CcTiling, the HCCL parts of an MC2 op's tiling struct (CANN's kernel_tiling.h sizes), and the
// layout opkit's Mc2CcTilingConfig writes into them (CANN's Mc2HcommCfg fields) for the kernel's Hccl client.
#pragma once

#include <cstdint>

#pragma pack(push, 8)
struct Mc2InitTiling {
  uint8_t reserved[64] = {};
};
struct Mc2CcTiling {
  uint8_t reserved[280] = {};
};
#pragma pack(pop)

namespace AscendC::tiling {
using ::Mc2CcTiling;
using ::Mc2InitTiling;
}  // namespace AscendC::tiling

namespace opkit::sim::detail {

#pragma pack(push, 8)
struct Mc2InitLayout {  // in Mc2InitTiling
  uint32_t version = 0;
  uint8_t debugMode = 0;
  uint8_t reserved[59] = {};
};
struct Mc2CcLayout {  // in Mc2CcTiling: 280 bytes
  uint8_t skipLocalRankCopy = 0;
  uint8_t skipBufferWindowCopy = 0;
  uint8_t stepSize = 0;
  char reserved[13] = {};
  char groupName[128] = {};
  char algConfig[128] = {};
  uint32_t opType = 0;
  uint32_t reduceType = 0;
};
#pragma pack(pop)
static_assert(sizeof(Mc2CcLayout) == sizeof(Mc2CcTiling), "the cc layout fills Mc2CcTiling");
static_assert(sizeof(Mc2InitLayout) == sizeof(Mc2InitTiling), "the init layout fills Mc2InitTiling");

}  // namespace opkit::sim::detail
