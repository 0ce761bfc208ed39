// Fused vector instructions (count form): AddRelu, SubRelu, FusedMulAdd, MulAddRelu, MulAddDst, AddReluCast,
// SubReluCast, MulCast; and the fill/gather family: Brcb, CreateVecIndex, Gather.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "opkit/sim/vec/cast.h"
#include "opkit/sim/vec/common.h"

namespace opkit::sim::detail {

// dst[i] = T(f(a[i], b[i], dst[i])) computed in float (or the integer type), rounded once into D.
template <typename D, typename S, typename F>
void fused_count(const char* api, const LocalTensor<D>& dst, const LocalTensor<S>& a, const LocalTensor<S>& b,
                 int64_t count, F f, const SourceLoc& where) {
  const uint64_t n = count_arg(api, count, where);
  require_ub_operand(api, "dst", dst, n * sizeof(D), where);
  require_ub_operand(api, "src0", a, n * sizeof(S), where);
  require_ub_operand(api, "src1", b, n * sizeof(S), where);
  for (uint64_t i = 0; i < n; ++i) {
    dst.opkit_addr[i] = f(compute_t<S>(a.opkit_addr[i]), compute_t<S>(b.opkit_addr[i]), dst.opkit_addr[i]);
  }
}

template <typename C>
inline C relu_of(C x) { return x < C(0) ? C(0) : x; }

// Narrowing with saturation, as the fused *Cast instructions' conversion (half/int16 -> int8 rounds to nearest even).
template <typename D, typename C>
inline D saturate_to(C v) {
  if constexpr (std::is_integral_v<D>) {
    const double r = std::nearbyint(static_cast<double>(v));
    const double lo = static_cast<double>(std::numeric_limits<D>::min());
    const double hi = static_cast<double>(std::numeric_limits<D>::max());
    return static_cast<D>(r < lo ? lo : r > hi ? hi : r);
  } else {
    return D(static_cast<float>(v));
  }
}

}  // namespace opkit::sim::detail

namespace AscendC {

#define OPKIT_VEC_FUSED(NAME, TYPES, EXPR, ...)                                                                \
  template <typename T>                                                                                        \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,                 \
            const int32_t& count, OPKIT_SIM_HERE) {                                                            \
    static_assert(opkit::sim::detail::one_of_v<T, __VA_ARGS__>, #NAME " supports " TYPES " on " OPKIT_SOC_NAME); \
    using C = opkit::sim::detail::compute_t<T>;                                                                \
    opkit::sim::detail::fused_count(#NAME, dst, src0, src1, count,                                             \
                                    [](C x, C y, T d0) { (void)d0; return T(EXPR); }, where);                  \
  }

// dst = Relu(src0 + src1), Relu(src0 - src1): int16_t, half, float.
OPKIT_VEC_FUSED(AddRelu, "int16_t, half and float", opkit::sim::detail::relu_of<C>(C(x + y)), int16_t, half, float)
OPKIT_VEC_FUSED(SubRelu, "int16_t, half and float", opkit::sim::detail::relu_of<C>(C(x - y)), int16_t, half, float)
// dst = src0 * dst + src1 (and its Relu): half, float.
OPKIT_VEC_FUSED(FusedMulAdd, "half and float", x * C(d0) + y, half, float)
OPKIT_VEC_FUSED(MulAddRelu, "half and float", opkit::sim::detail::relu_of<C>(x * C(d0) + y), half, float)
// CANN's older name of MulAddRelu.
OPKIT_VEC_FUSED(FusedMulAddRelu, "half and float", opkit::sim::detail::relu_of<C>(x * C(d0) + y), half, float)
#undef OPKIT_VEC_FUSED

// dst += src0 * src1: (half, half) -> half, (float, float) -> float, (half, half) -> float.
template <typename T, typename U>
void MulAddDst(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,
               const int32_t& count, OPKIT_SIM_HERE) {
  static_assert((std::is_same_v<T, U> && opkit::sim::detail::one_of_v<T, half, float>) ||
                    (std::is_same_v<T, float> && std::is_same_v<U, half>),
                "MulAddDst supports dst/src types half/half, float/float and float/half on " OPKIT_SOC_NAME);
  opkit::sim::detail::fused_count("MulAddDst", dst, src0, src1, count,
                                  [](float x, float y, T d0) { return T(x * y + float(d0)); }, where);
}

// dst = Cast(Relu(src0 +/- src1)): half -> int8_t, int16_t -> int8_t, float -> half.
#define OPKIT_VEC_RELU_CAST(NAME, OPSIGN)                                                                      \
  template <typename T, typename U>                                                                            \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,                 \
            const uint32_t count, OPKIT_SIM_HERE) {                                                            \
    static_assert((std::is_same_v<U, half> && std::is_same_v<T, int8_t>) ||                                    \
                      (std::is_same_v<U, int16_t> && std::is_same_v<T, int8_t>) ||                             \
                      (std::is_same_v<U, float> && std::is_same_v<T, half>),                                   \
                  #NAME " supports src/dst types half/int8_t, int16_t/int8_t and float/half on " OPKIT_SOC_NAME); \
    using C = opkit::sim::detail::compute_t<U>;                                                                \
    opkit::sim::detail::fused_count(#NAME, dst, src0, src1, int64_t(count), [](C x, C y, T) {                  \
      const C r = std::is_same_v<U, half> ? C(float(half(float(x OPSIGN y)))) : C(x OPSIGN y);                 \
      return opkit::sim::detail::saturate_to<T>(opkit::sim::detail::relu_of<C>(r));                            \
    }, where);                                                                                                 \
  }
