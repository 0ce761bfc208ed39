// Ascend 950's quantization APIs: Quantize, Dequantize and AntiQuantize (below).
// Quantize (asc-devkit include/adv_api/quantization/quantize.h): src [m, n] of half, float or bfloat16_t to int8_t,
// per tensor (scalar scale/offset), per channel (scale/offset [n]) or per token (scale/offset [m]). As CANN's
// implementation (impl/adv_api/detail/quantization/quantize/quantize_impl.h): in float, y = float(x) * float(scale)
// (+ float(offset)), each step rounded to float; then y rounded by config.roundMode (CAST_RINT, CAST_ROUND, CAST_CEIL,
// CAST_FLOOR, CAST_TRUNC; another mode rounds half to even) and saturated to int8.
// Not simulated yet: the PER_GROUP policy and the fp8/hifloat8/fp4 outputs (a compile error says so).
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "opkit/sim/vec/binary950.h"
#include "opkit/sim/vec/common.h"

namespace AscendC {

enum class QuantizePolicy : int32_t { PER_TENSOR, PER_CHANNEL, PER_TOKEN, PER_GROUP };
struct QuantizeConfig {
  QuantizePolicy policy;
  bool hasOffset;
  RoundMode roundMode = RoundMode::CAST_RINT;
  int32_t kDim = 1;
};
struct QuantizeParams {
  uint32_t m;
  uint32_t n;
  uint32_t groupSize = 0;
};

}  // namespace AscendC

namespace opkit::sim::detail {

template <AscendC::RoundMode mode>
int8_t quantize_to_int8(float y) {
  double r;
  if constexpr (mode == AscendC::RoundMode::CAST_ROUND) r = std::round(double(y));
  else if constexpr (mode == AscendC::RoundMode::CAST_CEIL) r = std::ceil(double(y));
  else if constexpr (mode == AscendC::RoundMode::CAST_FLOOR) r = std::floor(double(y));
  else if constexpr (mode == AscendC::RoundMode::CAST_TRUNC) r = std::trunc(double(y));
  else r = std::nearbyint(double(y));
  if (r != r) return 0;
  return static_cast<int8_t>(r < -128 ? -128 : r > 127 ? 127 : r);
}

template <typename T>
float quantize_operand(const char* api, const char* role, const T& v, uint32_t i, uint32_t count,
                       const SourceLoc& where) {
  if constexpr (is_local_tensor_v<T>) {
    require_ub_operand(api, role, v, uint64_t(count) * sizeof(typename T::PrimType), where);
    return static_cast<float>(v.opkit_addr[i]);
  } else {
    (void)api, (void)role, (void)i, (void)count, (void)where;
    return static_cast<float>(v);
  }
}

template <typename T>
struct quantize_prim {
  using type = T;
};
template <typename T>
struct quantize_prim<AscendC::LocalTensor<T>> {
  using type = T;
};

}  // namespace opkit::sim::detail

