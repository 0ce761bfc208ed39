// GatherMask: pack the elements of src0 that a bit pattern (a tensor, or one of 7 built-in patterns) selects.
#pragma once

#include <cstdint>
#include <type_traits>

#include "opkit/sim/scalar_api.h"
#include "opkit/sim/vec/common.h"
#include "opkit/sim/ub_scratch.h"

namespace AscendC {

enum class GatherMaskMode : uint8_t { VERSION_V1 = 0, VERSION_V2 = 1 };
inline constexpr GatherMaskMode defaultGatherMaskMode = GatherMaskMode::VERSION_V2;
inline constexpr GatherMaskMode defaultGahterMaskMode = GatherMaskMode::VERSION_V2;  // CANN's old misspelling

// src0BlockStride in 32 B blocks inside a repeat; src0RepeatStride and src1RepeatStride in 32 B blocks between repeats.
struct GatherMaskParams {
  GatherMaskParams() = default;
  GatherMaskParams(const uint8_t src0BlockStrideIn, const uint16_t repeatTimesIn, const uint16_t src0RepeatStrideIn,
                   const uint8_t src1RepeatStrideIn)
      : src0BlockStride(src0BlockStrideIn), repeatTimes(repeatTimesIn), src0RepeatStride(src0RepeatStrideIn),
        src1RepeatStride(src1RepeatStrideIn) {}
  uint8_t src0BlockStride = 1;
  uint16_t repeatTimes = 0;
  uint16_t src0RepeatStride = 8;
  uint8_t src1RepeatStride = 8;
};

}  // namespace AscendC

namespace opkit::sim::detail {

// The count the last GatherMask kept (GetGatherMaskRemainCount).
struct GatherRemainTag {};
inline int64_t& gather_mask_remain() { return per_block<int64_t, GatherRemainTag>(); }

// Built-in patterns 1..7 over element j: 1 even, 2 odd, 3..6 j % 4 == 0..3, 7 all.
inline bool builtin_pattern(uint8_t pattern, uint32_t j) {
  if (pattern == 1) return j % 2 == 0;
  if (pattern == 2) return j % 2 == 1;
  if (pattern == 7) return true;
  return j % 4 == static_cast<uint32_t>(pattern - 3);
}

// `bit(r, j)`: is element j of repeat r selected. Both modes run gatherMaskParams.repeatTimes repeats. reduceMode false
// (normal): each repeat covers 256 B (mask ignored, as CANN documents). reduceMode true (counter mode, as Ascend910B
// runs it): each repeat covers the first `mask` elements from its start, continuing over further 32 B blocks when
// `mask` is more than a repeat holds; a kernel that passes the total count with repeatTimes 1 gets the same result.
template <typename T, typename Bit>
uint64_t gather_mask(const char* api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src0,
                     bool reduce_mode, uint32_t mask, const AscendC::GatherMaskParams& p, Bit bit,
                     const SourceLoc& where) {
  static_assert(sizeof(T) == 2 || sizeof(T) == 4, "GatherMask: T must be a 16-bit or 32-bit type (half, "
                                                  "bfloat16_t, int16_t, uint16_t, float, int32_t, uint32_t)");
  const uint32_t repeats = p.repeatTimes;
  if (repeats > 255) fault(api, cat("repeatTimes ", repeats, " is outside [0, 255]"), where);
  if (reduce_mode && mask == 0) fault(api, "reduceMode is true (counter mode) but mask (the element count) is 0", where);
  const uint32_t per = reduce_mode ? mask : kRepeatElems<T>;
  const uint32_t blk = p.src0BlockStride, rep = p.src0RepeatStride;
  uint64_t src_span = 0;
  if (repeats > 0) src_span = slot_offset<T>(repeats - 1, per - 1, blk, rep) + sizeof(T);
  require_ub_operand(api, "src0", src0, src_span, where);
  require_ub_operand(api, "dst", dst, 0, where);
  uint64_t kept = 0;
  for (uint32_t r = 0; r < repeats; ++r) {
    for (uint32_t j = 0; j < per; ++j) {
      if (!bit(r, j)) continue;
      if (kept >= dst.opkit_count) {
        fault(api, cat("dst holds ", dst.opkit_count, " elements but the pattern selects more"), where);
      }
      dst.opkit_addr[kept++] = slot(src0, r, j, blk, rep);
    }
  }
  gather_mask_remain() = static_cast<int64_t>(kept);
  return kept;
}

}  // namespace opkit::sim::detail

