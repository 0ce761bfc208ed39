// Host helpers of the advanced math and activation APIs: Get<Api>MaxMinTmpSize and Get<Api>TmpBufferFactorSize
// (CANN's lib/math/*_tiling.h, lib/activation/*_tiling.h). The sizes follow CANN's formulas for Ascend910B (see
// opkit/sim/adv_tmp.h); the kernel checks a sharedTmpBuffer against the same minValue. Bad arguments (a typeSize that
// is not 2 or 4, an empty shape) raise a TilingFunc error naming the helper, where CANN logs and returns.
#pragma once

#include <algorithm>
#include <cstdint>

#include "lib/hl_tiling_common.h"
#include "lib/utils/types.h"
#include "opkit/sim/adv_tmp.h"
#include "tiling/platform/platform_ascendc.h"

namespace opkit::host::detail {

inline uint64_t adv_elems(const char* api, const ge::Shape& shape) {
  const int64_t n = shape.GetShapeSize();
  if (n <= 0) hl_tiling_error(api, cat("srcShape holds ", n, " elements; it must hold at least one"));
  return static_cast<uint64_t>(n);
}

inline void adv_max_min(const char* api, const opkit::sim::adv::TmpRule& rule, const ge::Shape& shape,
                        uint32_t type_size, bool reuse, uint32_t& max_value, uint32_t& min_value) {
  require_type_size(api, type_size);
  const uint64_t n = adv_elems(api, shape);
  min_value = opkit::sim::adv::min_tmp(rule, type_size, reuse);
  max_value = static_cast<uint32_t>(std::min<uint64_t>(opkit::sim::adv::max_tmp(rule, n, type_size, reuse),
                                                       0xffffffffull));
}

inline void adv_factor(const char* api, const opkit::sim::adv::TmpRule& rule, uint32_t type_size, uint32_t& nodes,
                       uint32_t& extra) {
  require_type_size(api, type_size);
  nodes = opkit::sim::adv::nodes(rule, type_size, false);
  extra = nodes ? rule.extra : 0;
}

}  // namespace opkit::host::detail

namespace AscendC {

#define OPKIT_ADV_TILING(NAME, RULE)                                                                           \
  inline void Get##NAME##MaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize,                   \
                                       const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {     \
    opkit::host::detail::adv_max_min("Get" #NAME "MaxMinTmpSize", RULE, srcShape, typeSize, isReuseSource,     \
                                     maxValue, minValue);                                                      \
  }                                                                                                            \
  inline void Get##NAME##TmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount,              \
                                             uint32_t& extraBuf) {                                             \
    opkit::host::detail::adv_factor("Get" #NAME "TmpBufferFactorSize", RULE, typeSize, maxLiveNodeCount,       \
                                    extraBuf);                                                                 \
  }

OPKIT_ADV_TILING(Acos, ::opkit::sim::adv::kAcos)
OPKIT_ADV_TILING(Acosh, ::opkit::sim::adv::kAcosh)
OPKIT_ADV_TILING(Asin, ::opkit::sim::adv::kAsin)
OPKIT_ADV_TILING(Asinh, ::opkit::sim::adv::kAsinh)
OPKIT_ADV_TILING(Atan, ::opkit::sim::adv::kAtan)
OPKIT_ADV_TILING(Atanh, ::opkit::sim::adv::kAtanh)
OPKIT_ADV_TILING(Axpy, ::opkit::sim::adv::kAxpy)
OPKIT_ADV_TILING(Ceil, ::opkit::sim::adv::kCeil)
OPKIT_ADV_TILING(Cos, ::opkit::sim::adv::kCos)
OPKIT_ADV_TILING(Cosh, ::opkit::sim::adv::kCosh)
OPKIT_ADV_TILING(Erf, ::opkit::sim::adv::kErf)
OPKIT_ADV_TILING(Erfc, ::opkit::sim::adv::kErfc)
OPKIT_ADV_TILING(Floor, ::opkit::sim::adv::kFloor)
OPKIT_ADV_TILING(Frac, ::opkit::sim::adv::kFrac)
OPKIT_ADV_TILING(Lgamma, ::opkit::sim::adv::kLgamma)
OPKIT_ADV_TILING(Log, ::opkit::sim::adv::kLog)
OPKIT_ADV_TILING(Log2, ::opkit::sim::adv::kLog2)
OPKIT_ADV_TILING(Log10, ::opkit::sim::adv::kLog10)
OPKIT_ADV_TILING(Sign, ::opkit::sim::adv::kSign)
OPKIT_ADV_TILING(Sin, ::opkit::sim::adv::kSin)
OPKIT_ADV_TILING(Sinh, ::opkit::sim::adv::kSinh)
OPKIT_ADV_TILING(Tan, ::opkit::sim::adv::kTan)
OPKIT_ADV_TILING(Tanh, ::opkit::sim::adv::kTanh)
OPKIT_ADV_TILING(Trunc, ::opkit::sim::adv::kTrunc)
OPKIT_ADV_TILING(Xor, ::opkit::sim::adv::kXor)
OPKIT_ADV_TILING(GeGLU, ::opkit::sim::adv::kGeGLU)
// OPKIT_ADV_TILING stays defined for the per-API headers that include this one.

