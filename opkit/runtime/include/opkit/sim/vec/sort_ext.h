// Sorting with the 910B sort structure (8 bytes per element: the score in the low bytes, its uint32 index in bytes
// 4-7): Concat (on the 910B: the scores as they are), Sort<T, isFullSort> (descending; per 32-element repeat, or all of them),
// Extract (structures back to scores and indices), GetSortLen/GetSortOffset; and the SortConfig forms of Sort
// (ascending or descending, optional indices). Every sort is stable: equal scores keep their input order.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <type_traits>
#include <vector>

#include "lib/sort/sort_config.h"
#include "opkit/sim/vec/common.h"

namespace opkit::sim::detail {

template <typename T>
void check_sort_repeat(const char* api, int32_t repeat, const SourceLoc& where) {
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "the sort structure holds half or float scores");
  if (repeat < 0 || repeat > 255) fault(api, cat("repeatTime ", repeat, " is outside [0, 255]"), where);
}

template <typename T>
uint8_t* region(const AscendC::LocalTensor<T>& t) { return reinterpret_cast<uint8_t*>(t.opkit_addr); }

}  // namespace opkit::sim::detail

namespace AscendC {

// Elements of T a sort structure takes: 8 bytes (score and index) from the 910B on, a whole 8-element Region Proposal
// on the 910 and 310P (CANN's regionProposalDataSize).
template <typename T>
uint32_t GetSortLen(const uint32_t elemCount) {
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "GetSortLen: T must be half or float");
#if OPKIT_SOC_ARCH == 1001 || OPKIT_SOC_ARCH == 2002
  return elemCount * 8;
#else
  return elemCount * 8 / sizeof(T);
#endif
}

template <typename T>
uint32_t GetSortOffset(const uint32_t elemOffset) { return GetSortLen<T>(elemOffset); }

// On the 910B the sort reads plain scores, so Concat hands back src itself as `concat` (CANN's Concat takes concat by
// non-const reference and kernels pass an empty tensor); a repeat covers 16 elements; tmp is not used.
template <typename T>
void Concat(LocalTensor<T>& concat, const LocalTensor<T>& src, const LocalTensor<T>& tmp, const int32_t repeatTime,
            OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  (void)tmp;
  d::check_sort_repeat<T>("Concat", repeatTime, where);
  d::require_ub_operand("Concat", "src", src, uint64_t(repeatTime) * 16 * sizeof(T), where);  // 16 per repeat
  concat = src;
}

// concat's scores (repeatTime x 32 of T) with index's indices into sort structures, descending per 32 (isFullSort
// false) or all at once.
template <typename T, bool isFullSort>
void Sort(const LocalTensor<T>& dst, const LocalTensor<T>& concat, const LocalTensor<uint32_t>& index,
          LocalTensor<T>& tmp, const int32_t repeatTime, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  d::check_sort_repeat<T>("Sort", repeatTime, where);
  const uint64_t n = uint64_t(repeatTime) * 32;
  d::require_ub_operand("Sort", "dst", dst, n * 8, where);
  d::require_ub_operand("Sort", "concat", concat, n * sizeof(T), where);
  d::require_ub_operand("Sort", "index", index, n * 4, where);
  d::require_ub_operand("Sort", "tmp", tmp, 0, where);
  std::vector<T> score(concat.opkit_addr, concat.opkit_addr + n);
  std::vector<uint32_t> idx(index.opkit_addr, index.opkit_addr + n), order(n);
  std::iota(order.begin(), order.end(), 0u);
  const uint64_t run = isFullSort ? n : 32;
  for (uint64_t base = 0; base < n; base += run) {
    std::stable_sort(order.begin() + base, order.begin() + base + run, [&](uint32_t a, uint32_t b) {
      return static_cast<float>(score[a]) > static_cast<float>(score[b]);
    });
  }
  for (uint64_t i = 0; i < n; ++i) {
    std::memset(d::region(dst) + i * 8, 0, 4);
    std::memcpy(d::region(dst) + i * 8, static_cast<const void*>(&score[order[i]]), sizeof(T));
    std::memcpy(d::region(dst) + i * 8 + 4, &idx[order[i]], 4);
  }
}

// repeatTime x 32 structures of sorted -> their scores (dstValue) and indices (dstIndex).
template <typename T>
void Extract(const LocalTensor<T>& dstValue, const LocalTensor<uint32_t>& dstIndex, const LocalTensor<T>& sorted,
             const int32_t repeatTime, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  d::check_sort_repeat<T>("Extract", repeatTime, where);
  const uint64_t n = uint64_t(repeatTime) * 32;
  d::require_ub_operand("Extract", "dstValue", dstValue, n * sizeof(T), where);
  d::require_ub_operand("Extract", "dstIndex", dstIndex, n * 4, where);
  d::require_ub_operand("Extract", "sorted", sorted, n * 8, where);
  std::vector<uint8_t> copy(d::region(sorted), d::region(sorted) + n * 8);  // outputs may alias the input
  for (uint64_t i = 0; i < n; ++i) {
    std::memcpy(static_cast<void*>(dstValue.opkit_addr + i), copy.data() + i * 8, sizeof(T));
    std::memcpy(dstIndex.opkit_addr + i, copy.data() + i * 8 + 4, 4);
  }
}

}  // namespace AscendC