OPKIT_VEC_RELU_CAST(AddReluCast, +)
OPKIT_VEC_RELU_CAST(SubReluCast, -)
#undef OPKIT_VEC_RELU_CAST

// dst = Cast(src0 * src1): half -> int8_t / uint8_t (the product rounded to half first).
template <typename T, typename U>
void MulCast(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1, uint32_t count,
             OPKIT_SIM_HERE) {
  static_assert(std::is_same_v<U, half> && opkit::sim::detail::one_of_v<T, int8_t, uint8_t>,
                "MulCast supports src/dst types half/int8_t and half/uint8_t on " OPKIT_SOC_NAME);
  opkit::sim::detail::fused_count("MulCast", dst, src0, src1, int64_t(count), [](float x, float y, T) {
    return opkit::sim::detail::saturate_to<T>(float(half(x * y)));
  }, where);
}

// ---- Brcb: each repeat takes 8 elements of src and fills one 32-byte block of dst with each ----
struct BrcbRepeatParams {
  BrcbRepeatParams() = default;
  BrcbRepeatParams(uint16_t dstBlkStrideIn, uint16_t dstRepStrideIn)
      : dstBlkStride(dstBlkStrideIn), dstRepStride(dstRepStrideIn) {}
  uint32_t blockNumber = 8;
  uint16_t dstBlkStride = 1;
  uint16_t src1BlkStride = 1;
  uint16_t dstRepStride = 8;
  uint16_t src1RepStride = 8;
  bool repeatStrideMode = false;
  bool strideSizeMode = false;
};

template <typename T>
void Brcb(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint8_t repeatTime,
          const BrcbRepeatParams& repeatParams, OPKIT_SIM_HERE) {
  static_assert(opkit::sim::detail::one_of_v<T, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float>,
                "Brcb supports int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t and float on " OPKIT_SOC_NAME);
  namespace d = opkit::sim::detail;
  const uint64_t blk = repeatParams.dstBlkStride == 0 ? 1 : repeatParams.dstBlkStride;  // 0 means 1 (CANN's doc)
  const uint64_t rep = repeatParams.dstRepStride;
  constexpr uint64_t per = 32 / sizeof(T);
  if (repeatTime == 0) return;
  const uint64_t last = ((repeatTime - 1) * rep + 7 * blk) * 32 + 32;
  d::require_ub_operand("Brcb", "src", src, uint64_t(repeatTime) * 8 * sizeof(T), where);
  d::require_ub_operand("Brcb", "dst", dst, last, where);
  auto* out = reinterpret_cast<uint8_t*>(dst.opkit_addr);
  for (uint64_t r = 0; r < repeatTime; ++r) {
    for (uint64_t k = 0; k < 8; ++k) {
      T* block = reinterpret_cast<T*>(out + (r * rep + k * blk) * 32);
      const T v = src.opkit_addr[r * 8 + k];
      for (uint64_t j = 0; j < per; ++j) block[j] = v;
    }
  }
}

// dst[i] = firstValue + i: int16_t, half, int32_t, float.
template <typename T>
void CreateVecIndex(LocalTensor<T> dst, const T& firstValue, uint32_t count, OPKIT_SIM_HERE) {
  static_assert(opkit::sim::detail::one_of_v<T, int16_t, half, int32_t, float>,
                "CreateVecIndex supports int16_t, half, int32_t and float on " OPKIT_SOC_NAME);
  opkit::sim::detail::require_ub_operand("CreateVecIndex", "dst", dst, uint64_t(count) * sizeof(T), where);
  using C = opkit::sim::detail::compute_t<T>;
  for (uint32_t i = 0; i < count; ++i) dst.opkit_addr[i] = T(C(firstValue) + C(i));
}

// dst[i] = the element at byte offset srcBaseOffset + srcOffset[i] of src (offsets in BYTES, element aligned).
template <typename T>
void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& srcOffset,
            const uint32_t srcBaseOffset, const uint32_t count, OPKIT_SIM_HERE) {
  static_assert(opkit::sim::detail::one_of_v<T, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float>,
                "Gather supports int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t and float on " OPKIT_SOC_NAME);
  namespace d = opkit::sim::detail;
  d::require_ub_operand("Gather", "dst", dst, uint64_t(count) * sizeof(T), where);
  d::require_ub_operand("Gather", "srcOffset", srcOffset, uint64_t(count) * 4, where);
  d::require_ub_operand("Gather", "src", src, sizeof(T), where);
  const uint64_t have = uint64_t(src.opkit_count) * sizeof(T);
  for (uint32_t i = 0; i < count; ++i) {
    const uint64_t off = uint64_t(srcBaseOffset) + srcOffset.opkit_addr[i];
    if (off % sizeof(T) != 0 || off + sizeof(T) > have) {
      d::fault("Gather", d::cat("srcBaseOffset ", srcBaseOffset, " + srcOffset[", i, "] ", srcOffset.opkit_addr[i],
                                " = byte ", off, off % sizeof(T) != 0 ? " is not a multiple of the element size"
                                                                      : " is past the end of src (", have, " bytes)"),
               where);
    }
    dst.opkit_addr[i] = src.opkit_addr[off / sizeof(T)];
  }
}

}  // namespace AscendC