namespace AscendC {

template <const QuantizeConfig& config, typename DstT, typename SrcT, typename ScaleT, typename OffsetT>
void Quantize(const LocalTensor<DstT>& dstTensor, const LocalTensor<SrcT>& srcTensor, const ScaleT& scale,
              const OffsetT& offset, const QuantizeParams& params, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  using S = typename d::quantize_prim<ScaleT>::type;
  static_assert(OPKIT_SOC_ARCH == 3510 || !std::is_same_v<DstT, DstT>,
                "Quantize is available on Ascend950 only (CANN implements it for dav-3510); this kernel is compiled "
                "for " OPKIT_SOC_NAME);
  static_assert(d::one_of_v<SrcT, half, float, bfloat16_t>, "Quantize supports half, float and bfloat16_t sources");
  static_assert(d::one_of_v<S, half, float, bfloat16_t> && (std::is_same_v<S, SrcT> || std::is_same_v<S, float>),
                "Quantize's scale is of the source type or float");
  static_assert(std::is_same_v<S, typename d::quantize_prim<OffsetT>::type>,
                "Quantize: scale and offset should be the same PrimType");
  static_assert(std::is_same_v<DstT, int8_t>,
                "opkit simulates Quantize to int8_t only; the fp8/hifloat8/fp4 outputs are not simulated yet");
  static_assert(config.policy != QuantizePolicy::PER_GROUP,
                "opkit does not simulate Quantize's PER_GROUP policy yet (PER_TENSOR, PER_CHANNEL, PER_TOKEN are)");
  static_assert(config.policy != QuantizePolicy::PER_TENSOR || !d::is_local_tensor_v<ScaleT>,
                "Quantize PER_TENSOR takes a scalar scale and offset");
  static_assert(config.policy == QuantizePolicy::PER_TENSOR || d::is_local_tensor_v<ScaleT>,
                "Quantize PER_CHANNEL and PER_TOKEN take the scale as a LocalTensor");
  if (params.n % 32 != 0) {
    d::fault("Quantize", d::cat("params.n ", params.n, " is not a multiple of 32 (CANN: n must be 32B aligned)"),
             where);
  }
  const uint64_t count = uint64_t(params.m) * params.n;
  d::require_ub_operand("Quantize", "dstTensor", dstTensor, count * sizeof(DstT), where);
  d::require_ub_operand("Quantize", "srcTensor", srcTensor, count * sizeof(SrcT), where);
  const uint32_t per = config.policy == QuantizePolicy::PER_CHANNEL ? params.n : params.m;
  for (uint32_t i = 0; i < params.m; ++i) {
    for (uint32_t j = 0; j < params.n; ++j) {
      const uint32_t k = config.policy == QuantizePolicy::PER_CHANNEL ? j : i;
      float y = static_cast<float>(srcTensor.opkit_addr[uint64_t(i) * params.n + j]) *
                d::quantize_operand("Quantize", "scale", scale, k, per, where);
      if constexpr (config.hasOffset) y = y + d::quantize_operand("Quantize", "offset", offset, k, per, where);
      dstTensor.opkit_addr[uint64_t(i) * params.n + j] = d::quantize_to_int8<config.roundMode>(y);
    }
  }
}

template <const QuantizeConfig& config, typename DstT, typename SrcT, typename ScaleT, typename OffsetT>
void Quantize(const LocalTensor<DstT>& dstTensor, const LocalTensor<SrcT>& srcTensor,
              const LocalTensor<uint8_t>& sharedTmpBuffer, const ScaleT& scale, const OffsetT& offset,
              const QuantizeParams& params, OPKIT_SIM_HERE) {
  (void)sharedTmpBuffer;  // the simulator needs no scratch
  Quantize<config>(dstTensor, srcTensor, scale, offset, params, where);
}

}  // namespace AscendC

// Dequantize (Ascend 950, include/adv_api/quantization/dequantize.h): src [m, n] of int32_t (or float, per token)
// times a scale, as CANN's ascend_dequant_3510_impl.h: int32 -> float rounding half away from zero, one float
// multiply, then a saturating round-to-nearest-even into DstT. PER_TENSOR: scalar scale, PER_CHANNEL: scale [n],
// PER_TOKEN: scale [m]. Not simulated yet: PER_GROUP and the uint64_t (packed) per-channel scale to half.
namespace AscendC {

enum class DequantizePolicy : int32_t { PER_TENSOR, PER_CHANNEL, PER_TOKEN, PER_GROUP };
struct DequantizeConfig {
  DequantizePolicy policy;
  bool hasOffset = false;
  int32_t kDim = 1;
};
struct DequantizeParams {
  uint32_t m;
  uint32_t n;
  uint32_t groupSize = 0;
};

}  // namespace AscendC

namespace opkit::sim::detail {

// int32 -> float, a tie between two floats going away from zero (the device's RndA).
inline float int_to_float_away(int32_t x) {
  const float f = static_cast<float>(x);
  const double diff = double(f) - double(x);
  if (diff == 0) return f;
  const float g = std::nextafter(f, diff > 0 ? -HUGE_VALF : HUGE_VALF);
  if (std::fabs(double(g) - double(x)) == std::fabs(diff) && std::fabs(g) > std::fabs(f)) return g;
  return f;
}

template <typename D>
D dequantize_store(float v) {
  if constexpr (std::is_same_v<D, half>) {
    if (v > 65504.0f) v = 65504.0f;  // saturating
    if (v < -65504.0f) v = -65504.0f;
  }
  return D(v);
}

template <AscendC::DequantizePolicy P, typename D, typename S, typename C>
constexpr bool dequantize_types_ok() {
  using Pol = AscendC::DequantizePolicy;
  if constexpr (P == Pol::PER_TENSOR || P == Pol::PER_CHANNEL) {
    return std::is_same_v<S, int32_t> && one_of_v<C, float, bfloat16_t> && one_of_v<D, float, bfloat16_t>;
  } else {
    return one_of_v<S, int32_t, float> &&
           ((std::is_same_v<C, D> && one_of_v<C, half, bfloat16_t, float>) ||
            (std::is_same_v<C, float> && one_of_v<D, half, bfloat16_t>));
  }
}

}  // namespace opkit::sim::detail

