// Interleave / DeInterleave (CANN's kernel_operator_vec_duplicate_intf.h). CANN declares them for every SoC but
// implements them for Ascend 950 alone (impl/basic_api/dav_3510); here they compute on every profile, as Philox
// does (docs/simulated-api.md). `count` is the element count of each tensor and must be even.
//   Interleave:   dst0 = src0[0], src1[0], src0[1], src1[1], ... over the first count/2 pairs; dst1 the same over
//                 the last count/2 pairs (the 2*count interleaved elements, split in two).
//   DeInterleave: dst0 = the even-index elements of src0 then of src1, dst1 the odd-index ones (count/2 each);
//                 the one-source form splits src's srcCount elements into its srcCount/2 even and odd ones.
#pragma once

#include <cstdint>
#include <vector>

#include "opkit/sim/vec/common.h"

namespace opkit::sim::detail {

template <typename T>
inline constexpr bool interleave_supported_v =
    one_of_v<T, uint8_t, int8_t, uint16_t, int16_t, uint32_t, int32_t, half, float, bfloat16_t, uint64_t, int64_t>;

#define OPKIT_INTERLEAVE_CHECK(API, T)                                                                          \
  static_assert(::opkit::sim::detail::interleave_supported_v<T>,                                              \
                API " supports int8_t, uint8_t, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float, " \
                    "int64_t and uint64_t")

inline uint64_t even_count_arg(const char* api, const char* name, int32_t count, const SourceLoc& where) {
  const uint64_t n = count_arg(api, count, where);
  if (n % 2 != 0) fault(api, cat(name, " ", count, " is odd; CANN requires an even count"), where);
  return n;
}

}  // namespace opkit::sim::detail

namespace AscendC {

template <typename T>
void Interleave(const LocalTensor<T>& dst0, const LocalTensor<T>& dst1, const LocalTensor<T>& src0,
                const LocalTensor<T>& src1, const int32_t count, OPKIT_SIM_HERE) {
  OPKIT_INTERLEAVE_CHECK("Interleave", T);
  namespace d = opkit::sim::detail;
  const uint64_t n = d::even_count_arg("Interleave", "count", count, where);
  for (auto [role, t] : {std::pair{"dst0", &dst0}, {"dst1", &dst1}, {"src0", &src0}, {"src1", &src1}}) {
    d::require_ub_operand("Interleave", role, *t, n * sizeof(T), where);
  }
  // Read everything first: a dst may be one of the sources.
  const std::vector<T> a(src0.opkit_addr, src0.opkit_addr + n), b(src1.opkit_addr, src1.opkit_addr + n);
  const uint64_t half_n = n / 2;
  for (uint64_t i = 0; i < half_n; ++i) {
    dst0.opkit_addr[2 * i] = a[i];
    dst0.opkit_addr[2 * i + 1] = b[i];
    dst1.opkit_addr[2 * i] = a[half_n + i];
    dst1.opkit_addr[2 * i + 1] = b[half_n + i];
  }
}

template <typename T>
void DeInterleave(const LocalTensor<T>& dst0, const LocalTensor<T>& dst1, const LocalTensor<T>& src0,
                  const LocalTensor<T>& src1, const int32_t count, OPKIT_SIM_HERE) {
  OPKIT_INTERLEAVE_CHECK("DeInterleave", T);
  namespace d = opkit::sim::detail;
  const uint64_t n = d::even_count_arg("DeInterleave", "count", count, where);
  for (auto [role, t] : {std::pair{"dst0", &dst0}, {"dst1", &dst1}, {"src0", &src0}, {"src1", &src1}}) {
    d::require_ub_operand("DeInterleave", role, *t, n * sizeof(T), where);
  }
  const std::vector<T> a(src0.opkit_addr, src0.opkit_addr + n), b(src1.opkit_addr, src1.opkit_addr + n);
  const uint64_t half_n = n / 2;
  for (uint64_t i = 0; i < half_n; ++i) {
    dst0.opkit_addr[i] = a[2 * i];
    dst1.opkit_addr[i] = a[2 * i + 1];
    dst0.opkit_addr[half_n + i] = b[2 * i];
    dst1.opkit_addr[half_n + i] = b[2 * i + 1];
  }
}

template <typename T>
void DeInterleave(const LocalTensor<T>& dst0, const LocalTensor<T>& dst1, const LocalTensor<T>& src,
                  const int32_t srcCount, OPKIT_SIM_HERE) {
  OPKIT_INTERLEAVE_CHECK("DeInterleave", T);
  namespace d = opkit::sim::detail;
  const uint64_t n = d::even_count_arg("DeInterleave", "srcCount", srcCount, where);
  d::require_ub_operand("DeInterleave", "src", src, n * sizeof(T), where);
  d::require_ub_operand("DeInterleave", "dst0", dst0, n / 2 * sizeof(T), where);
  d::require_ub_operand("DeInterleave", "dst1", dst1, n / 2 * sizeof(T), where);
  const std::vector<T> a(src.opkit_addr, src.opkit_addr + n);
  for (uint64_t i = 0; i < n / 2; ++i) {
    dst0.opkit_addr[i] = a[2 * i];
    dst1.opkit_addr[i] = a[2 * i + 1];
  }
}

}  // namespace AscendC
