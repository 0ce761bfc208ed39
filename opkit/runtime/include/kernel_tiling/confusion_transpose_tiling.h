// ConfusionTransposeTiling (CANN's confusion_transpose_tilingdata.h): param0..param17, plain uint32 fields with
// set_/get_ accessors, one struct aliased as ::ConfusionTransposeTiling and optiling::ConfusionTransposeTiling.
#pragma once

#include <cstdint>
#include <type_traits>

#define OPKIT_CT_FIELD(name)                                     \
  uint32_t name = 0;                                             \
  void set_##name(uint32_t value) { name = value; }              \
  uint32_t get_##name() const { return name; }

namespace AscendC::tiling {

struct ConfusionTransposeTiling {
  OPKIT_CT_FIELD(param0)
  OPKIT_CT_FIELD(param1)
  OPKIT_CT_FIELD(param2)
  OPKIT_CT_FIELD(param3)
  OPKIT_CT_FIELD(param4)
  OPKIT_CT_FIELD(param5)
  OPKIT_CT_FIELD(param6)
  OPKIT_CT_FIELD(param7)
  OPKIT_CT_FIELD(param8)
  OPKIT_CT_FIELD(param9)
  OPKIT_CT_FIELD(param10)
  OPKIT_CT_FIELD(param11)
  OPKIT_CT_FIELD(param12)
  OPKIT_CT_FIELD(param13)
  OPKIT_CT_FIELD(param14)
  OPKIT_CT_FIELD(param15)
  OPKIT_CT_FIELD(param16)
  OPKIT_CT_FIELD(param17)
};

static_assert(std::is_trivially_copyable_v<ConfusionTransposeTiling> && sizeof(ConfusionTransposeTiling) == 72,
              "ConfusionTransposeTiling must be CANN's 18 uint32 fields");

}  // namespace AscendC::tiling

#undef OPKIT_CT_FIELD

using ConfusionTransposeTiling = AscendC::tiling::ConfusionTransposeTiling;
namespace optiling {
using ConfusionTransposeTiling = AscendC::tiling::ConfusionTransposeTiling;
}  // namespace optiling
