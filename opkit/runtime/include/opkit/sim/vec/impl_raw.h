// CANN's internal vector *Impl functions on raw __ubuf__ pointers (impl/basic_api/dav_*/kernel_operator_vec_*_impl.h),
// which kernel_operator.h declares and some kernels call directly:
//   DuplicateImpl<int16_t>((__ubuf__ int16_t*)buf.GetPhyAddr(), 0, count);
//   DataCopyUB2GMImpl((__gm__ int16_t*)gm.GetPhyAddr() + offset, (__ubuf__ int16_t*)buf.GetPhyAddr(), {1, n, 0, 0});
//   TransDataTo5HDImpl(dstLocalList, srcLocalList, params);   // __ubuf__ T* lists of 16 (ge_glu_grad_v2)
// Each checks that the UB pointer lies in this block's Unified Buffer, then runs the public API on a view from the
// pointer to the end of UB (a raw pointer carries no tensor size; the API's own checks bound the access by UB) and,
// for GM, on a GlobalTensor at the pointer (checked against the launch's GM as every copy is).
#pragma once

#include <cstdint>

#include "opkit/sim/copy.h"
#include "opkit/sim/global_tensor.h"
#include "opkit/sim/vec/common.h"
#include "opkit/sim/vec/elementwise.h"
#include "opkit/sim/vec/transpose.h"

namespace opkit::sim::detail {

template <typename T>
AscendC::LocalTensor<T> raw_ub_view(const char* api, const char* role, T* p, const SourceLoc& where) {
  const BlockContext& c = current_block();
  const auto* b = reinterpret_cast<const uint8_t*>(p);
  if (c.ub_base == nullptr || b < c.ub_base || b >= c.ub_base + c.ub_size) {
    fault(api, cat(role, " is not a pointer into this block's Unified Buffer (a __ubuf__ address, e.g. "
                   "(__ubuf__ T*)tensor.GetPhyAddr())"), where);
  }
  return make_local(p, static_cast<uint32_t>((c.ub_base + c.ub_size - b) / sizeof(T)));
}

template <typename T>
AscendC::GlobalTensor<T> raw_gm(T* p) {
  AscendC::GlobalTensor<T> g;
  g.SetGlobalBuffer(p);
  return g;
}

}  // namespace opkit::sim::detail

namespace AscendC {

template <typename T>
void DuplicateImpl(__ubuf__ T* dstLocal, const T& scalarValue, const int32_t& count, OPKIT_SIM_HERE) {
  Duplicate(opkit::sim::detail::raw_ub_view("DuplicateImpl", "dstLocal", dstLocal, where), scalarValue, count, where);
}

template <typename T, bool isSetMask = true>
void DuplicateImpl(__ubuf__ T* dstLocal, const T& scalarValue, uint64_t mask, const uint8_t repeatTime,
                   const uint16_t dstBlockStride, const uint8_t dstRepeatStride, OPKIT_SIM_HERE) {
  const LocalTensor<T> dst = opkit::sim::detail::raw_ub_view("DuplicateImpl", "dstLocal", dstLocal, where);
  Duplicate<T, isSetMask>(dst, scalarValue, mask, repeatTime, dstBlockStride, dstRepeatStride, where);
}

template <typename T, bool isSetMask = true>
void DuplicateImpl(__ubuf__ T* dstLocal, const T& scalarValue, uint64_t mask[], const uint8_t repeatTime,
                   const uint16_t dstBlockStride, const uint8_t dstRepeatStride, OPKIT_SIM_HERE) {
  const LocalTensor<T> dst = opkit::sim::detail::raw_ub_view("DuplicateImpl", "dstLocal", dstLocal, where);
  Duplicate<T, isSetMask>(dst, scalarValue, mask, repeatTime, dstBlockStride, dstRepeatStride, where);
}

template <typename T>
void DataCopyGM2UBImpl(__ubuf__ T* dst, __gm__ T* src, const DataCopyParams& intriParams, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  DataCopy(d::raw_ub_view("DataCopyGM2UBImpl", "dst", dst, where), d::raw_gm(src), intriParams, where);
}

template <typename T>
void DataCopyUB2GMImpl(__gm__ T* dst, __ubuf__ T* src, const DataCopyParams& intriParams, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  DataCopy(d::raw_gm(dst), d::raw_ub_view("DataCopyUB2GMImpl", "src", src, where), intriParams, where);
}

// The list form on raw pointers: TransDataTo5HD's address-list form, each entry checked to lie in this block's UB.
template <typename T>
void TransDataTo5HDImpl(__ubuf__ T* dstList[NCHW_CONV_ADDR_LIST_SIZE], __ubuf__ T* srcList[NCHW_CONV_ADDR_LIST_SIZE],
                        const TransDataTo5HDParams& nchwconvParams, OPKIT_SIM_HERE) {
  uint64_t dst[NCHW_CONV_ADDR_LIST_SIZE], src[NCHW_CONV_ADDR_LIST_SIZE];
  for (int i = 0; i < NCHW_CONV_ADDR_LIST_SIZE; ++i) {
    dst[i] = reinterpret_cast<uint64_t>(dstList[i]);
    src[i] = reinterpret_cast<uint64_t>(srcList[i]);
  }
  TransDataTo5HD<T>(dst, src, nchwconvParams, where);
}

}  // namespace AscendC