// Digamma: Ascend 950 keeps four half buffers of the input (min = max) and none for float; the 910B family the rule
// kDigamma910.
inline void GetDigammaMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                    uint32_t& maxValue, uint32_t& minValue) {
  namespace d = opkit::host::detail;
  const bool on_950 = platform_ascendc::PlatformAscendCManager::GetInstance()->opkit_profile().npu_arch == 3510;
  d::adv_max_min("GetDigammaMaxMinTmpSize", on_950 ? ::opkit::sim::adv::kDigamma950 : ::opkit::sim::adv::kDigamma910,
                 srcShape, typeSize, isReuseSource, maxValue, minValue);
  if (on_950) minValue = maxValue;
}
inline void GetDigammaTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuffer) {
  const bool on_950 = platform_ascendc::PlatformAscendCManager::GetInstance()->opkit_profile().npu_arch == 3510;
  opkit::host::detail::adv_factor("GetDigammaTmpBufferFactorSize",
                                  on_950 ? ::opkit::sim::adv::kDigamma950 : ::opkit::sim::adv::kDigamma910, typeSize,
                                  maxLiveNodeCount, extraBuffer);
}

// Exp: CANN's helper returns bool (true when the shape is valid).
inline bool GetExpMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                uint32_t& maxValue, uint32_t& minValue) {
  opkit::host::detail::adv_max_min("GetExpMaxMinTmpSize", ::opkit::sim::adv::kExp, srcShape, typeSize, isReuseSource,
                                   maxValue, minValue);
  return true;
}
inline void GetExpTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuffer) {
  opkit::host::detail::adv_factor("GetExpTmpBufferFactorSize", ::opkit::sim::adv::kExp, typeSize, maxLiveNodeCount,
                                  extraBuffer);
}

// Round and Rint take the platform first; opkit gives Ascend910B's numbers whatever the platform (?: 310P's Round
// keeps one more live buffer).
inline void GetRoundMaxMinTmpSize(const platform_ascendc::PlatformAscendC&, const TensorShape& srcShape,
                                  const uint32_t typeSize, const bool isReuseSource, uint32_t& maxValue,
                                  uint32_t& minValue) {
  opkit::host::detail::adv_max_min("GetRoundMaxMinTmpSize", ::opkit::sim::adv::kRound, srcShape, typeSize,
                                   isReuseSource, maxValue, minValue);
}
inline void GetRoundTmpBufferFactorSize(const platform_ascendc::PlatformAscendC&, const uint32_t typeSize,
                                        uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
  opkit::host::detail::adv_factor("GetRoundTmpBufferFactorSize", ::opkit::sim::adv::kRound, typeSize,
                                  maxLiveNodeCount, extraBuf);
}
inline void GetRintMaxMinTmpSize(const platform_ascendc::PlatformAscendC&, const TensorShape& srcShape,
                                 const uint32_t typeSize, const bool isReuseSource, uint32_t& maxValue,
                                 uint32_t& minValue) {
  opkit::host::detail::adv_max_min("GetRintMaxMinTmpSize", ::opkit::sim::adv::kNone, srcShape, typeSize,
                                   isReuseSource, maxValue, minValue);
}
inline void GetRintTmpBufferFactorSize(const platform_ascendc::PlatformAscendC&, const uint32_t typeSize,
                                       uint32_t& maxLivedNodeCount, uint32_t& extraBuf) {
  opkit::host::detail::adv_factor("GetRintTmpBufferFactorSize", ::opkit::sim::adv::kNone, typeSize,
                                  maxLivedNodeCount, extraBuf);
}

