// Broadcast/BroadCast: repeat a 1-D or 2-D UB tensor along one axis (numpy broadcasting of a size-1 axis).
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "opkit/sim/vec/common.h"

namespace opkit::sim::detail {

// CANN's docs list int8_t, uint8_t, half and float, but its implementations take any b16/b32 type (the 2201/2002
// path dispatches on sizeof(T) alone, the 3510 one static_asserts b8/b16/b32), so kernels use bfloat16_t and the
// integers too; b8 stays int8_t/uint8_t, which the 2201 path casts to half.
template <typename T>
inline constexpr bool broadcast_type_v =
    std::is_same_v<T, int8_t> || std::is_same_v<T, uint8_t> || std::is_same_v<T, half> ||
    std::is_same_v<T, bfloat16_t> || std::is_same_v<T, int16_t> || std::is_same_v<T, uint16_t> ||
    std::is_same_v<T, float> || std::is_same_v<T, int32_t> || std::is_same_v<T, uint32_t>;

// dim 1: src [1] -> dst [n]; dim 2, axis 0: src [1, N] -> dst [M, N]; dim 2, axis 1: src [M, 1] -> dst [M, N].
template <typename T, int32_t dim, int32_t axis>
void broadcast(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src, const uint32_t dst_shape[],
               const uint32_t src_shape[], const AscendC::LocalTensor<uint8_t>* tmp, const SourceLoc& where) {
  const char* api = "Broadcast";
  uint64_t m = 1, n = dst_shape[dim - 1];
  if constexpr (dim == 2) m = dst_shape[0];
  for (int32_t d = 0; d < dim; ++d) {
    const bool ok = d == axis ? (src_shape[d] == 1 || src_shape[d] == dst_shape[d]) : src_shape[d] == dst_shape[d];
    if (!ok) {
      fault(api, cat("srcShape[", d, "] is ", src_shape[d], " but dstShape[", d, "] is ", dst_shape[d],
                     d == axis ? " (the broadcast axis must be 1 in src)" : " (other axes must match)"), where);
    }
  }
  if constexpr (dim == 2) {
    // CANN's constraints: axis 0 needs srcShape[1] in whole 32 B blocks; axis 1 needs srcShape[0] so only on the
    // Atlas inference series AI Core (310P, arch 2002). Elsewhere [m, 1] -> [m, k] takes any m (brcb per element).
    const uint64_t kept = axis == 0 ? src_shape[1] : src_shape[0];
    if ((axis == 0 || current_block().npu_arch == 2002) && kept * sizeof(T) % 32 != 0) {
      fault(api, cat("srcShape[", axis == 0 ? 1 : 0, "] ", kept, " x ", sizeof(T), " bytes is not a multiple of 32 "
                     "bytes (Broadcast of a 2-D tensor needs it aligned", axis == 0 ? "" : " on Ascend310P", ")"),
            where);
    }
  }
  const uint64_t src_elems = dim == 1 ? src_shape[0] : uint64_t(src_shape[0]) * src_shape[1];
  require_ub_operand(api, "src", src, src_elems * sizeof(T), where);
  require_ub_operand(api, "dst", dst, m * n * sizeof(T), where);
  if (tmp != nullptr) require_ub_operand(api, "sharedTmpBuffer", *tmp, 0, where);
  const auto* s = reinterpret_cast<const uint8_t*>(src.opkit_addr);
  const auto* d0 = reinterpret_cast<const uint8_t*>(dst.opkit_addr);
  if (s < d0 + m * n * sizeof(T) && d0 < s + src_elems * sizeof(T)) fault(api, "src and dst overlap", where);
  for (uint64_t i = 0; i < m; ++i) {
    for (uint64_t j = 0; j < n; ++j) {
      uint64_t from;
      if constexpr (dim == 1) from = src_shape[0] == 1 ? 0 : j;
      else if constexpr (axis == 0) from = (src_shape[0] == 1 ? 0 : i * n) + j;
      else from = i * src_shape[1] + (src_shape[1] == 1 ? 0 : j);
      dst.opkit_addr[i * n + j] = src.opkit_addr[from];
    }
  }
}

template <typename T, int32_t dim, int32_t axis>
constexpr void check_broadcast_template() {
  static_assert(broadcast_type_v<T>, "Broadcast: T must be int8_t, uint8_t, half, bfloat16_t, int16_t, uint16_t, "
                                     "float, int32_t or uint32_t");
  static_assert(dim == 1 || dim == 2, "Broadcast: only dim 1 and 2 are supported");
  static_assert(axis == 0 || axis == 1, "Broadcast: axis must be 0 or 1");
  static_assert(axis < dim, "Broadcast: axis must be < dim");
}

}  // namespace opkit::sim::detail

namespace AscendC {

template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
void BroadCast(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const uint32_t dstShape[dim],
               const uint32_t srcShape[dim], LocalTensor<uint8_t>& sharedTmpBuffer, OPKIT_SIM_HERE) {
  opkit::sim::detail::check_broadcast_template<T, dim, axis>();
  opkit::sim::detail::broadcast<T, dim, axis>(dstLocal, srcLocal, dstShape, srcShape, &sharedTmpBuffer, where);
}

template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
void BroadCast(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const uint32_t dstShape[dim],
               const uint32_t srcShape[dim], OPKIT_SIM_HERE) {
  opkit::sim::detail::check_broadcast_template<T, dim, axis>();
  opkit::sim::detail::broadcast<T, dim, axis>(dstLocal, srcLocal, dstShape, srcShape, nullptr, where);
}

template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
void Broadcast(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const uint32_t dstShape[dim],
               const uint32_t srcShape[dim], LocalTensor<uint8_t>& sharedTmpBuffer, OPKIT_SIM_HERE) {
  opkit::sim::detail::check_broadcast_template<T, dim, axis>();
  opkit::sim::detail::broadcast<T, dim, axis>(dstLocal, srcLocal, dstShape, srcShape, &sharedTmpBuffer, where);
}

template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
void Broadcast(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const uint32_t dstShape[dim],
               const uint32_t srcShape[dim], OPKIT_SIM_HERE) {
  opkit::sim::detail::check_broadcast_template<T, dim, axis>();
  opkit::sim::detail::broadcast<T, dim, axis>(dstLocal, srcLocal, dstShape, srcShape, nullptr, where);
}

}  // namespace AscendC
