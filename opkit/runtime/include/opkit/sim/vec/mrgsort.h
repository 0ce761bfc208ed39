// MrgSort (CANN's kernel_operator_proposal_intf.h; and the advanced form of lib/sort): merge up to 4 sorted lists of
// 910B sort structures (8 bytes each: the half/float score at byte 0, its uint32 index at bytes 4-7) into one, by
// score from large to small; equal scores keep list order (list 1 before list 2 ...) and each list's own order.
// Repeats (repeatTimes > 1) merge the next 4 lists, which must lie right after (CANN's four conditions: 4 valid lists
// of one length, stored back to back, no exhausted-suspension). With ifExhaustedSuspension the merge stops once a
// valid list is used up; GetMrgSortResult then reads how many structures each list gave.
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

#include "opkit/sim/vec/common.h"

namespace AscendC {

constexpr int32_t MRG_SORT_ELEMENT_LEN = 4;

struct MrgSort4Info {
  MrgSort4Info() {}
  MrgSort4Info(const uint16_t elementLengthsIn[MRG_SORT_ELEMENT_LEN], const bool ifExhaustedSuspensionIn,
               const uint16_t validBitIn, const uint16_t repeatTimesIn)
      : ifExhaustedSuspension(ifExhaustedSuspensionIn), validBit(validBitIn),
        repeatTimes(static_cast<uint8_t>(repeatTimesIn)) {
    for (int32_t i = 0; i < MRG_SORT_ELEMENT_LEN; ++i) elementLengths[i] = elementLengthsIn[i];
  }
  uint16_t elementLengths[MRG_SORT_ELEMENT_LEN] = {0};
  bool ifExhaustedSuspension = false;
  uint16_t validBit = 0;
  uint8_t repeatTimes = 1;
};

template <typename T>
struct MrgSortSrcList {
  MrgSortSrcList() {}
  MrgSortSrcList(const LocalTensor<T>& src1In, const LocalTensor<T>& src2In, const LocalTensor<T>& src3In,
                 const LocalTensor<T>& src4In)
      : src1(src1In[0]), src2(src2In[0]), src3(src3In[0]), src4(src4In[0]) {}
  LocalTensor<T> src1;
  LocalTensor<T> src2;
  LocalTensor<T> src3;
  LocalTensor<T> src4;
};

}  // namespace AscendC

