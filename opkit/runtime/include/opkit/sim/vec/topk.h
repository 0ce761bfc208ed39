// TopK (the advanced API): the k largest (isLargest) or smallest values of each of topKInfo.outter rows, with their
// indices, as CANN documents it for the merge-sort algorithm:
//   - a row is srcLocal[row * inner, +n): the inner - n padding elements take no part (CANN asks the caller to pad
//     with values that cannot win; the simulator does not read them);
//   - indices are 0..inner-1, or srcIndexLocal's (isInitIndex): one row shared by all rows in Normal mode, one per
//     row in Small mode;
//   - equal values keep their input order (the earlier index first); NaN comes first in both orders; inf is largest;
//   - Normal mode writes k values per row at a stride of k rounded up to 32 B (8 floats, 16 halves) and k indices at
//     a stride of k rounded up to 8; Small mode (inner 32) writes k of each per row, densely. Nothing is written past
//     k in a row;
//   - isHasfinish (Normal mode): a row whose finishLocal entry is true gets index n for all k (its values stay).
// TopKConfig (the 950's radix select, order and `sorted`) is taken: order LARGEST/SMALLEST overrides isLargest; the
// output is always sorted (an unsorted result is any order on the device, so a sorted one is one of them).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <type_traits>
#include <vector>

#include "kernel_tiling/topk_tiling.h"
#include "lib/sort/topk_utils.h"
#include "opkit/sim/vec/common.h"

namespace opkit::sim::detail {

template <typename T, bool kInitIndex, bool kHasFinish, AscendC::TopKMode kMode, const AscendC::TopKConfig& kConfig>
void topk(const AscendC::LocalTensor<T>& dst_value, const AscendC::LocalTensor<int32_t>& dst_index,
          const AscendC::LocalTensor<T>& src, const AscendC::LocalTensor<int32_t>& src_index,
          const AscendC::LocalTensor<bool>& finish, int32_t k, const AscendC::tiling::TopkTiling& tiling,
          const AscendC::TopKInfo& info, bool is_largest, const SourceLoc& where) {
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "TopK: T must be half or float");
  constexpr bool kSmall = kMode == AscendC::TopKMode::TOPK_NSMALL;
  const char* api = "TopK";
  if (kSmall && kHasFinish) fault(api, "isHasfinish must be false in TOPK_NSMALL mode", where);
  const int64_t outter = info.outter, inner = info.inner, n = info.n;
  if (outter < 1) fault(api, cat("topKInfo.outter ", outter, " must be at least 1"), where);
  if (inner < 32 || inner % 32 != 0) fault(api, cat("topKInfo.inner ", inner, " must be a positive multiple of 32"), where);
  if (kSmall && inner != 32) fault(api, cat("topKInfo.inner ", inner, " must be 32 in TOPK_NSMALL mode"), where);
  if (!kSmall && inner > 4096) fault(api, cat("topKInfo.inner ", inner, " is past Normal mode's 4096"), where);
  if (n < 1 || n > inner) fault(api, cat("topKInfo.n ", n, " is outside [1, inner ", inner, "]"), where);
  if (k < 1 || k > n) fault(api, cat("k ", k, " is outside [1, n ", n, "]"), where);
  if (tiling.allDataSize != 0 && tiling.allDataSize != outter * inner) {
    fault(api, cat("the tiling was made for ", tiling.allDataSize, " elements but topKInfo has outter * inner = ",
                   outter * inner, " (TopKTilingFunc with other shapes?)"), where);
  }
  const int64_t v_stride = kSmall ? k : (k * int64_t(sizeof(T)) + 31) / 32 * 32 / int64_t(sizeof(T));
  const int64_t i_stride = kSmall ? k : (k + 7) / 8 * 8;
  require_ub_operand(api, "srcLocal", src, uint64_t(outter * inner) * sizeof(T), where);
  require_ub_operand(api, "dstValueLocal", dst_value, uint64_t((outter - 1) * v_stride + k) * sizeof(T), where);
  require_ub_operand(api, "dstIndexLocal", dst_index, uint64_t((outter - 1) * i_stride + k) * 4, where);
  if (kInitIndex) {
    require_ub_operand(api, "srcIndexLocal", src_index, uint64_t(kSmall ? outter * inner : inner) * 4, where);
  }
  if (kHasFinish) require_ub_operand(api, "finishLocal", finish, uint64_t(outter), where);
  if (kConfig.order == AscendC::TopKOrder::LARGEST) is_largest = true;
  if (kConfig.order == AscendC::TopKOrder::SMALLEST) is_largest = false;
  std::vector<float> row(n);
  std::vector<int32_t> order(n), ix(n);
  std::vector<T> out_v(outter * k);
  std::vector<int32_t> out_i(outter * k);
  for (int64_t r = 0; r < outter; ++r) {
    for (int64_t j = 0; j < n; ++j) {
      row[j] = static_cast<float>(src.opkit_addr[r * inner + j]);
      ix[j] = !kInitIndex ? int32_t(j) : src_index.opkit_addr[(kSmall ? r * inner : 0) + j];
    }
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int32_t a, int32_t b) {
      const float x = row[a], y = row[b];
      if (std::isnan(x) || std::isnan(y)) return std::isnan(x) && !std::isnan(y);
      return is_largest ? x > y : x < y;
    });
    const bool finished = kHasFinish && finish.opkit_addr[r];
    for (int64_t j = 0; j < k; ++j) {
      out_v[r * k + j] = src.opkit_addr[r * inner + order[j]];
      out_i[r * k + j] = finished ? int32_t(n) : ix[order[j]];
    }
  }
  for (int64_t r = 0; r < outter; ++r) {  // after reading everything: outputs may not alias, but stay safe
    for (int64_t j = 0; j < k; ++j) {
      dst_value.opkit_addr[r * v_stride + j] = out_v[r * k + j];
      dst_index.opkit_addr[r * i_stride + j] = out_i[r * k + j];
    }
  }
}

}  // namespace opkit::sim::detail