namespace AscendC {

// src1Pattern: bit j of the pattern (LSB first) selects element j of the repeat; U is uint16_t for 16-bit T and
// uint32_t for 32-bit T. Each repeat reads its bits src1RepeatStride x 32 bytes after the previous repeat's.
template <typename T, typename U, GatherMaskMode mode = defaultGatherMaskMode>
void GatherMask(const LocalTensor<T>& dstLocal, const LocalTensor<T>& src0Local, const LocalTensor<U>& src1Pattern,
                const bool reduceMode, const uint32_t mask, const GatherMaskParams& gatherMaskParams,
                uint64_t& rsvdCnt, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  static_assert((sizeof(T) == 2 && std::is_same_v<U, uint16_t>) || (sizeof(T) == 4 && std::is_same_v<U, uint32_t>),
                "GatherMask: src1Pattern must be LocalTensor<uint16_t> for 16-bit T and LocalTensor<uint32_t> for "
                "32-bit T");
  const uint32_t per = reduceMode ? mask : d::kRepeatElems<T>;
  const uint32_t repeats = gatherMaskParams.repeatTimes;
  const uint64_t step = uint64_t(gatherMaskParams.src1RepeatStride) * 32;
  const uint64_t need = repeats == 0 || per == 0 ? 0 : (repeats - 1) * step + (per + 7) / 8;
  d::require_ub_operand("GatherMask", "src1Pattern", src1Pattern, need, where);
  if (reduceMode && sizeof(T) == 4) {  // 310B: the pattern's bytes, per step (ub_scratch.h)
    d::ub_scratch_write("GatherMask", nullptr, 32, "the pattern bits of a step", where);
  }
  const auto* bits = reinterpret_cast<const uint8_t*>(src1Pattern.opkit_addr);
  rsvdCnt = d::gather_mask("GatherMask", dstLocal, src0Local, reduceMode, mask, gatherMaskParams,
                           [&](uint32_t r, uint32_t j) { return (bits[r * step + j / 8] >> (j % 8)) & 1u; }, where);
#if OPKIT_SOC_ARCH == 3510
  detail::ar_spr() = static_cast<int64_t>(rsvdCnt * sizeof(T));  // Ascend 950 gathers through AR (GetSpr)
#endif
}

// src1Pattern 1..7: 1 = elements 0, 2, 4, ...; 2 = 1, 3, 5, ...; 3..6 = every 4th from 0..3; 7 = all.
template <typename T, GatherMaskMode mode = defaultGatherMaskMode>
void GatherMask(const LocalTensor<T>& dstLocal, const LocalTensor<T>& src0Local, const uint8_t src1Pattern,
                const bool reduceMode, const uint32_t mask, const GatherMaskParams& gatherMaskParams,
                uint64_t& rsvdCnt, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  if (src1Pattern < 1 || src1Pattern > 7) {
    d::fault("GatherMask", d::cat("src1Pattern ", int(src1Pattern), " is outside [1, 7] (the built-in patterns)"),
             where);
  }
  if (d::current_block().ub_scratch != 0) {  // 310B: the pattern's 32-bit word, 8 times (ub_scratch.h)
    static constexpr uint32_t kWords[8] = {0, 1431655765, 2863311530, 286331153, 572662306, 1145324612, 2290649224,
                                           4294967295};
    uint32_t words[8];
    for (uint32_t& w : words) w = kWords[src1Pattern];
    d::ub_scratch_write("GatherMask", words, 32, "the pattern's bits", where);
  }
  rsvdCnt = d::gather_mask("GatherMask", dstLocal, src0Local, reduceMode, mask, gatherMaskParams,
                           [&](uint32_t, uint32_t j) { return d::builtin_pattern(src1Pattern, j); }, where);
#if OPKIT_SOC_ARCH == 3510
  detail::ar_spr() = static_cast<int64_t>(rsvdCnt * sizeof(T));  // Ascend 950 gathers through AR (GetSpr)
#endif
}

inline int64_t GetGatherMaskRemainCount() { return opkit::sim::detail::gather_mask_remain(); }

}  // namespace AscendC
