// Host helpers of the advanced reductions (Sum, Mean, ReduceSum/Max/Min/Mean/Prod/Any/All, ReduceXorSum) with CANN's
// signatures and figures (asc-devkit impl/adv_api/tiling/reduce). The 2-D reductions halve the reduced axis in a
// binary tree: k is the largest power of two below the axis (the axis halved when it is one already), and the tree's
// first level is what needs space. The platform is the one PlatformAscendCManager answers. A type CANN refuses (it
// logs and returns with the outputs untouched) raises a TilingFunc error naming the helper; an unpadded source or an
// empty axis CANN only logs, and so does opkit (stderr), then computes.
#pragma once

#include <algorithm>
#include <cstdint>
#include <initializer_list>

#include "graph/types.h"
#include "lib/hl_tiling_common.h"
#include "lib/utils/reduce_pattern.h"
#include "lib/utils/types.h"
#include "tiling/platform/platform_ascendc.h"

namespace opkit::host::detail {

inline bool reduce_on_950() {
  return platform_ascendc::PlatformAscendCManager::GetInstance()->opkit_profile().npu_arch == 3510;
}

// CANN's element size for these helpers: float/int32 4, half 2, and 1 for any other type.
inline uint32_t reduce_elem_size(ge::DataType t) {
  if (t == ge::DT_FLOAT || t == ge::DT_INT32) return 4;
  return t == ge::DT_FLOAT16 ? 2 : 1;
}

// The largest power of two <= n, halved when it equals n and `halve` (the axis already splits evenly once).
inline uint32_t reduce_tree_k(uint32_t n, bool halve) {
  uint32_t k = 1;
  while ((k << 1) != 0 && (k << 1) <= n) k <<= 1;
  return k == n && halve ? k >> 1 : k;
}

inline uint32_t up32(uint64_t v) { return static_cast<uint32_t>((v + 31) / 32 * 32); }

struct Reduce2d {
  uint32_t first = 0, last = 0;
  bool ar = true;
};

// rank 2, AR or RA, isSrcInnerPad (which Ascend 950's ReduceMax/Min/Sum may leave false), positive axes on the 910B.
inline Reduce2d reduce_2d_args(const char* api, const ge::Shape& shape, AscendC::ReducePattern pattern,
                               bool inner_pad, bool pad_optional_on_950) {
  if (shape.GetDimNum() != 2) hl_tiling_error(api, cat("srcShape has rank ", shape.GetDimNum(), "; expected 2"));
  const bool on_950 = reduce_on_950();
  if (!inner_pad && !(pad_optional_on_950 && on_950)) {
    hl_tiling_logged_error(api, "isSrcInnerPad must be true on this platform (pad each row to 32 bytes in UB)");
  }
  if (pattern != AscendC::ReducePattern::AR && pattern != AscendC::ReducePattern::RA) {
    hl_tiling_error(api, "pattern must be ReducePattern::AR or ReducePattern::RA (the kernel API supports only these)");
  }
  const int64_t first = shape.GetDim(0), last = shape.GetDim(1);
  if (!on_950 && (first <= 0 || last <= 0)) {
    hl_tiling_logged_error(api, cat("srcShape is [", first, ", ", last, "]; both axes must be positive"));
  }
  return {static_cast<uint32_t>(std::max<int64_t>(first, 0)), static_cast<uint32_t>(std::max<int64_t>(last, 0)),
          pattern == AscendC::ReducePattern::AR};
}

inline void require_reduce_type(const char* api, ge::DataType t, std::initializer_list<ge::DataType> allowed,
                                const char* names) {
  if (std::find(allowed.begin(), allowed.end(), t) == allowed.end()) {
    hl_tiling_error(api, cat("dataType ", static_cast<int>(t), " is not supported on this platform (", names, ")"));
  }
}

// ReduceMax/Min, and ReduceAny/All over float: along the rows one block (short rows) or one repeat per row; across
// them the tree's first level of padded rows.
inline uint32_t reduce_common_tmp(const Reduce2d& a, uint32_t size, bool reuse) {
  if (reuse) return 0;
  if (a.ar) {
    if (a.last <= 32 / size) return 0;
    return a.last < 256 / size ? a.first * 32 : a.first * 256;
  }
  return reduce_tree_k(a.first, a.first > 1) * up32(uint64_t(a.last) * size);
}

// ReduceSum/Mean: float partial sums of the tree's first level (rows longer than one repeat only).
inline uint32_t reduce_sum_mean_tmp(const Reduce2d& a, bool reuse) {
  if (reuse) return 0;
  if (a.ar) {
    const uint32_t k = reduce_tree_k(a.last, a.first > 1);
    return a.last <= 64 ? 0 : a.first * k * 4;
  }
  return reduce_tree_k(a.first, a.first > 1) * ((a.last + 7) / 8 * 8) * 4;
}

// ReduceAny/All over uint8: rows widened to int16 plus one block a row; across rows the tree's first level.
inline uint32_t reduce_any_all_u8_tmp(const Reduce2d& a, bool reuse) {
  if (a.ar) return up32(a.last) * 2 + a.first * 32;
  if (reuse) return 0;
  return reduce_tree_k(a.first, a.first > 1) * up32(a.last);
}

}  // namespace opkit::host::detail