namespace opkit::sim::detail {

// The SortConfig forms: calCount values, ascending unless config.isDescend; indices from srcIndex or 0..n-1.
template <typename T, typename U, bool kDescend>
void config_sort(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<U>* dst_index,
                 const AscendC::LocalTensor<T>& src, const AscendC::LocalTensor<U>* src_index, uint32_t count,
                 const SourceLoc& where) {
  static_assert(std::is_arithmetic_v<T> || std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>,
                "Sort: T must be a numeric type");
  require_ub_operand("Sort", "dstTensor", dst, uint64_t(count) * sizeof(T), where);
  require_ub_operand("Sort", "srcTensor", src, uint64_t(count) * sizeof(T), where);
  if (dst_index != nullptr) require_ub_operand("Sort", "dstIndexTensor", *dst_index, uint64_t(count) * sizeof(U), where);
  if (src_index != nullptr) require_ub_operand("Sort", "srcIndexTensor", *src_index, uint64_t(count) * sizeof(U), where);
  std::vector<T> v(src.opkit_addr, src.opkit_addr + count);
  std::vector<U> ix(count);
  for (uint32_t i = 0; i < count; ++i) ix[i] = src_index != nullptr ? src_index->opkit_addr[i] : U(i);
  std::vector<uint32_t> order(count);
  std::iota(order.begin(), order.end(), 0u);
  std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    const double x = static_cast<double>(v[a]), y = static_cast<double>(v[b]);
    return kDescend ? x > y : x < y;
  });
  for (uint32_t i = 0; i < count; ++i) {
    dst.opkit_addr[i] = v[order[i]];
    if (dst_index != nullptr) dst_index->opkit_addr[i] = ix[order[i]];
  }
}

}  // namespace opkit::sim::detail

namespace AscendC {

#define OPKIT_SORT_CFG template <typename T, bool isReuseSource = false, const SortConfig& config = DEFAULT_SORT_CONFIG>
OPKIT_SORT_CFG
void Sort(LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const uint32_t calCount, OPKIT_SIM_HERE) {
  opkit::sim::detail::config_sort<T, uint32_t, config.isDescend>(dstTensor, nullptr, srcTensor, nullptr, calCount,
                                                                 where);
}
OPKIT_SORT_CFG
void Sort(LocalTensor<T>& dstTensor, LocalTensor<uint32_t>& dstIndexTensor, const LocalTensor<T>& srcTensor,
          const uint32_t calCount, OPKIT_SIM_HERE) {
  opkit::sim::detail::config_sort<T, uint32_t, config.isDescend>(dstTensor, &dstIndexTensor, srcTensor, nullptr,
                                                                 calCount, where);
}
template <typename T, typename U, bool isReuseSource = false, const SortConfig& config = DEFAULT_SORT_CONFIG>
void Sort(const LocalTensor<T>& dstTensor, const LocalTensor<U>& dstIndexTensor, const LocalTensor<T>& srcTensor,
          const LocalTensor<U>& srcIndexTensor, const uint32_t calCount, OPKIT_SIM_HERE) {
  opkit::sim::detail::config_sort<T, U, config.isDescend>(dstTensor, &dstIndexTensor, srcTensor, &srcIndexTensor,
                                                          calCount, where);
}
OPKIT_SORT_CFG
void Sort(LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
          const uint32_t calCount, OPKIT_SIM_HERE) {
  opkit::sim::detail::require_ub_operand("Sort", "sharedTmpBuffer", sharedTmpBuffer, 0, where);
  opkit::sim::detail::config_sort<T, uint32_t, config.isDescend>(dstTensor, nullptr, srcTensor, nullptr, calCount,
                                                                 where);
}
OPKIT_SORT_CFG
void Sort(LocalTensor<T>& dstTensor, LocalTensor<uint32_t>& dstIndexTensor, const LocalTensor<T>& srcTensor,
          const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount, OPKIT_SIM_HERE) {
  opkit::sim::detail::require_ub_operand("Sort", "sharedTmpBuffer", sharedTmpBuffer, 0, where);
  opkit::sim::detail::config_sort<T, uint32_t, config.isDescend>(dstTensor, &dstIndexTensor, srcTensor, nullptr,
                                                                 calCount, where);
}
template <typename T, typename U, bool isReuseSource = false, const SortConfig& config = DEFAULT_SORT_CONFIG>
void Sort(const LocalTensor<T>& dstTensor, const LocalTensor<U>& dstIndexTensor, const LocalTensor<T>& srcTensor,
          const LocalTensor<U>& srcIndexTensor, const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount,
          OPKIT_SIM_HERE) {
  opkit::sim::detail::require_ub_operand("Sort", "sharedTmpBuffer", sharedTmpBuffer, 0, where);
  opkit::sim::detail::config_sort<T, U, config.isDescend>(dstTensor, &dstIndexTensor, srcTensor, &srcIndexTensor,
                                                          calCount, where);
}
#undef OPKIT_SORT_CFG

}  // namespace AscendC
