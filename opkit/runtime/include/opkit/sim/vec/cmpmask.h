// The CmpMask register (CANN's kernel_operator_vec_cmpsel_intf.h): Compare's register form compares one repeat and
// writes its result bits (bit i for element i of the repeat, 0 for masked-off elements) to the 128-bit CmpMask
// register instead of a tensor; GetCmpMask copies the register's 16 bytes to a UB tensor, SetCmpMask loads them from
// one. The register is per core and starts at 0 in every block.
#pragma once

#include <cstdint>
#include <cstring>

#include "opkit/sim/vec/common.h"

// Included by cmpsel.h (its compare helpers come first).

namespace opkit::sim::detail {

template <typename T, typename M>
void compare_to_register(const AscendC::LocalTensor<T>& src0, const AscendC::LocalTensor<T>& src1,
                         AscendC::CMPMODE mode, M mask, bool is_set_mask, const AscendC::BinaryRepeatParams& s,
                         const SourceLoc& where) {
  const char* api = "Compare";
  static_assert(one_of_v<T, half, float, int32_t>, "Compare supports half, float and int32_t (EQ only)");
  check_compare_mode<T>(api, mode, where);
  const MaskPlan p = plan_mask(api, kRepeatElems<T>, mask, 1, is_set_mask, where);
  require_ub_operand(api, "src0", src0, span_bytes<T>(p, s.src0BlkStride, s.src0RepStride), where);
  require_ub_operand(api, "src1", src1, span_bytes<T>(p, s.src1BlkStride, s.src1RepStride), where);
  uint8_t bits[16] = {};
  for_each_slot(p, [&](uint32_t r, uint32_t j) {
    const compute_t<T> a = slot(src0, r, j, s.src0BlkStride, s.src0RepStride);
    const compute_t<T> b = slot(src1, r, j, s.src1BlkStride, s.src1RepStride);
    put_bit(bits, j, compare<compute_t<T>>(a, b, mode));
  });
  std::memcpy(current_block().cmp_mask, bits, sizeof(bits));
}

}  // namespace opkit::sim::detail

namespace AscendC {

template <typename T, bool isSetMask = true>
void Compare(const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode, const uint64_t mask[],
             const BinaryRepeatParams& repeatParams, OPKIT_SIM_HERE) {
  opkit::sim::detail::compare_to_register(src0, src1, cmpMode, mask, isSetMask, repeatParams, where);
}
template <typename T, bool isSetMask = true>
void Compare(const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode, const uint64_t mask,
             const BinaryRepeatParams& repeatParams, OPKIT_SIM_HERE) {
  opkit::sim::detail::compare_to_register(src0, src1, cmpMode, mask, isSetMask, repeatParams, where);
}

template <typename T>
void GetCmpMask(const LocalTensor<T>& dst, OPKIT_SIM_HERE) {
  opkit::sim::detail::require_ub_operand("GetCmpMask", "dst", dst, 16, where);
  std::memcpy(static_cast<void*>(dst.opkit_addr), opkit::sim::detail::current_block().cmp_mask, 16);
}

template <typename T>
void SetCmpMask(const LocalTensor<T>& src, OPKIT_SIM_HERE) {
  opkit::sim::detail::require_ub_operand("SetCmpMask", "src", src, 16, where);
  std::memcpy(opkit::sim::detail::current_block().cmp_mask, static_cast<const void*>(src.opkit_addr), 16);
}

}  // namespace AscendC
