// Tiling structs of Pad and UnPad (CANN's field names and order), shared by host tiling code and kernels.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "opkit/host/tiling_buffer.h"

#define OPKIT_PAD_TILING_FIELD(name)                         \
  uint32_t name = 0;                                         \
  void set_##name(uint32_t value) { name = value; }          \
  uint32_t get_##name() const { return name; }

// What CANN's BEGIN_TILING_DATA_DEF classes (optiling::PadTiling is one) have besides the fields.
#define OPKIT_PAD_TILING_BUFFER(class_name)                                                       \
  size_t GetDataSize() const { return sizeof(class_name); }                                       \
  void SaveToBuffer(void* data, size_t capacity) const {                                          \
    ::opkit::host::detail::save_tiling(this, sizeof(class_name), data, capacity, #class_name);    \
  }

namespace AscendC::tiling {

// The simulator reads srcHeight, srcWidth (the UB row length, whole 32 B blocks) and srcOriWidth (the real one);
// the rest is the device's loop plan, filled by PadTilingFunc for layout compatibility.
struct PadTiling {
  OPKIT_PAD_TILING_FIELD(srcHeight)
  OPKIT_PAD_TILING_FIELD(srcWidth)
  OPKIT_PAD_TILING_FIELD(srcOriWidth)
  OPKIT_PAD_TILING_FIELD(widthWithoutLastBlock)
  OPKIT_PAD_TILING_FIELD(blocksPerRow)
  OPKIT_PAD_TILING_FIELD(heightTiling)
  OPKIT_PAD_TILING_FIELD(heightFractal)
  OPKIT_PAD_TILING_FIELD(heightFractalTail)
  OPKIT_PAD_TILING_FIELD(mainLoopOffset)
  OPKIT_PAD_TILING_FIELD(tailBlockOffset)
  OPKIT_PAD_TILING_FIELD(tmpBuffer1BlockNum)
  OPKIT_PAD_TILING_FIELD(tmpBuffer1RowNum)
  OPKIT_PAD_TILING_FIELD(tmpBuffer2Offset)
  OPKIT_PAD_TILING_FIELD(widthTiling)
  OPKIT_PAD_TILING_FIELD(widthFractal)
  OPKIT_PAD_TILING_FIELD(widthFractalTail)
  OPKIT_PAD_TILING_FIELD(widthFractalTailAlingned)
  OPKIT_PAD_TILING_FIELD(brcbTiling)
  OPKIT_PAD_TILING_FIELD(brcbFractal)
  OPKIT_PAD_TILING_FIELD(brcbFractalTail)
  OPKIT_PAD_TILING_FIELD(maxRepeatTimes)
  OPKIT_PAD_TILING_FIELD(brcbTilingRepeatTimes)
  OPKIT_PAD_TILING_FIELD(brcbTilingRepeatTimesTail)
  OPKIT_PAD_TILING_FIELD(brcbFractalTailRepeatTimes)
  OPKIT_PAD_TILING_FIELD(brcbFractalTailRepeatTimesTail)
  OPKIT_PAD_TILING_FIELD(reserved)
  OPKIT_PAD_TILING_BUFFER(PadTiling)
};

// The simulator reads srcHeight and srcWidth.
struct UnPadTiling {
  OPKIT_PAD_TILING_FIELD(srcHeight)
  OPKIT_PAD_TILING_FIELD(srcWidth)
  OPKIT_PAD_TILING_FIELD(tmpBuffer1BlockNum)
  OPKIT_PAD_TILING_FIELD(tmpBuffer1RowNum)
  OPKIT_PAD_TILING_FIELD(tmpBuffer2Offset)
  OPKIT_PAD_TILING_FIELD(widthTiling)
  OPKIT_PAD_TILING_FIELD(widthFractal)
  OPKIT_PAD_TILING_FIELD(widthFractalTail)
  OPKIT_PAD_TILING_BUFFER(UnPadTiling)
};

static_assert(std::is_trivially_copyable_v<PadTiling> && sizeof(PadTiling) == 104,
              "PadTiling must be CANN's 26 plain uint32 fields");
static_assert(std::is_trivially_copyable_v<UnPadTiling> && sizeof(UnPadTiling) == 32,
              "UnPadTiling must be CANN's 8 plain uint32 fields");

}  // namespace AscendC::tiling

#undef OPKIT_PAD_TILING_FIELD
#undef OPKIT_PAD_TILING_BUFFER

using PadTiling = AscendC::tiling::PadTiling;
using UnPadTiling = AscendC::tiling::UnPadTiling;

namespace optiling {
using PadTiling = AscendC::tiling::PadTiling;
using UnPadTiling = AscendC::tiling::UnPadTiling;
}  // namespace optiling