namespace AscendC {

template <const DequantizeConfig& config, typename DstT, typename SrcT, typename ScaleT, typename OffsetT>
void Dequantize(const LocalTensor<DstT>& dstTensor, const LocalTensor<SrcT>& srcTensor, const ScaleT& scale,
                const OffsetT& offset, const DequantizeParams& params, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  using C = typename d::quantize_prim<ScaleT>::type;
  static_assert(OPKIT_SOC_ARCH == 3510 || !std::is_same_v<DstT, DstT>,
                "Dequantize is available on Ascend950 only (CANN implements it for dav-3510); this kernel is "
                "compiled for " OPKIT_SOC_NAME);
  static_assert(!config.hasOffset, "Dequantize do not support offset currently (CANN)");
  static_assert(config.policy != DequantizePolicy::PER_GROUP,
                "opkit does not simulate Dequantize's PER_GROUP policy yet (PER_TENSOR, PER_CHANNEL, PER_TOKEN are)");
  static_assert(!std::is_same_v<C, uint64_t>,
                "opkit does not simulate Dequantize's packed uint64_t per-channel scale yet");
  static_assert((config.policy == DequantizePolicy::PER_TENSOR) != d::is_local_tensor_v<ScaleT>,
                "Dequantize PER_TENSOR takes a scalar scale; PER_CHANNEL and PER_TOKEN a LocalTensor");
  static_assert(d::dequantize_types_ok<config.policy, DstT, SrcT, C>(),
                "current combination of src, scale and dst dtypes is not supported by Dequantize (CANN: per "
                "tensor/channel int32 with float or bfloat16_t scale to float or bfloat16_t; per token int32 or "
                "float with a scale of dst's type, or a float scale to half or bfloat16_t)");
  (void)offset;
  if ((params.n * sizeof(SrcT)) % 32 != 0 || (params.n * sizeof(DstT)) % 32 != 0) {
    d::fault("Dequantize", d::cat("params.n ", params.n, " is not 32B aligned for src and dst"), where);
  }
  const uint64_t count = uint64_t(params.m) * params.n;
  d::require_ub_operand("Dequantize", "dstTensor", dstTensor, count * sizeof(DstT), where);
  d::require_ub_operand("Dequantize", "srcTensor", srcTensor, count * sizeof(SrcT), where);
  const uint32_t per = config.policy == DequantizePolicy::PER_CHANNEL ? params.n : params.m;
  for (uint32_t i = 0; i < params.m; ++i) {
    for (uint32_t j = 0; j < params.n; ++j) {
      const uint64_t at = uint64_t(i) * params.n + j;
      const SrcT x = srcTensor.opkit_addr[at];
      float v;
      if constexpr (std::is_same_v<SrcT, int32_t>) v = d::int_to_float_away(x);
      else v = x;
      v = v * d::quantize_operand("Dequantize", "scale", scale,
                                  config.policy == DequantizePolicy::PER_CHANNEL ? j : i, per, where);
      dstTensor.opkit_addr[at] = d::dequantize_store<DstT>(v);
    }
  }
}

template <const DequantizeConfig& config, typename DstT, typename SrcT, typename ScaleT, typename OffsetT>
void Dequantize(const LocalTensor<DstT>& dstTensor, const LocalTensor<SrcT>& srcTensor, const ScaleT& scale,
                const OffsetT& offset, const LocalTensor<uint8_t>& sharedTmpBuffer, const DequantizeParams& params,
                OPKIT_SIM_HERE) {
  (void)sharedTmpBuffer;  // the simulator needs no scratch
  Dequantize<config>(dstTensor, srcTensor, scale, offset, params, where);
}

}  // namespace AscendC

