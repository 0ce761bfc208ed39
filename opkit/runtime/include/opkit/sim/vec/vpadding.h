// VectorPadding (Ascend310P AI Core only): each 32 B block of dst is the padding CANN's documentation draws next to
// the same block of src. (?) CANN documents the pattern only by example ("aaa|abc", "cba|abc", "xcb|abc" for a
// block a..p): opkit reads dst's block as that whole padding block, which is what the documented result shows
// (mode 0 on the left turns a block of 6.938 ... 1.778 into 6.938 throughout).
//   padMode 0: the nearest element, src[0] (padSide false, the left) or src[last] (true, the right), everywhere;
//   padMode 1: the block mirrored, dst[k] = src[last - k] (either side);
//   padMode 2: mirrored past the edge element, which is dropped; the far end is 0:
//              left dst = {0, src[last], ..., src[1]}, right dst = {src[last - 1], ..., src[0], 0}.
#pragma once

#include <cstdint>
#include <type_traits>
#include <vector>

#include "opkit/sim/vec/common.h"

namespace opkit::sim::detail {

template <typename T>
inline constexpr bool vpadding_type_v =
    std::is_same_v<T, int16_t> || std::is_same_v<T, uint16_t> || std::is_same_v<T, half> ||
    std::is_same_v<T, int32_t> || std::is_same_v<T, uint32_t> || std::is_same_v<T, float>;

// Element k of the padding block of `block` (E elements).
template <typename T, typename Get>
T vpadding_value(uint8_t mode, bool right, uint32_t k, uint32_t e, Get block) {
  switch (mode) {
    case 0: return block(right ? e - 1 : 0);
    case 1: return block(e - 1 - k);
    default:
      if (right) return k == e - 1 ? T(0) : block(e - 2 - k);
      return k == 0 ? T(0) : block(e - k);
  }
}

inline void vpadding_mode_check(uint8_t mode, const SourceLoc& where) {
  if (mode > 2) fault("VectorPadding", cat("padMode ", int(mode), " is outside [0, 2]"), where);
}

template <typename T>
void vpadding_masked(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src, uint8_t mode, bool right,
                     const MaskPlan& p, const AscendC::UnaryRepeatParams& s, const SourceLoc& where) {
  const char* api = "VectorPadding";
  vpadding_mode_check(mode, where);
  if (BlockRecord* r = current_block().rec) {
    r->note_strides(api, s.dstBlkStride, s.srcBlkStride, 1, s.dstRepStride, s.srcRepStride, 8);
  }
  require_ub_operand(api, "dst", dst, span_bytes<T>(p, s.dstBlkStride, s.dstRepStride), where);
  require_ub_operand(api, "src", src, span_bytes<T>(p, s.srcBlkStride, s.srcRepStride), where);
  constexpr uint32_t e = 32 / sizeof(T);
  // Read every source block a repeat touches before writing, so dst may be src.
  std::vector<T> out;
  std::vector<T*> at;
  for_each_slot(p, [&](uint32_t r, uint32_t j) {
    const uint32_t first = j / e * e;
    auto block = [&](uint32_t m) { return T(slot(src, r, first + m, s.srcBlkStride, s.srcRepStride)); };
    out.push_back(vpadding_value<T>(mode, right, j - first, e, block));
    at.push_back(&slot(dst, r, j, s.dstBlkStride, s.dstRepStride));
  });
  for (size_t i = 0; i < out.size(); ++i) *at[i] = out[i];
}

template <typename T>
void vpadding_count(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src, uint8_t mode, bool right,
                    int64_t count, const SourceLoc& where) {
  const char* api = "VectorPadding";
  vpadding_mode_check(mode, where);
  constexpr uint32_t e = 32 / sizeof(T);
  const uint64_t n = count_arg(api, count, where);
  // Whole source blocks are read: the block holding the last counted element too.
  require_ub_operand(api, "dst", dst, n * sizeof(T), where);
  require_ub_operand(api, "src", src, (n + e - 1) / e * e * sizeof(T), where);
  const T* s = reinterpret_cast<const T*>(src.opkit_addr);
  std::vector<T> out(n);
  for (uint64_t i = 0; i < n; ++i) {
    const uint64_t first = i / e * e;
    out[i] = vpadding_value<T>(mode, right, static_cast<uint32_t>(i - first), e,
                               [&](uint32_t m) { return s[first + m]; });
  }
  T* d = reinterpret_cast<T*>(dst.opkit_addr);
  for (uint64_t i = 0; i < n; ++i) d[i] = out[i];
}

}  // namespace opkit::sim::detail

namespace AscendC {

#define OPKIT_VPADDING_CHECKS(T)                                                                                  \
  static_assert(::opkit::sim::detail::vpadding_type_v<T>,                                                        \
                "VectorPadding: T must be int16_t, uint16_t, half, int32_t, uint32_t or float");                 \
  static_assert(OPKIT_SOC_ARCH == 2002 || ::opkit::sim::detail::always_false_v<T>,                              \
                "VectorPadding is available on Ascend310P only (CANN implements it for dav-2002); this kernel is " \
                "compiled for " OPKIT_SOC_NAME)

template <typename T>
void VectorPadding(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint8_t padMode, const bool padSide,
                   const uint32_t count, OPKIT_SIM_HERE) {
  OPKIT_VPADDING_CHECKS(T);
  opkit::sim::detail::vpadding_count(dst, src, padMode, padSide, count, where);
}

template <typename T, bool isSetMask = true>
void VectorPadding(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint8_t padMode, const bool padSide,
                   const uint64_t mask[], const uint8_t repeatTime, const UnaryRepeatParams& repeatParams,
                   OPKIT_SIM_HERE) {
  OPKIT_VPADDING_CHECKS(T);
  namespace d = opkit::sim::detail;
  d::vpadding_masked(dst, src, padMode, padSide,
                     d::plan_mask("VectorPadding", d::kRepeatElems<T>, mask, repeatTime, isSetMask), repeatParams,
                     where);
}

template <typename T, bool isSetMask = true>
void VectorPadding(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint8_t padMode, const bool padSide,
                   const uint64_t mask, const uint8_t repeatTime, const UnaryRepeatParams& repeatParams,
                   OPKIT_SIM_HERE) {
  OPKIT_VPADDING_CHECKS(T);
  namespace d = opkit::sim::detail;
  d::vpadding_masked(dst, src, padMode, padSide,
                     d::plan_mask("VectorPadding", d::kRepeatElems<T>, mask, repeatTime, isSetMask), repeatParams,
                     where);
}

#undef OPKIT_VPADDING_CHECKS

}  // namespace AscendC