namespace AscendC {

inline void GetReduceMaxMaxMinTmpSize(const TensorShape& srcShape, const TensorDataType dataType, ReducePattern pattern,
                                      bool isSrcInnerPad, bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
  namespace d = opkit::host::detail;
  const char* api = "GetReduceMaxMaxMinTmpSize";
  if (!d::reduce_on_950()) d::require_reduce_type(api, dataType, {ge::DT_FLOAT, ge::DT_FLOAT16}, "float or half");
  const d::Reduce2d a = d::reduce_2d_args(api, srcShape, pattern, isSrcInnerPad, true);
  maxValue = minValue = d::reduce_common_tmp(a, d::reduce_elem_size(dataType), isReuseSource);
}
inline void GetReduceMinMaxMinTmpSize(const TensorShape& srcShape, const TensorDataType dataType, ReducePattern pattern,
                                      bool isSrcInnerPad, bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
  namespace d = opkit::host::detail;
  const char* api = "GetReduceMinMaxMinTmpSize";
  if (!d::reduce_on_950()) d::require_reduce_type(api, dataType, {ge::DT_FLOAT, ge::DT_FLOAT16}, "float or half");
  const d::Reduce2d a = d::reduce_2d_args(api, srcShape, pattern, isSrcInnerPad, true);
  maxValue = minValue = d::reduce_common_tmp(a, d::reduce_elem_size(dataType), isReuseSource);
}

#define OPKIT_REDUCE_ANY_ALL(NAME)                                                                                \
  inline void Get##NAME##MaxMinTmpSize(const TensorShape& srcShape, const TensorDataType dataType,                \
                                       ReducePattern pattern, bool isSrcInnerPad, bool isReuseSource,             \
                                       uint32_t& maxValue, uint32_t& minValue) {                                  \
    namespace d = opkit::host::detail;                                                                            \
    const char* api = "Get" #NAME "MaxMinTmpSize";                                                                \
    d::require_reduce_type(api, dataType, {ge::DT_FLOAT, ge::DT_UINT8}, "float or uint8_t");                      \
    const d::Reduce2d a = d::reduce_2d_args(api, srcShape, pattern, isSrcInnerPad, false);                        \
    maxValue = minValue = dataType == ge::DT_UINT8 ? d::reduce_any_all_u8_tmp(a, isReuseSource)                   \
                                                   : d::reduce_common_tmp(a, 4, isReuseSource);                   \
  }
OPKIT_REDUCE_ANY_ALL(ReduceAny)
OPKIT_REDUCE_ANY_ALL(ReduceAll)
#undef OPKIT_REDUCE_ANY_ALL