// Activations.
inline void GetGeluMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                                 uint32_t& minValue) {
  opkit::host::detail::adv_max_min("GetGeluMaxMinTmpSize", ::opkit::sim::adv::kGelu, srcShape, typeSize, false,
                                   maxValue, minValue);
}
inline uint32_t GetGeluMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize) {
  uint32_t max_value = 0, min_value = 0;
  GetGeluMaxMinTmpSize(srcShape, typeSize, max_value, min_value);
  return min_value;
}
inline uint32_t GetGeluMaxTmpSize(const TensorShape& srcShape, const uint32_t typeSize) {
  uint32_t max_value = 0, min_value = 0;
  GetGeluMaxMinTmpSize(srcShape, typeSize, max_value, min_value);
  return max_value;
}
inline void GetSigmoidMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, bool isReuseSource,
                                    uint32_t& maxValue, uint32_t& minValue) {
  opkit::host::detail::adv_max_min("GetSigmoidMaxMinTmpSize", ::opkit::sim::adv::kSigmoid, srcShape, typeSize,
                                   isReuseSource, maxValue, minValue);
}
// SwiGLU takes isReuseSource last.
inline void GetSwiGLUMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                                   uint32_t& minValue, const bool isReuseSource) {
  opkit::host::detail::adv_max_min("GetSwiGLUMaxMinTmpSize", ::opkit::sim::adv::kSwiGLU, srcShape, typeSize,
                                   isReuseSource, maxValue, minValue);
}
inline void GetSwiGLUTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuffer) {
  opkit::host::detail::adv_factor("GetSwiGLUTmpBufferFactorSize", ::opkit::sim::adv::kSwiGLU, typeSize,
                                  maxLiveNodeCount, extraBuffer);
}
// ReGlu: float needs a fixed 256 B (CANN's numbers), half 6 live buffers.
inline void GetReGluMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                  uint32_t& maxValue, uint32_t& minValue) {
  opkit::host::detail::adv_max_min("GetReGluMaxMinTmpSize", ::opkit::sim::adv::kReGlu, srcShape, typeSize,
                                   isReuseSource, maxValue, minValue);
  if (typeSize == 4) maxValue = minValue;
}
// Swish and Silu use no temporary space.
inline void GetSwishTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                            uint32_t& maxValue, uint32_t& minValue) {
  opkit::host::detail::adv_max_min("GetSwishTmpSize", ::opkit::sim::adv::kNone, srcShape, typeSize, isReuseSource,
                                   maxValue, minValue);
}
inline void GetSiluTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                           uint32_t& maxValue, uint32_t& minValue) {
  opkit::host::detail::adv_max_min("GetSiluTmpSize", ::opkit::sim::adv::kNone, srcShape, typeSize, isReuseSource,
                                   maxValue, minValue);
}

}  // namespace AscendC

namespace AscendC {

inline void GetFmodMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                 uint32_t& maxValue, uint32_t& minValue) {
  opkit::host::detail::adv_max_min("GetFmodMaxMinTmpSize", ::opkit::sim::adv::kFmod, srcShape, typeSize,
                                   isReuseSource, maxValue, minValue);
}
inline void GetFmodTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
  opkit::host::detail::adv_factor("GetFmodTmpBufferFactorSize", ::opkit::sim::adv::kFmod, typeSize,
                                  maxLiveNodeCount, extraBuf);
}

// A shape of one element ({1}) stands for a scalar operand, as in CANN.
inline void GetPowerMaxMinTmpSize(const TensorShape& srcShape1, const TensorShape& srcShape2, const bool typeIsInt,
                                  const uint32_t typeSize, const bool isReuseSource, uint32_t& maxValue,
                                  uint32_t& minValue) {
  namespace d = opkit::host::detail;
  (void)isReuseSource;
  const char* api = "GetPowerMaxMinTmpSize";
  if (!typeIsInt) d::require_type_size(api, typeSize);
  auto is_tensor = [](const TensorShape& s) { return !(s.GetDimNum() == 1 && s.GetDim(0) == 1); };
  const bool t1 = is_tensor(srcShape1), t2 = is_tensor(srcShape2);
  const uint64_t n = d::adv_elems(api, t1 ? srcShape1 : srcShape2);
  minValue = ::opkit::sim::adv::power_min_tmp(t1 && t2, typeIsInt, typeSize);
  maxValue = static_cast<uint32_t>(::opkit::sim::adv::power_max_tmp(t1 && t2, typeIsInt, typeSize, n));
}
inline void GetPowerTmpBufferFactorSize(const bool baseIsTensor, const bool expIsTensor, const bool typeIsInt,
                                        const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuffer) {
  maxLiveNodeCount = ::opkit::sim::adv::power_nodes(baseIsTensor && expIsTensor, typeIsInt, typeSize);
  extraBuffer = ::opkit::sim::adv::power_extra(typeIsInt);
}

// ClampMax/ClampMin: one mask byte per element, at least one repeat of elements.
inline void GetClampMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                  uint32_t& maxValue, uint32_t& minValue) {
  namespace d = opkit::host::detail;
  (void)isReuseSource;
  d::require_type_size("GetClampMaxMinTmpSize", typeSize);
  const uint64_t n = d::adv_elems("GetClampMaxMinTmpSize", srcShape);
  minValue = ::opkit::sim::adv::clamp_min_tmp(typeSize);
  maxValue = static_cast<uint32_t>(std::max<uint64_t>(n, minValue));
}
inline void GetClampTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
  (void)typeSize;
  maxLiveNodeCount = 1;
  extraBuf = 0;
}

}  // namespace AscendC
