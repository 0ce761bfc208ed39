// Scatter (CANN's kernel_operator_vec_scatter_intf.h): src element i goes to the dst element at BYTE offset
// dstBaseAddr + dstOffset[i]. Count form: the first `count` elements; mask forms: per repeat 256 B of src
// (srcRepStride blocks apart), the active slots j taking offsets dstOffset[r * elementsPerRepeat + j].
// CANN implements it on the 310P (16/32-bit), 310B and 950 (also 8-bit, count form only, and 64-bit); its 910B and
// 910 builds report it unsupported at run time, and so does this. An offset that is misaligned or past dst faults.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "opkit/sim/vec/common.h"

namespace opkit::sim::detail {

inline void require_scatter_soc(const SourceLoc& where) {
  if (OPKIT_SOC_ARCH == 2201 || OPKIT_SOC_ARCH == 1001) {
    fault("Scatter", "Scatter is not supported on " OPKIT_SOC_NAME " (CANN reports it unsupported there; it exists "
                     "on Ascend310P, Ascend310B and Ascend950)", where);
  }
}

// dst's extent: its element count, or (a tensor without one) the rest of this block's UB.
template <typename T>
uint64_t scatter_dst_bytes(const AscendC::LocalTensor<T>& dst) {
  if (dst.opkit_count != 0) return uint64_t(dst.opkit_count) * sizeof(T);
  const BlockContext& c = current_block();
  return static_cast<uint64_t>(c.ub_base + c.ub_size - reinterpret_cast<uint8_t*>(dst.opkit_addr));
}

template <typename T>
void scatter_one(const AscendC::LocalTensor<T>& dst, uint64_t dst_bytes, uint64_t byte_at, const T& v, uint64_t i,
                 const SourceLoc& where) {
  if (byte_at % sizeof(T) != 0 || byte_at + sizeof(T) > dst_bytes) {
    fault("Scatter", cat("dstBaseAddr + dstOffset[", i, "] = ", byte_at, " bytes is ",
                         byte_at % sizeof(T) != 0 ? "not a multiple of the element size" : "past dst's end (",
                         byte_at % sizeof(T) != 0 ? "" : cat(dst_bytes, " bytes)")),
          where);
  }
  std::memcpy(reinterpret_cast<uint8_t*>(dst.opkit_addr) + byte_at, &v, sizeof(T));
}

template <typename T>
void scatter_plan(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                  const AscendC::LocalTensor<uint32_t>& dstOffset, uint32_t dstBaseAddr, const MaskPlan& p,
                  uint32_t srcRepStride, const SourceLoc& where) {
  require_scatter_soc(where);
  const uint64_t offsets = uint64_t(p.repeats) * p.per_repeat;
  if (p.repeats == 0) return;
  require_ub_operand("Scatter", "src", src, span_bytes<T>(p, 1, srcRepStride), where);
  require_ub_elements("Scatter", "dstOffset", dstOffset, offsets * sizeof(uint32_t), where);
  require_ub_operand("Scatter", "dst", dst, sizeof(T), where);
  const uint64_t dst_bytes = scatter_dst_bytes(dst);
  std::vector<std::pair<uint64_t, T>> moves;  // read every source before writing: dst may overlap src
  for_each_slot(p, [&](uint32_t r, uint32_t j) {
    const uint64_t i = uint64_t(r) * p.per_repeat + j;
    moves.emplace_back(uint64_t(dstBaseAddr) + dstOffset.opkit_addr[i], slot(src, r, j, 1, srcRepStride));
  });
  for (size_t k = 0; k < moves.size(); ++k) scatter_one(dst, dst_bytes, moves[k].first, moves[k].second, k, where);
}

template <typename T>
inline constexpr bool scatter_type_v = sizeof(T) == 2 || sizeof(T) == 4 || (OPKIT_SOC_ARCH == 3510 && sizeof(T) == 8);

}  // namespace opkit::sim::detail

namespace AscendC {

template <typename T>
void Scatter(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& dstOffset,
             const uint32_t dstBaseAddr, const uint32_t count, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  static_assert(d::scatter_type_v<T> || (OPKIT_SOC_ARCH == 3510 && sizeof(T) == 1),
                "Scatter supports 16- and 32-bit types (Ascend950: also 8- and 64-bit) on " OPKIT_SOC_NAME);
  d::require_scatter_soc(where);
  if (count == 0) return;
  d::require_ub_operand("Scatter", "src", src, uint64_t(count) * sizeof(T), where);
  d::require_ub_elements("Scatter", "dstOffset", dstOffset, uint64_t(count) * sizeof(uint32_t), where);
  d::require_ub_operand("Scatter", "dst", dst, sizeof(T), where);
  const uint64_t dst_bytes = d::scatter_dst_bytes(dst);
  const std::vector<T> in(src.opkit_addr, src.opkit_addr + count);
  for (uint32_t i = 0; i < count; ++i) {
    d::scatter_one(dst, dst_bytes, uint64_t(dstBaseAddr) + dstOffset.opkit_addr[i], in[i], i, where);
  }
}

template <typename T>
void Scatter(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& dstOffset,
             const uint32_t dstBaseAddr, const uint64_t mask, const uint8_t repeatTime, const uint8_t srcRepStride,
             OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  static_assert(d::scatter_type_v<T>, "Scatter's mask forms support 16- and 32-bit types (Ascend950: also 64-bit) "
                                      "on " OPKIT_SOC_NAME);
  const d::MaskPlan p = d::plan_mask("Scatter", 256 / sizeof(T), mask, repeatTime, true, where);
  d::scatter_plan(dst, src, dstOffset, dstBaseAddr, p, srcRepStride, where);
}

template <typename T>
void Scatter(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& dstOffset,
             const uint32_t dstBaseAddr, const uint64_t mask[], const uint8_t repeatTime, const uint8_t srcRepStride,
             OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  static_assert(d::scatter_type_v<T>, "Scatter's mask forms support 16- and 32-bit types (Ascend950: also 64-bit) "
                                      "on " OPKIT_SOC_NAME);
  const d::MaskPlan p = d::plan_mask("Scatter", 256 / sizeof(T), mask, repeatTime, true, where);
  d::scatter_plan(dst, src, dstOffset, dstBaseAddr, p, srcRepStride, where);
}

}  // namespace AscendC
