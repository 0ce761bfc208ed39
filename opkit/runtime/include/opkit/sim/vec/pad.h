// Pad and UnPad of a [height, width] tensor in UB along width (high-level APIs with PadTiling/UnPadTiling).
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "opkit/sim/pad_tiling.h"
#include "opkit/sim/vec/common.h"

namespace AscendC {

// padValue is an integer in CANN's declaration; it is converted to T (so 321 pads a half tensor with 321.0).
struct PadParams {
  PadParams() = default;
  PadParams(uint16_t leftPadIn, uint16_t rightPadIn, int32_t padValueIn)
      : leftPad(leftPadIn), rightPad(rightPadIn), padValue(padValueIn) {}
  uint16_t leftPad = 0;
  uint16_t rightPad = 0;
  int32_t padValue = 0;
};

struct UnPadParams {
  UnPadParams() = default;
  UnPadParams(uint16_t leftPadIn, uint16_t rightPadIn) : leftPad(leftPadIn), rightPad(rightPadIn) {}
  uint16_t leftPad = 0;
  uint16_t rightPad = 0;
};

}  // namespace AscendC

namespace opkit::sim::detail {

template <typename T>
inline constexpr bool pad_type_v = sizeof(T) == 2 || sizeof(T) == 4;

inline void require_tiled(const char* api, uint32_t height, uint32_t width, const SourceLoc& where) {
  if (height == 0 || width == 0) {
    fault(api, cat("the tiling is empty (srcHeight ", height, ", srcWidth ", width, "): fill it on the host with ",
                   api, "TilingFunc"), where);
  }
}

// Each row of src (srcWidth elements in UB, the first srcOriWidth real) becomes leftPad x padValue, the real
// elements, rightPad x padValue; the padded row must fill whole 32 B blocks and dst rows follow each other.
template <typename T>
void pad(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src, const AscendC::PadParams& params,
         const AscendC::LocalTensor<uint8_t>* tmp, const AscendC::tiling::PadTiling& t, const SourceLoc& where) {
  const char* api = "Pad";
  require_tiled(api, t.srcHeight, t.srcWidth, where);
  const uint64_t h = t.srcHeight, w = t.srcWidth, ori = t.srcOriWidth == 0 ? w : t.srcOriWidth;
  const uint64_t out_w = params.leftPad + ori + params.rightPad;
  if (ori > w) fault(api, cat("the tiling's srcOriWidth ", ori, " is larger than srcWidth ", w), where);
  if (out_w * sizeof(T) % 32 != 0) {
    fault(api, cat("leftPad ", params.leftPad, " + srcOriWidth ", ori, " + rightPad ", params.rightPad, " = ", out_w,
                   " elements x ", sizeof(T), " bytes is not a multiple of 32 bytes"), where);
  }
  if (params.leftPad * sizeof(T) > 32 || params.rightPad * sizeof(T) > 32 + (w - ori) * sizeof(T)) {
    fault(api, cat("leftPad ", params.leftPad, " / rightPad ", params.rightPad, " pads more than one 32-byte block"),
          where);
  }
  require_ub_operand(api, "src", src, h * w * sizeof(T), where);
  require_ub_operand(api, "dst", dst, h * out_w * sizeof(T), where);
  if (tmp != nullptr) require_ub_operand(api, "sharedTmpBuffer", *tmp, 0, where);
  T value;
  if constexpr (is_float16_v<T>) value = T(static_cast<float>(params.padValue));
  else value = static_cast<T>(params.padValue);
  // Rows are staged, last row first, so that dst may be src (in place) even when out_w > w.
  std::vector<T> row(out_w);
  for (uint64_t r = h; r-- > 0;) {
    for (uint64_t j = 0; j < out_w; ++j) {
      row[j] = (j < params.leftPad || j >= params.leftPad + ori) ? value : src.opkit_addr[r * w + j - params.leftPad];
    }
    std::memcpy(static_cast<void*>(dst.opkit_addr + r * out_w), row.data(), out_w * sizeof(T));
  }
}

// Each row of src (srcWidth elements) loses leftPad elements in front and rightPad at the end; dst rows are packed
// (srcWidth - leftPad - rightPad elements each, not padded to 32 B).
template <typename T>
void unpad(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src, const AscendC::UnPadParams& params,
           const AscendC::LocalTensor<uint8_t>* tmp, const AscendC::tiling::UnPadTiling& t, const SourceLoc& where) {
  const char* api = "UnPad";
  require_tiled(api, t.srcHeight, t.srcWidth, where);
  const uint64_t h = t.srcHeight, w = t.srcWidth;
  if (uint64_t(params.leftPad) + params.rightPad >= w) {
    fault(api, cat("leftPad ", params.leftPad, " + rightPad ", params.rightPad, " removes the whole row of ", w,
                   " elements"), where);
  }
  const uint64_t out_w = w - params.leftPad - params.rightPad;
  require_ub_operand(api, "src", src, h * w * sizeof(T), where);
  require_ub_operand(api, "dst", dst, h * out_w * sizeof(T), where);
  if (tmp != nullptr) require_ub_operand(api, "sharedTmpBuffer", *tmp, 0, where);
  for (uint64_t r = 0; r < h; ++r) {
    std::memmove(static_cast<void*>(dst.opkit_addr + r * out_w), src.opkit_addr + r * w + params.leftPad,
                 out_w * sizeof(T));
  }
}

}  // namespace opkit::sim::detail

namespace AscendC {

template <typename T>
void Pad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, PadParams& padParams,
         const LocalTensor<uint8_t>& sharedTmpBuffer, PadTiling& tiling, OPKIT_SIM_HERE) {
  static_assert(opkit::sim::detail::pad_type_v<T>, "Pad: T must be a 16-bit or 32-bit type (half, int16_t, "
                                                   "uint16_t, float, int32_t, uint32_t)");
  opkit::sim::detail::pad(dstTensor, srcTensor, padParams, &sharedTmpBuffer, tiling, where);
}

template <typename T>
void Pad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, PadParams& padParams,
         PadTiling& tiling, OPKIT_SIM_HERE) {
  static_assert(opkit::sim::detail::pad_type_v<T>, "Pad: T must be a 16-bit or 32-bit type (half, int16_t, "
                                                   "uint16_t, float, int32_t, uint32_t)");
  opkit::sim::detail::pad(dstTensor, srcTensor, padParams, nullptr, tiling, where);
}

template <typename T>
void UnPad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, UnPadParams& unPadParams,
           LocalTensor<uint8_t>& sharedTmpBuffer, UnPadTiling& tiling, OPKIT_SIM_HERE) {
  static_assert(opkit::sim::detail::pad_type_v<T>, "UnPad: T must be a 16-bit or 32-bit type (half, int16_t, "
                                                   "uint16_t, float, int32_t, uint32_t)");
  opkit::sim::detail::unpad(dstTensor, srcTensor, unPadParams, &sharedTmpBuffer, tiling, where);
}

template <typename T>
void UnPad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, UnPadParams& unPadParams,
           UnPadTiling& tiling, OPKIT_SIM_HERE) {
  static_assert(opkit::sim::detail::pad_type_v<T>, "UnPad: T must be a 16-bit or 32-bit type (half, int16_t, "
                                                   "uint16_t, float, int32_t, uint32_t)");
  opkit::sim::detail::unpad(dstTensor, srcTensor, unPadParams, nullptr, tiling, where);
}

}  // namespace AscendC
