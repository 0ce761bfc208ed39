// Host helpers of the config-template element-wise APIs (BitwiseAnd/Or/Xor/Not, LogicalAnd/Ands/Or/Ors/Xor/Not,
// Where, Fma, IsInf, IsNan, SinCos, Hypot) and CumSum, with CANN's signatures and figures (asc-devkit
// impl/adv_api/tiling/math). All but Hypot and CumSum take the platform first and exist on Ascend 950 only (NpuArch
// 3510): there they need no temporary space except SinCos (two float copies of the 32-element-aligned input plus
// 32 B). On another platform CANN logs "Unsupported NpuArch" and leaves the outputs as they were; opkit logs the same
// (stderr) and answers Ascend 950's figures.
#pragma once

#include <cstdint>

#include "lib/hl_tiling_common.h"
#include "lib/utils/types.h"
#include "tiling/platform/platform_ascendc.h"

namespace opkit::host::detail {

// The type sizes each family takes: b8..b64 for the bitwise/logical/select ones, half/float for the arithmetic ones.
enum class LogicTypes { kB8ToB64, kHalfFloat };

inline void require_logic_type(const char* api, uint32_t type_size, LogicTypes types) {
  const bool ok = types == LogicTypes::kHalfFloat
                      ? type_size == 2 || type_size == 4
                      : type_size == 1 || type_size == 2 || type_size == 4 || type_size == 8;
  if (!ok) {
    hl_tiling_error(api, cat("typeSize ", type_size, " is not ",
                             types == LogicTypes::kHalfFloat ? "2 or 4" : "1, 2, 4 or 8"));
  }
}

inline uint64_t logic_elems(const char* api, const ge::Shape& shape) {
  const int64_t n = shape.GetShapeSize();
  if (n <= 0) hl_tiling_error(api, cat("srcShape holds ", n, " elements; it must hold at least one"));
  return static_cast<uint64_t>(n);
}

}  // namespace opkit::host::detail