// AntiQuantize (Ascend 950, include/adv_api/quantization/antiquantize.h): int8_t src [m, n] to half, bfloat16_t or
// float, as CANN's antiquantize_3510_impl.h: y = (float(x) + float(offset)) * float(scale), then a saturating
// round-to-nearest-even into DstT. PER_TENSOR: scalar scale/offset of DstT; PER_CHANNEL: [n] of DstT (half or
// bfloat16_t); PER_TOKEN: [m], of DstT or float. Not simulated yet: PER_GROUP and the fp8/hifloat8/fp4 sources.
namespace AscendC {

enum class AntiQuantizePolicy : int32_t { PER_TENSOR, PER_CHANNEL, PER_TOKEN, PER_GROUP };
struct AntiQuantizeConfig {
  AntiQuantizePolicy policy;
  bool hasOffset;
  int32_t kDim = 1;
};
struct AntiQuantizeParams {
  uint32_t m;
  uint32_t n;
  uint32_t groupSize = 0;
};

template <const AntiQuantizeConfig& config, typename DstT, typename SrcT, typename ScaleT, typename OffsetT>
void AntiQuantize(const LocalTensor<DstT>& dstTensor, const LocalTensor<SrcT>& srcTensor, const ScaleT& scale,
                  const OffsetT& offset, const AntiQuantizeParams& params, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  using C = typename d::quantize_prim<ScaleT>::type;
  using Pol = AntiQuantizePolicy;
  static_assert(OPKIT_SOC_ARCH == 3510 || !std::is_same_v<DstT, DstT>,
                "AntiQuantize is available on Ascend950 only (CANN implements it for dav-3510); this kernel is "
                "compiled for " OPKIT_SOC_NAME);
  static_assert(std::is_same_v<SrcT, int8_t>,
                "opkit simulates AntiQuantize from int8_t only; the fp8/hifloat8/fp4 sources are not simulated yet");
  static_assert(config.policy != Pol::PER_GROUP,
                "opkit does not simulate AntiQuantize's PER_GROUP policy yet (PER_TENSOR, PER_CHANNEL, PER_TOKEN are)");
  static_assert(std::is_same_v<C, typename d::quantize_prim<OffsetT>::type>, "Dtype of scale should be same as offset");
  static_assert((config.policy == Pol::PER_TENSOR) != d::is_local_tensor_v<ScaleT>,
                "AntiQuantize PER_TENSOR takes a scalar scale and offset; PER_CHANNEL and PER_TOKEN LocalTensors");
  static_assert(config.policy == Pol::PER_TOKEN
                    ? ((std::is_same_v<C, DstT> && d::one_of_v<C, half, bfloat16_t, float>) ||
                       (std::is_same_v<C, float> && d::one_of_v<DstT, half, bfloat16_t>))
                    : (std::is_same_v<C, DstT> && d::one_of_v<C, half, bfloat16_t>),
                "current combination of scale dtype and dstTensor dtype is not supported by AntiQuantize (CANN: "
                "per tensor/channel half or bfloat16_t of dst's type; per token also a float scale)");
  if ((params.n * sizeof(SrcT)) % 32 != 0) {
    d::fault("AntiQuantize", d::cat("params.n ", params.n, " is not 32B aligned"), where);
  }
  const uint64_t count = uint64_t(params.m) * params.n;
  d::require_ub_operand("AntiQuantize", "dstTensor", dstTensor, count * sizeof(DstT), where);
  d::require_ub_operand("AntiQuantize", "srcTensor", srcTensor, count * sizeof(SrcT), where);
  const uint32_t per = config.policy == Pol::PER_CHANNEL ? params.n : params.m;
  for (uint32_t i = 0; i < params.m; ++i) {
    for (uint32_t j = 0; j < params.n; ++j) {
      const uint64_t at = uint64_t(i) * params.n + j;
      const uint32_t k = config.policy == Pol::PER_CHANNEL ? j : i;
      float v = static_cast<float>(srcTensor.opkit_addr[at]);
      if constexpr (config.hasOffset) v = v + d::quantize_operand("AntiQuantize", "offset", offset, k, per, where);
      v = v * d::quantize_operand("AntiQuantize", "scale", scale, k, per, where);
      dstTensor.opkit_addr[at] = d::dequantize_store<DstT>(v);
    }
  }
}

template <const AntiQuantizeConfig& config, typename DstT, typename SrcT, typename ScaleT, typename OffsetT>
void AntiQuantize(const LocalTensor<DstT>& dstTensor, const LocalTensor<SrcT>& srcTensor, const ScaleT& scale,
                  const OffsetT& offset, const LocalTensor<uint8_t>& sharedTmpBuffer, const AntiQuantizeParams& params,
                  OPKIT_SIM_HERE) {
  (void)sharedTmpBuffer;  // the simulator needs no scratch
  AntiQuantize<config>(dstTensor, srcTensor, scale, offset, params, where);
}

}  // namespace AscendC
