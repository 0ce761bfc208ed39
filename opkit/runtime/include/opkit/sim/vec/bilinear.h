// BilinearInterpolation (CANN's kernel_operator_vec_bilinearinterpolation_intf.h; half only), as CANN documents its
// emulation (Gatherb + Brcb + Mul + Add): vRepeat x hRepeat iterations; iteration it = v * hRepeat + h gathers 8
// 32-byte blocks of src0 at the byte offsets src0Offset[it * 8 + b], multiplies block b by src1[it]
// (repeatMode false) or src1[it * 8 + b] (true), each product rounded to half, and the hRepeat products of row v are
// summed in h order (rounded to half after each Add) into dst at v * vROffset elements, block b dstBlkStride blocks
// apart. The mask picks which of an iteration's 128 elements are computed; the others of dst are left alone.
// sharedTmpBuffer must hold CANN's documented size for the SoC (910B: src0.GetSize() * 32 + src1.GetSize() * 32
// bytes; 310P: src0Offset.GetSize() * 4; Ascend 950: none).
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

#include "opkit/sim/vec/common.h"

namespace opkit::sim::detail {

template <typename T>
void bilinear(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src0,
              const AscendC::LocalTensor<uint32_t>& src0Offset, const AscendC::LocalTensor<T>& src1,
              const MaskPlan& mp, uint32_t hRepeat, bool repeatMode, uint32_t dstBlkStride, uint32_t vROffset,
              uint32_t vRepeat, const AscendC::LocalTensor<uint8_t>& tmp, const SourceLoc& where) {
  const char* api = "BilinearInterpolation";
  if (hRepeat < 1 || vRepeat < 1) {
    fault(api, cat("hRepeat ", hRepeat, " and vRepeat ", vRepeat, " must be in [1, 255]"), where);
  }
  if (vROffset < 128 || vROffset * sizeof(T) % 32 != 0) {
    fault(api, cat("vROffset ", vROffset, " must be in [128, 65535) with vROffset * sizeof(T) a multiple of 32"),
          where);
  }
  const uint64_t iters = uint64_t(hRepeat) * vRepeat;
  const uint64_t need = OPKIT_SOC_ARCH == 3510 ? 0
                        : OPKIT_SOC_ARCH == 2002 ? uint64_t(src0Offset.GetSize()) * 4
                                                 : (uint64_t(src0.GetSize()) + src1.GetSize()) * 32;
  if (need != 0) require_ub_operand(api, "sharedTmpBuffer", tmp, need, where);
  require_ub_elements(api, "src0Offset", src0Offset, iters * 8 * sizeof(uint32_t), where);
  require_ub_operand(api, "src1", src1, (repeatMode ? iters * 8 : iters) * sizeof(T), where);
  require_ub_operand(api, "src0", src0, 32, where);
  const uint64_t top = mp.top(0);
  if (top != 0) {
    const uint64_t last =
        uint64_t(vRepeat - 1) * vROffset * sizeof(T) + slot_offset<T>(0, uint32_t(top - 1), dstBlkStride, 0);
    require_ub_operand(api, "dst", dst, last + sizeof(T), where);
  }
  const BlockContext& c = current_block();
  const auto* base = reinterpret_cast<const uint8_t*>(src0.opkit_addr);
  for (uint32_t v = 0; v < vRepeat; ++v) {
    std::vector<T> sum(128);
    for (uint32_t h = 0; h < hRepeat; ++h) {
      const uint64_t it = uint64_t(v) * hRepeat + h;
      for (uint32_t b = 0; b < 8; ++b) {
        const uint32_t off = src0Offset.opkit_addr[it * 8 + b];
        const uint8_t* at = base + off;
        if (off % 32 != 0 || at + 32 > c.ub_base + c.ub_size) {
          fault(api, cat("src0Offset[", it * 8 + b, "] = ", off, " bytes is not a 32-byte block inside this "
                         "block's Unified Buffer"), where);
        }
        const T w = src1.opkit_addr[repeatMode ? it * 8 + b : it];
        for (uint32_t e = 0; e < 16; ++e) {
          T x;
          std::memcpy(&x, at + e * sizeof(T), sizeof(T));
          const T p = T(float(x) * float(w));
          sum[b * 16 + e] = h == 0 ? p : T(float(sum[b * 16 + e]) + float(p));
        }
      }
    }
    auto* row = reinterpret_cast<uint8_t*>(dst.opkit_addr) + uint64_t(v) * vROffset * sizeof(T);
    for_each_slot(mp, [&](uint32_t, uint32_t j) {
      std::memcpy(row + slot_offset<T>(0, j, dstBlkStride, 0), &sum[j], sizeof(T));
    });
  }
}

}  // namespace opkit::sim::detail

namespace AscendC {

template <typename T>
void BilinearInterpolation(const LocalTensor<T>& dst, const LocalTensor<T>& src0,
                           const LocalTensor<uint32_t>& src0Offset, const LocalTensor<T>& src1, uint64_t mask,
                           uint8_t hRepeat, bool repeatMode, uint16_t dstBlkStride, uint16_t vROffset,
                           uint8_t vRepeat, const LocalTensor<uint8_t>& sharedTmpBuffer, OPKIT_SIM_HERE) {
  static_assert(std::is_same_v<T, half>, "BilinearInterpolation supports half");
  namespace d = opkit::sim::detail;
  const d::MaskPlan p = d::plan_mask("BilinearInterpolation", 128, mask, 1, true, where);
  d::bilinear(dst, src0, src0Offset, src1, p, hRepeat, repeatMode, dstBlkStride, vROffset, vRepeat, sharedTmpBuffer,
              where);
}

template <typename T>
void BilinearInterpolation(const LocalTensor<T>& dst, const LocalTensor<T>& src0,
                           const LocalTensor<uint32_t>& src0Offset, const LocalTensor<T>& src1, uint64_t mask[],
                           uint8_t hRepeat, bool repeatMode, uint16_t dstBlkStride, uint16_t vROffset,
                           uint8_t vRepeat, const LocalTensor<uint8_t>& sharedTmpBuffer, OPKIT_SIM_HERE) {
  static_assert(std::is_same_v<T, half>, "BilinearInterpolation supports half");
  namespace d = opkit::sim::detail;
  const d::MaskPlan p = d::plan_mask("BilinearInterpolation", 128, mask, 1, true, where);
  d::bilinear(dst, src0, src0Offset, src1, p, hRepeat, repeatMode, dstBlkStride, vROffset, vRepeat, sharedTmpBuffer,
              where);
}

}  // namespace AscendC