namespace AscendC {

// Ascend 950 APIs that keep no temporaries: maxValue = minValue = 0, no live node, no extra buffer.
#define OPKIT_LOGIC_TILING(NAME, TYPES)                                                                          \
  inline void Get##NAME##MaxMinTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform,                 \
                                       const TensorShape& srcShape, const uint32_t typeSize,                     \
                                       const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {       \
    namespace d = opkit::host::detail;                                                                           \
    (void)isReuseSource;                                                                                         \
    d::require_950("Get" #NAME "MaxMinTmpSize", ascendcPlatform);                                                \
    d::require_logic_type("Get" #NAME "MaxMinTmpSize", typeSize, d::LogicTypes::TYPES);                          \
    d::logic_elems("Get" #NAME "MaxMinTmpSize", srcShape);                                                       \
    maxValue = 0, minValue = 0;                                                                                  \
  }                                                                                                              \
  inline void Get##NAME##TmpBufferFactorSize(const platform_ascendc::PlatformAscendC& ascendcPlatform,           \
                                             const uint32_t typeSize, uint32_t& maxLivedNodeCount,               \
                                             uint32_t& extraBuf) {                                               \
    namespace d = opkit::host::detail;                                                                           \
    d::require_950("Get" #NAME "TmpBufferFactorSize", ascendcPlatform);                                          \
    d::require_logic_type("Get" #NAME "TmpBufferFactorSize", typeSize, d::LogicTypes::TYPES);                    \
    maxLivedNodeCount = 0, extraBuf = 0;                                                                         \
  }

OPKIT_LOGIC_TILING(BitwiseAnd, kB8ToB64)
OPKIT_LOGIC_TILING(BitwiseOr, kB8ToB64)
OPKIT_LOGIC_TILING(BitwiseXor, kB8ToB64)
OPKIT_LOGIC_TILING(BitwiseNot, kB8ToB64)
OPKIT_LOGIC_TILING(LogicalAnd, kB8ToB64)
OPKIT_LOGIC_TILING(LogicalAnds, kB8ToB64)
OPKIT_LOGIC_TILING(LogicalOr, kB8ToB64)
OPKIT_LOGIC_TILING(LogicalOrs, kB8ToB64)
OPKIT_LOGIC_TILING(LogicalXor, kB8ToB64)
OPKIT_LOGIC_TILING(LogicalNot, kB8ToB64)
OPKIT_LOGIC_TILING(Where, kB8ToB64)
OPKIT_LOGIC_TILING(Fma, kHalfFloat)
OPKIT_LOGIC_TILING(IsInf, kHalfFloat)
OPKIT_LOGIC_TILING(IsNan, kHalfFloat)
#undef OPKIT_LOGIC_TILING

// SinCos (Ascend 950): two float buffers of the input rounded up to 32 elements, plus 32 B; the factor form counts
// float's two buffers (+32 B) or half's four half-size ones.
inline void GetSinCosMaxMinTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform,
                                   const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                   uint32_t& maxValue, uint32_t& minValue) {
  namespace d = opkit::host::detail;
  (void)isReuseSource;
  d::require_950("GetSinCosMaxMinTmpSize", ascendcPlatform);
  d::require_logic_type("GetSinCosMaxMinTmpSize", typeSize, d::LogicTypes::kHalfFloat);
  const uint64_t n = (d::logic_elems("GetSinCosMaxMinTmpSize", srcShape) + 31) / 32 * 32;
  maxValue = minValue = static_cast<uint32_t>(n * sizeof(float) * 2 + 32);
}
inline void GetSinCosTmpBufferFactorSize(const platform_ascendc::PlatformAscendC& ascendcPlatform,
                                         const uint32_t typeSize, uint32_t& maxLivedNodeCount, uint32_t& extraBuf) {
  namespace d = opkit::host::detail;
  d::require_950("GetSinCosTmpBufferFactorSize", ascendcPlatform);
  d::require_logic_type("GetSinCosTmpBufferFactorSize", typeSize, d::LogicTypes::kHalfFloat);
  maxLivedNodeCount = typeSize == 4 ? 2 : 4;
  extraBuf = typeSize == 4 ? 32 : 0;
}

// Hypot: no temporary space on any platform (CANN's helper takes no platform).
inline void GetHypotMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                  uint32_t& maxValue, uint32_t& minValue) {
  (void)typeSize, (void)isReuseSource;
  opkit::host::detail::logic_elems("GetHypotMaxMinTmpSize", srcShape);
  maxValue = minValue = 0;
}
inline void GetHypotTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
  (void)typeSize;
  maxLiveNodeCount = 0, extraBuf = 0;
}

// CumSum over a 2-D [outer, inner] source (inner a whole number of 32 B blocks). Along the first axis only half
// needs space (a float copy of the source); along the last axis the source is transposed twice through 16-row
// blocks (outer rounded up to 16 at most, one 16-row block at least), half adding a half-size copy for the cast.
inline void GetCumSumMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isLastAxis,
                                   const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
  namespace d = opkit::host::detail;
  (void)isReuseSource;
  const char* api = "GetCumSumMaxMinTmpSize";
  if (srcShape.GetDimNum() != 2) {
    d::hl_tiling_error(api, d::cat("srcShape has rank ", srcShape.GetDimNum(), "; expected 2"));
  }
  d::require_type_size(api, typeSize);
  const d::RowsLast r = d::rows_last(api, "srcShape", srcShape);
  d::require_aligned_last(api, "srcShape", r.last, typeSize);
  const uint64_t outer = r.rows, inner = r.last;
  if (!isLastAxis) {
    maxValue = minValue = typeSize == 2 ? static_cast<uint32_t>(outer * inner * sizeof(float)) : 0;
    return;
  }
  constexpr uint64_t kRows = 16;  // TransDataTo5HD's address-list length
  const uint64_t outer16 = (outer + kRows - 1) / kRows * kRows;
  const uint64_t cast_min = typeSize == 2 ? inner * kRows * 2 : 0;
  const uint64_t cast_max = typeSize == 2 ? inner * outer16 * 2 : 0;
  minValue = static_cast<uint32_t>(cast_min + kRows * inner * typeSize * 2);
  maxValue = static_cast<uint32_t>(cast_max + outer16 * inner * typeSize * 2);
}

}  // namespace AscendC
