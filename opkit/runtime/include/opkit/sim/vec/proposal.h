// Region Proposals (CANN's kernel_operator_proposal_intf.h; Ascend310P and Ascend910): 8 elements of half/float
// each, [x1, y1, x2, y2, score, label, reserved, reserved]. ProposalConcat writes 16 consecutive elements per repeat
// into element `modeNumber` of 16 proposals, ProposalExtract reads them back, RpSort16 sorts each run of 16
// proposals by score (large first; equal scores keep their order), MrgSort4 merges up to 4 sorted proposal lists
// (MrgSort's rules, vec/mrgsort.h). CANN's 910B/950 builds report them unsupported at run time; so does this.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "opkit/sim/vec/mrgsort.h"

namespace opkit::sim::detail {

inline void require_proposal_soc(const char* api, const SourceLoc& where) {
  if (OPKIT_SOC_ARCH != 2002 && OPKIT_SOC_ARCH != 1001) {
    fault(api, cat(api, " is not supported on " OPKIT_SOC_NAME " (CANN reports it unsupported there; it exists on "
                   "Ascend310P and Ascend910). On this SoC use Sort32/MrgSort or the Sort API"), where);
  }
}

template <typename T>
void check_proposal_args(const char* api, int32_t repeat, int32_t mode, bool has_mode, const SourceLoc& where) {
  static_assert(one_of_v<T, half, float>, "Region Proposals hold half or float elements");
  if (repeat < 0 || repeat > 255) fault(api, cat("repeatTime ", repeat, " is outside [0, 255]"), where);
  if (has_mode && (mode < 0 || mode > 5)) {
    fault(api, cat("modeNumber ", mode, " is outside [0, 5] (x1, y1, x2, y2, score, label)"), where);
  }
}

}  // namespace opkit::sim::detail

namespace AscendC {

template <typename T>
void ProposalConcat(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,
                    const int32_t modeNumber, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  d::require_proposal_soc("ProposalConcat", where);
  d::check_proposal_args<T>("ProposalConcat", repeatTime, modeNumber, true, where);
  const uint64_t n = uint64_t(repeatTime) * 16;
  if (n == 0) return;
  d::require_ub_operand("ProposalConcat", "src", src, n * sizeof(T), where);
  d::require_ub_operand("ProposalConcat", "dst", dst, n * 8 * sizeof(T), where);
  const std::vector<T> in(src.opkit_addr, src.opkit_addr + n);
  for (uint64_t k = 0; k < n; ++k) dst.opkit_addr[k * 8 + uint64_t(modeNumber)] = in[k];
}

template <typename T>
void ProposalExtract(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,
                     const int32_t modeNumber, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  d::require_proposal_soc("ProposalExtract", where);
  d::check_proposal_args<T>("ProposalExtract", repeatTime, modeNumber, true, where);
  const uint64_t n = uint64_t(repeatTime) * 16;
  if (n == 0) return;
  d::require_ub_operand("ProposalExtract", "src", src, n * 8 * sizeof(T), where);
  d::require_ub_operand("ProposalExtract", "dst", dst, n * sizeof(T), where);
  std::vector<T> out(n);
  for (uint64_t k = 0; k < n; ++k) out[k] = src.opkit_addr[k * 8 + uint64_t(modeNumber)];
  std::copy(out.begin(), out.end(), dst.opkit_addr);
}

template <typename T>
void RpSort16(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  d::require_proposal_soc("RpSort16", where);
  d::check_proposal_args<T>("RpSort16", repeatTime, 0, false, where);
  const uint64_t n = uint64_t(repeatTime) * 16;
  if (n == 0) return;
  d::require_ub_operand("RpSort16", "src", src, n * 8 * sizeof(T), where);
  d::require_ub_operand("RpSort16", "dst", dst, n * 8 * sizeof(T), where);
  const std::vector<T> in(src.opkit_addr, src.opkit_addr + n * 8);
  for (uint64_t r = 0; r < n / 16; ++r) {
    uint32_t order[16];
    for (uint32_t k = 0; k < 16; ++k) order[k] = k;
    const T* base = in.data() + r * 128;
    std::stable_sort(order, order + 16, [&](uint32_t a, uint32_t b) {
      return static_cast<float>(base[a * 8 + 4]) > static_cast<float>(base[b * 8 + 4]);
    });
    for (uint32_t k = 0; k < 16; ++k) {
      std::copy(base + order[k] * 8, base + order[k] * 8 + 8, dst.opkit_addr + r * 128 + k * 8);
    }
  }
}

// elementLengths count proposals (8 * sizeof(T) bytes each); the score is element 4.
template <typename T>
void MrgSort4(const LocalTensor<T>& dst, const MrgSortSrcList<T>& src, const MrgSort4Info& params, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  d::require_proposal_soc("MrgSort4", where);
  d::check_proposal_args<T>("MrgSort4", params.repeatTimes, 0, false, where);
  d::mrg_sort("MrgSort4", dst, src, params.elementLengths, params.ifExhaustedSuspension, params.validBit,
              params.repeatTimes, nullptr, where, 8 * sizeof(T), 4 * sizeof(T));
}

}  // namespace AscendC
