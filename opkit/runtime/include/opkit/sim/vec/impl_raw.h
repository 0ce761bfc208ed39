// CANN's internal vector *Impl functions on raw __ubuf__ pointers (impl/basic_api/dav_*/kernel_operator_vec_*_impl.h),
// which kernel_operator.h declares and some kernels call directly:
//   DuplicateImpl<int16_t>((__ubuf__ int16_t*)buf.GetPhyAddr(), 0, count);
// Each checks that the pointer lies in this block's Unified Buffer, then runs the public API on a view from the
// pointer to the end of UB (a raw pointer carries no tensor size; the API's own checks bound the write by UB).
#pragma once

#include <cstdint>

#include "opkit/sim/vec/common.h"
#include "opkit/sim/vec/elementwise.h"

namespace opkit::sim::detail {

template <typename T>
AscendC::LocalTensor<T> raw_ub_view(const char* api, T* p, const SourceLoc& where) {
  const BlockContext& c = current_block();
  const auto* b = reinterpret_cast<const uint8_t*>(p);
  if (c.ub_base == nullptr || b < c.ub_base || b >= c.ub_base + c.ub_size) {
    fault(api, "dstLocal is not a pointer into this block's Unified Buffer (a __ubuf__ address, e.g. "
               "(__ubuf__ T*)tensor.GetPhyAddr())", where);
  }
  return make_local(p, static_cast<uint32_t>((c.ub_base + c.ub_size - b) / sizeof(T)));
}

}  // namespace opkit::sim::detail

namespace AscendC {

template <typename T>
void DuplicateImpl(__ubuf__ T* dstLocal, const T& scalarValue, const int32_t& count, OPKIT_SIM_HERE) {
  Duplicate(opkit::sim::detail::raw_ub_view("DuplicateImpl", dstLocal, where), scalarValue, count, where);
}

template <typename T, bool isSetMask = true>
void DuplicateImpl(__ubuf__ T* dstLocal, const T& scalarValue, uint64_t mask, const uint8_t repeatTime,
                   const uint16_t dstBlockStride, const uint8_t dstRepeatStride, OPKIT_SIM_HERE) {
  Duplicate<T, isSetMask>(opkit::sim::detail::raw_ub_view("DuplicateImpl", dstLocal, where), scalarValue, mask,
                          repeatTime, dstBlockStride, dstRepeatStride, where);
}

template <typename T, bool isSetMask = true>
void DuplicateImpl(__ubuf__ T* dstLocal, const T& scalarValue, uint64_t mask[], const uint8_t repeatTime,
                   const uint16_t dstBlockStride, const uint8_t dstRepeatStride, OPKIT_SIM_HERE) {
  Duplicate<T, isSetMask>(opkit::sim::detail::raw_ub_view("DuplicateImpl", dstLocal, where), scalarValue, mask,
                          repeatTime, dstBlockStride, dstRepeatStride, where);
}

}  // namespace AscendC
