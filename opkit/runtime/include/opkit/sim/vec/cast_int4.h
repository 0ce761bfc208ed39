// Cast to and from int4b_t (CANN's Cast.md tables): half <-> int4b_t on the 910B/910_93 and the 950, half -> int4b_t
// on the 310P; int4b_t -> int16_t/bfloat16_t and int16_t -> int4b_t on the 950. An int4b_t tensor holds two values
// to a byte, value i in byte i / 2, the low nibble first (numeric.h); counts and mask slots are in values.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "opkit/sim/vec/common.h"

namespace opkit::sim::detail {

template <typename D, typename S>
inline constexpr bool cast_int4_supported_v =
#if OPKIT_SOC_ARCH == 2201 || OPKIT_SOC_ARCH == 3510
    (std::is_same_v<S, half> && std::is_same_v<D, AscendC::int4b_t>) ||
    (std::is_same_v<S, AscendC::int4b_t> && std::is_same_v<D, half>)
#elif OPKIT_SOC_ARCH == 2002
    (std::is_same_v<S, half> && std::is_same_v<D, AscendC::int4b_t>)
#else
    false
#endif
#if OPKIT_SOC_ARCH == 3510
    || (std::is_same_v<S, AscendC::int4b_t> && one_of_v<D, int16_t, bfloat16>) ||
    (std::is_same_v<S, int16_t> && std::is_same_v<D, AscendC::int4b_t>)
#endif
    ;

// Value i of an int4b_t buffer, sign-extended.
inline int32_t int4_get(const AscendC::int4b_t* p, uint64_t i) {
  const uint8_t byte = p[i / 2].opkit_bits;
  const int32_t nibble = (i % 2 == 0) ? (byte & 0xF) : (byte >> 4);
  return nibble >= 8 ? nibble - 16 : nibble;
}

// Writes value i (its low four bits), leaving the other nibble of the byte as it was.
inline void int4_set(AscendC::int4b_t* p, uint64_t i, int32_t v) {
  uint8_t& byte = p[i / 2].opkit_bits;
  const uint8_t nibble = static_cast<uint8_t>(v & 0xF);
  byte = (i % 2 == 0) ? static_cast<uint8_t>((byte & 0xF0) | nibble)
                     : static_cast<uint8_t>((byte & 0x0F) | (nibble << 4));
}

// A float or integer to int4: rounded per mode (CAST_NONE rounds to nearest even, as CANN's enum says of a lossy
// cast), saturated to [-8, 7]; NaN gives 0, as the other float -> integer casts here.
template <typename S>
int32_t to_int4(S s, AscendC::RoundMode mode) {
  double v;
  if constexpr (is_float16_v<S>) {
    v = static_cast<double>(static_cast<float>(s));
  } else {
    v = static_cast<double>(s);
  }
  if (std::isnan(v)) return 0;
  double r;
  switch (mode) {
    case AscendC::RoundMode::CAST_FLOOR: r = std::floor(v); break;
    case AscendC::RoundMode::CAST_CEIL: r = std::ceil(v); break;
    case AscendC::RoundMode::CAST_TRUNC: r = std::trunc(v); break;
    case AscendC::RoundMode::CAST_ROUND: r = std::round(v); break;
    default: r = std::nearbyint(v); break;
  }
  return r <= -8.0 ? -8 : r >= 7.0 ? 7 : static_cast<int32_t>(r);
}

template <typename D>
D from_int4(int32_t v) {
  if constexpr (is_float16_v<D>) {
    return D(static_cast<float>(v));
  } else {
    return static_cast<D>(v);
  }
}

// The modes CANN's tables list: int4 -> wider and int16 -> int4 take CAST_NONE only; half -> int4 any rounding mode
// but CAST_ODD (and on the 310P CAST_NONE only).
template <typename D, typename S>
void check_int4_mode(AscendC::RoundMode mode, const SourceLoc& where) {
  using AscendC::RoundMode;
  bool ok = mode == RoundMode::CAST_NONE;
#if OPKIT_SOC_ARCH != 2002
  if constexpr (std::is_same_v<S, half>) {
    ok = ok || mode == RoundMode::CAST_RINT || mode == RoundMode::CAST_FLOOR || mode == RoundMode::CAST_CEIL ||
         mode == RoundMode::CAST_ROUND || mode == RoundMode::CAST_TRUNC;
  }
#endif
  if (!ok) {
    fault("Cast", cat("round mode ", static_cast<int>(mode), " is not supported for Cast from ",
                      std::is_same_v<S, half> ? "half" : std::is_same_v<S, int16_t> ? "int16_t" : "int4b_t", " to ",
                      std::is_same_v<D, AscendC::int4b_t> ? "int4b_t" : "a wider type", " on " OPKIT_SOC_NAME
                      " (CANN's Cast table: half -> int4b_t takes CAST_RINT/FLOOR/CEIL/ROUND/TRUNC/NONE where the SoC "
                      "rounds, the other int4b_t pairs CAST_NONE)"),
          where);
  }
}

// Element i of an operand, in values (nibbles for int4b_t).
template <typename T>
uint64_t int4_operand_bytes(uint64_t values) {
  if constexpr (AscendC::opkit_is_int4_v<T>) {
    return (values + 1) / 2;
  } else {
    return values * sizeof(T);
  }
}

template <typename D, typename S>
void cast_int4_count(const LocalTensor<D>& dst, const LocalTensor<S>& src, AscendC::RoundMode mode, uint64_t n,
                     const SourceLoc& where) {
  check_int4_mode<D, S>(mode, where);
  require_ub_operand("Cast", "dst", dst, int4_operand_bytes<D>(n), where);
  require_ub_operand("Cast", "src", src, int4_operand_bytes<S>(n), where);
  for (uint64_t i = 0; i < n; ++i) {
    if constexpr (AscendC::opkit_is_int4_v<D>) {
      int4_set(dst.opkit_addr, i, to_int4(src.opkit_addr[i], mode));
    } else {
      dst.opkit_addr[i] = from_int4<D>(int4_get(src.opkit_addr, i));
    }
  }
}

// Mask form: 128 slots a repeat (256 B of the 16-bit operand); an int4b_t operand's 32-byte block holds 64 values,
// so slot j of repeat r is value (r * repStride + (j / 64) * blkStride) * 64 + j % 64 of it.
inline uint64_t int4_slot(uint32_t r, uint32_t j, uint32_t blk, uint32_t rep) {
  return (uint64_t(r) * rep + uint64_t(j / 64) * blk) * 64 + j % 64;
}

template <typename T>
uint64_t int4_span_bytes(const MaskPlan& p, uint32_t blk, uint32_t rep) {
  if constexpr (!AscendC::opkit_is_int4_v<T>) {
    return span_bytes<T>(p, blk, rep);
  } else {
    uint64_t most = 0;
    for (uint32_t r = 0; r < p.repeats; ++r) {
      const uint32_t top = p.top(r);
      if (top != 0) most = std::max(most, int4_slot(r, top - 1, blk, rep) / 2 + 1);
    }
    return most;
  }
}

template <typename D, typename S, typename M>
void cast_int4_masked(const LocalTensor<D>& dst, const LocalTensor<S>& src, AscendC::RoundMode mode, M mask,
                      int32_t repeatTime, const AscendC::UnaryRepeatParams& params, bool isSetMask,
                      const SourceLoc& where) {
  check_int4_mode<D, S>(mode, where);
  const MaskPlan p = plan_mask("Cast", 128, mask, repeatTime, isSetMask, where);
  require_ub_operand("Cast", "dst", dst, int4_span_bytes<D>(p, params.dstBlkStride, params.dstRepStride), where);
  require_ub_operand("Cast", "src", src, int4_span_bytes<S>(p, params.srcBlkStride, params.srcRepStride), where);
  for_each_slot(p, [&](uint32_t r, uint32_t j) {
    if constexpr (AscendC::opkit_is_int4_v<D>) {
      int4_set(dst.opkit_addr, int4_slot(r, j, params.dstBlkStride, params.dstRepStride),
               to_int4(slot(src, r, j, params.srcBlkStride, params.srcRepStride), mode));
    } else {
      slot(dst, r, j, params.dstBlkStride, params.dstRepStride) =
          from_int4<D>(int4_get(src.opkit_addr, int4_slot(r, j, params.srcBlkStride, params.srcRepStride)));
    }
  });
}

}  // namespace opkit::sim::detail