inline void GetReduceSumMaxMinTmpSize(const TensorShape& srcShape, const TensorDataType dataType, ReducePattern pattern,
                                      bool isSrcInnerPad, bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
  namespace d = opkit::host::detail;
  const char* api = "GetReduceSumMaxMinTmpSize";
  if (d::reduce_on_950()) {
    d::require_reduce_type(api, dataType, {ge::DT_INT32, ge::DT_UINT32, ge::DT_FLOAT, ge::DT_INT64, ge::DT_UINT64},
                           "int32_t, uint32_t, float, int64_t or uint64_t");
  } else {
    d::require_reduce_type(api, dataType, {ge::DT_FLOAT}, "float");
  }
  const d::Reduce2d a = d::reduce_2d_args(api, srcShape, pattern, isSrcInnerPad, true);
  maxValue = minValue = d::reduce_sum_mean_tmp(a, isReuseSource);
}
inline void GetReduceMeanMaxMinTmpSize(const TensorShape& srcShape, const TensorDataType dataType,
                                       ReducePattern pattern, bool isSrcInnerPad, bool isReuseSource,
                                       uint32_t& maxValue, uint32_t& minValue) {
  namespace d = opkit::host::detail;
  const char* api = "GetReduceMeanMaxMinTmpSize";
  d::require_reduce_type(api, dataType, {ge::DT_FLOAT}, "float");
  const d::Reduce2d a = d::reduce_2d_args(api, srcShape, pattern, isSrcInnerPad, false);
  maxValue = minValue = d::reduce_sum_mean_tmp(a, isReuseSource);
}
// ReduceProd (float): along the rows the tree's first level (at least one block), a block a row and one repeat.
inline void GetReduceProdMaxMinTmpSize(const TensorShape& srcShape, const TensorDataType dataType,
                                       ReducePattern pattern, bool isSrcInnerPad, bool isReuseSource,
                                       uint32_t& maxValue, uint32_t& minValue) {
  namespace d = opkit::host::detail;
  const char* api = "GetReduceProdMaxMinTmpSize";
  d::require_reduce_type(api, dataType, {ge::DT_FLOAT}, "float");
  const d::Reduce2d a = d::reduce_2d_args(api, srcShape, pattern, isSrcInnerPad, false);
  if (isReuseSource) {
    maxValue = minValue = a.ar ? 256 : 0;
  } else if (a.ar) {
    const uint32_t k = std::max<uint32_t>(8, d::reduce_tree_k(a.last, a.first > 1));
    maxValue = minValue = (k + a.first * 8) * 4 + 256;
  } else {
    maxValue = minValue = d::reduce_tree_k(a.first, a.first > 1) * d::up32(uint64_t(a.last) * 4);
  }
}

// ReduceXorSum (int16_t): three buffers of the input (two reusing it), at least one repeat each.
inline void GetReduceXorSumMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize,
                                         const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
  namespace d = opkit::host::detail;
  const char* api = "GetReduceXorSumMaxMinTmpSize";
  if (typeSize != 2) d::hl_tiling_error(api, d::cat("typeSize ", typeSize, " is not 2 (int16_t)"));
  const int64_t n = srcShape.GetShapeSize();
  if (srcShape.GetDimNum() == 0 || n <= 0) d::hl_tiling_error(api, d::cat("srcShape holds ", n, " elements"));
  maxValue = minValue = (isReuseSource ? 2u : 3u) * std::max<uint32_t>(static_cast<uint32_t>(n) * typeSize, 256);
}

// Sum: one block-aligned element per repeat of the row (the first level of the reduction).
inline void GetSumMaxMinTmpSize(const uint32_t n, const uint32_t typeSize, const bool isReuseSource, uint32_t& maxSize,
                                uint32_t& minSize) {
  (void)isReuseSource;
  namespace d = opkit::host::detail;
  d::require_type_size("GetSumMaxMinTmpSize", typeSize);
  if (n == 0) d::hl_tiling_error("GetSumMaxMinTmpSize", "n is 0; it must be positive");
  const uint32_t per_blk = 32 / typeSize, repeats = (n + 256 / typeSize - 1) / (256 / typeSize);
  maxSize = minSize = (repeats + per_blk - 1) / per_blk * per_blk * typeSize;
}

// Mean: the repeat count rounded up to 32; a float accumulator for half data adds a float copy of the padded row.
inline void GetMeanMaxMinTmpSize(const uint32_t n, const uint32_t srcTypeSize, const uint32_t accTypeSize,
                                 const bool isReuseSource, uint32_t& maxSize, uint32_t& minSize) {
  (void)isReuseSource;
  namespace d = opkit::host::detail;
  const char* api = "GetMeanMaxMinTmpSize";
  const bool types_ok = (srcTypeSize == 2 || srcTypeSize == 4) &&
                        (accTypeSize == srcTypeSize || (srcTypeSize == 2 && accTypeSize == 4));
  if (!types_ok) {
    d::hl_tiling_error(api, d::cat("(srcTypeSize, accTypeSize) is (", srcTypeSize, ", ", accTypeSize,
                                   "); expected (2, 2), (4, 4) or (2, 4)"));
  }
  if (n == 0) d::hl_tiling_error(api, "n is 0; it must be positive");
  const bool widen = srcTypeSize == 2 && accTypeSize == 4;
  const uint32_t per_rep = 256 / (widen ? 4 : srcTypeSize), repeats = (n + per_rep - 1) / per_rep;
  const uint32_t inner = (n * srcTypeSize + 31) / 32 * 32 / srcTypeSize;
  maxSize = minSize = (repeats + 31) / 32 * 32 + (widen ? inner * 4 : 0);
}

inline void GetMeanTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuffer) {
  (void)typeSize;
  maxLiveNodeCount = 1;
  extraBuffer = 0;
}

}  // namespace AscendC