namespace AscendC {

#define OPKIT_TOPK_TEMPLATE                                                                                   \
  template <typename T, bool isInitIndex = false, bool isHasfinish = false, bool isReuseSrc = false,          \
            enum TopKMode topkMode = TopKMode::TOPK_NORMAL, const TopKConfig& config = defaultTopKConfig>

OPKIT_TOPK_TEMPLATE
void TopK(const LocalTensor<T>& dstValueLocal, const LocalTensor<int32_t>& dstIndexLocal, const LocalTensor<T>& srcLocal,
          const LocalTensor<int32_t>& srcIndexLocal, const LocalTensor<bool>& finishLocal,
          const LocalTensor<uint8_t>& tmpLocal, const int32_t k, const TopkTiling& tilling, const TopKInfo& topKInfo,
          const bool isLargest = true, OPKIT_SIM_HERE) {
  (void)isReuseSrc;
  opkit::sim::detail::require_ub_operand("TopK", "tmpLocal", tmpLocal, 0, where);
  opkit::sim::detail::topk<T, isInitIndex, isHasfinish, topkMode, config>(
      dstValueLocal, dstIndexLocal, srcLocal, srcIndexLocal, finishLocal, k, tilling, topKInfo, isLargest, where);
}

OPKIT_TOPK_TEMPLATE
void TopK(const LocalTensor<T>& dstValueLocal, const LocalTensor<int32_t>& dstIndexLocal, const LocalTensor<T>& srcLocal,
          const LocalTensor<int32_t>& srcIndexLocal, const LocalTensor<bool>& finishLocal, const int32_t k,
          const TopkTiling& tilling, const TopKInfo& topKInfo, const bool isLargest = true, OPKIT_SIM_HERE) {
  (void)isReuseSrc;
  opkit::sim::detail::topk<T, isInitIndex, isHasfinish, topkMode, config>(
      dstValueLocal, dstIndexLocal, srcLocal, srcIndexLocal, finishLocal, k, tilling, topKInfo, isLargest, where);
}

#undef OPKIT_TOPK_TEMPLATE

}  // namespace AscendC