namespace opkit::sim::detail {

template <typename T>
void mrg_sort(const char* api, const AscendC::LocalTensor<T>& dst, const AscendC::MrgSortSrcList<T>& src,
              const uint16_t lengths[4], bool exhausted, uint16_t valid_bit, int32_t repeat, uint32_t* sorted_num,
              const SourceLoc& where, uint32_t stride = 8, uint32_t score_off = 0) {
  static_assert(one_of_v<T, half, float>, "MrgSort supports half and float scores");
  if (valid_bit != 3 && valid_bit != 7 && valid_bit != 15) {
    fault(api, cat("validBit ", valid_bit, " is not 3, 7 or 15 (the first 2, 3 or 4 lists)"), where);
  }
  if (repeat < 0 || repeat > 255) fault(api, cat("repeatTimes ", repeat, " is outside [0, 255]"), where);
  const int lists = valid_bit == 3 ? 2 : valid_bit == 7 ? 3 : 4;
  const AscendC::LocalTensor<T>* in[4] = {&src.src1, &src.src2, &src.src3, &src.src4};
  uint64_t total = 0;
  for (int i = 0; i < lists; ++i) {
    if (lengths[i] > 4095) fault(api, cat("elementLengths[", i, "] ", lengths[i], " is outside [0, 4095]"), where);
    total += lengths[i];
  }
  if (repeat > 1) {
    const bool same = lengths[0] == lengths[1] && lengths[1] == lengths[2] && lengths[2] == lengths[3];
    bool packed = true;
    for (int i = 1; i < 4; ++i) {
      packed = packed && reinterpret_cast<const uint8_t*>(in[i]->opkit_addr) ==
                             reinterpret_cast<const uint8_t*>(in[0]->opkit_addr) + uint64_t(i) * lengths[0] * stride;
    }
    if (valid_bit != 15 || !same || !packed || exhausted) {
      fault(api, cat("repeatTimes ", repeat, " needs 4 valid lists (validBit 15) of one length, stored back to back "
                     "from src1, and ifExhaustedSuspension false (CANN's conditions for repeats); got validBit ",
                     valid_bit, ", lengths ", lengths[0], "/", lengths[1], "/", lengths[2], "/", lengths[3],
                     packed ? "" : ", lists not back to back", exhausted ? ", ifExhaustedSuspension true" : ""),
            where);
    }
  }
  if (repeat == 0) return;
  const uint64_t span = repeat > 1 ? uint64_t(repeat) * total * stride : total * stride;
  require_ub_operand(api, "dst", dst, span, where);
  const auto* dst_lo = reinterpret_cast<const uint8_t*>(dst.opkit_addr);
  static const char* const kNames[4] = {"src1", "src2", "src3", "src4"};
  for (int i = 0; i < lists; ++i) {
    const uint64_t n = repeat > 1 ? uint64_t(repeat - 1) * total + uint64_t(3 - i) * lengths[0] + lengths[i]
                                  : uint64_t(lengths[i]);
    const uint64_t bytes = n * stride;
    if (bytes == 0) continue;
    require_ub_elements(api, kNames[i], *in[i], bytes, where);
    const auto* lo = reinterpret_cast<const uint8_t*>(in[i]->opkit_addr);
    if ((lo - current_block().ub_base) % 8 != 0) fault(api, cat(kNames[i], " is not 8-byte aligned"), where);
    if (lo < dst_lo + span && dst_lo < lo + bytes) fault(api, cat(kNames[i], " overlaps dst (CANN forbids it)"), where);
  }
  std::vector<uint8_t> out(span);
  uint16_t taken[4] = {0, 0, 0, 0};
  uint64_t written = 0;
  for (int32_t r = 0; r < repeat; ++r) {
    const uint8_t* head[4];
    for (int i = 0; i < lists; ++i) {
      head[i] = reinterpret_cast<const uint8_t*>(in[i]->opkit_addr) + uint64_t(r) * total * stride;
      taken[i] = 0;
    }
    uint8_t* o = out.data() + uint64_t(r) * total * stride;
    for (;;) {
      int best = -1;
      float best_score = 0.0f;
      bool any_done = false;
      for (int i = 0; i < lists; ++i) {
        if (taken[i] == lengths[i]) {
          any_done = true;
          continue;
        }
        T s;
        std::memcpy(static_cast<void*>(&s), head[i] + uint64_t(taken[i]) * stride + score_off, sizeof(T));
        const float f = static_cast<float>(s);
        if (best < 0 || f > best_score) best = i, best_score = f;
      }
      if (best < 0 || (exhausted && any_done)) break;
      std::memcpy(o, head[best] + uint64_t(taken[best]) * stride, stride);
      o += stride;
      ++taken[best];
    }
    written = static_cast<uint64_t>(o - out.data());
  }
  std::memcpy(static_cast<void*>(dst.opkit_addr), out.data(), written);
  for (int i = 0; i < 4; ++i) {
    current_block().mrg_sort_taken[i] = i < lists ? taken[i] : 0;
    if (sorted_num != nullptr) sorted_num[i] = i < lists ? taken[i] : 0;
  }
}

}  // namespace opkit::sim::detail

namespace AscendC {

template <typename T>
void MrgSort(const LocalTensor<T>& dst, const MrgSortSrcList<T>& src, const MrgSort4Info& params, OPKIT_SIM_HERE) {
  if (OPKIT_SOC_ARCH == 2002 || OPKIT_SOC_ARCH == 1001) {
    opkit::sim::detail::fault("MrgSort", "the basic MrgSort is not supported on " OPKIT_SOC_NAME " (CANN's list: 910B, "
                              "910_93, 310B, 950); merge Region Proposals with MrgSort4 there", where);
  }
  opkit::sim::detail::mrg_sort("MrgSort", dst, src, params.elementLengths, params.ifExhaustedSuspension,
                               params.validBit, params.repeatTimes, nullptr, where);
}

// The advanced API's form (lib/sort): sortedNum receives what GetMrgSortResult would. On Ascend310P it merges
// Region Proposals (8 elements, score at element 4), CANN's "layout two" there.
template <typename T, bool isExhaustedSuspension = false>
void MrgSort(const LocalTensor<T>& dst, const MrgSortSrcList<T>& sortList, const uint16_t elementCountList[4],
             uint32_t sortedNum[4], uint16_t validBit, const int32_t repeatTime, OPKIT_SIM_HERE) {
  constexpr bool kProposals = OPKIT_SOC_ARCH == 2002;
  opkit::sim::detail::mrg_sort("MrgSort", dst, sortList, elementCountList, isExhaustedSuspension, validBit,
                               repeatTime, sortedNum, where, kProposals ? 8 * sizeof(T) : 8,
                               kProposals ? 4 * sizeof(T) : 0);
}

inline void GetMrgSortResult(uint16_t& mrgSortList1, uint16_t& mrgSortList2, uint16_t& mrgSortList3,
                             uint16_t& mrgSortList4) {
  const uint16_t* t = opkit::sim::detail::current_block().mrg_sort_taken;
  mrgSortList1 = t[0], mrgSortList2 = t[1], mrgSortList3 = t[2], mrgSortList4 = t[3];
}

}  // namespace AscendC
