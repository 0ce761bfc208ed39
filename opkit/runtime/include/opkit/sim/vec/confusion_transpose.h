// The advanced Transpose (ConfusionTranspose, CANN's confusion_transpose.h): the layout changes CANN documents, over
// the shape the tiling carries (lib/transpose/confusion_transpose_tiling.h writes it):
//   TRANSPOSE_NZ2ND_0213 (scene 1): src NZ [B, A1, A3/16, A2/16, 16, 16] (each (b, a1) an A2 x A3 matrix in 16-column
//     blocks) -> dst ND [B, A2, A1, A3]; TRANSPOSE_NZ2NZ_0213 (scene 2): -> dst NZ, each (b, a2) an A1 x A3 matrix
//     in 16-column blocks of A1 rows. A2 and A3 are the tiling's, rounded up to 16 (the padding moves with the data);
//   TRANSPOSE_ND2ND_ONLY (scene 7): [H, W] -> [W, H];
//   TRANSPOSE_ND2ND_021 / 102 / 210 (scenes 13-15): [N, H, W] -> [N, W, H] / [H, N, W] / [W, H, N].
// The other TransposeTypes fault. The tmp buffer is not used (checked to be a UB tensor when given).
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "kernel_tiling/confusion_transpose_tiling.h"
#include "opkit/sim/vec/common.h"
#include "opkit/sim/vec/transpose.h"

namespace opkit::sim::detail {

template <typename T>
void confusion_transpose(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                         AscendC::TransposeType type, const AscendC::tiling::ConfusionTransposeTiling& t,
                         const SourceLoc& where) {
  using TT = AscendC::TransposeType;
  const char* api = "Transpose";
  uint64_t total = 0;
  std::vector<uint64_t> from;  // dst element i <- src element from[i]
  if (type == TT::TRANSPOSE_NZ2ND_0213 || type == TT::TRANSPOSE_NZ2NZ_0213) {
    const uint64_t b = t.param1, a1 = t.param2, a3 = t.param3, a2 = t.param4;
    if (b == 0 || a1 == 0 || a2 == 0 || a3 == 0 || a2 % 16 != 0 || a3 % 16 != 0) {
      fault(api, cat("the tiling's shape [B ", b, ", A1 ", a1, ", A2 ", a2, ", A3 ", a3,
                     "] is not one GetTransposeTilingInfo makes for scenes 1/2 (A2, A3 multiples of 16)"), where);
    }
    total = b * a1 * a2 * a3;
    from.resize(total);
    const bool nd = type == TT::TRANSPOSE_NZ2ND_0213;
    for (uint64_t ib = 0; ib < b; ++ib)
      for (uint64_t i1 = 0; i1 < a1; ++i1)
        for (uint64_t s = 0; s < a2; ++s)
          for (uint64_t h = 0; h < a3; ++h) {
            const uint64_t in = (ib * a1 + i1) * a2 * a3 + (h / 16) * a2 * 16 + s * 16 + h % 16;
            const uint64_t out = nd ? ((ib * a2 + s) * a1 + i1) * a3 + h
                                    : (ib * a2 + s) * a1 * a3 + (h / 16) * a1 * 16 + i1 * 16 + h % 16;
            from[out] = in;
          }
  } else if (type == TT::TRANSPOSE_ND2ND_ONLY || type == TT::TRANSPOSE_ND2ND_021 || type == TT::TRANSPOSE_ND2ND_102 ||
             type == TT::TRANSPOSE_ND2ND_210) {
    const bool only = type == TT::TRANSPOSE_ND2ND_ONLY;
    const uint64_t n = only ? 1 : t.param0, h = t.param1, w = t.param2;
    if (n == 0 || h == 0 || w == 0) {
      fault(api, cat("the tiling's shape [", n, ", ", h, ", ", w, "] has a zero dim (GetTransposeTilingInfo with ",
                     "this transposeType?)"), where);
    }
    total = n * h * w;
    from.resize(total);
    for (uint64_t i = 0; i < n; ++i)
      for (uint64_t j = 0; j < h; ++j)
        for (uint64_t k = 0; k < w; ++k) {
          const uint64_t in = (i * h + j) * w + k;
          uint64_t out = 0;
          if (type == TT::TRANSPOSE_ND2ND_102) out = (j * n + i) * w + k;
          else if (type == TT::TRANSPOSE_ND2ND_210) out = (k * h + j) * n + i;
          else out = (i * w + k) * h + j;  // 021 and the 2-D ONLY
          from[out] = in;
        }
  } else {
    fault(api, cat("TransposeType ", int(type), " is not simulated (NZ2ND_0213, NZ2NZ_0213, ND2ND_ONLY, ND2ND_021, ",
                   "ND2ND_102 and ND2ND_210 are)"), where);
  }
  require_ub_operand(api, "src", src, total * sizeof(T), where);
  require_ub_operand(api, "dst", dst, total * sizeof(T), where);
  std::vector<T> in(src.opkit_addr, src.opkit_addr + total);
  for (uint64_t i = 0; i < total; ++i) dst.opkit_addr[i] = in[from[i]];
}

}  // namespace opkit::sim::detail

namespace AscendC {

template <typename T>
void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& sharedTmpBuffer,
               TransposeType transposeType, const ConfusionTransposeTiling& tiling, OPKIT_SIM_HERE) {
  opkit::sim::detail::require_ub_operand("Transpose", "sharedTmpBuffer", sharedTmpBuffer, 0, where);
  opkit::sim::detail::confusion_transpose(dst, src, transposeType, tiling, where);
}

template <typename T>
void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src, TransposeType transposeType,
               const ConfusionTransposeTiling& tiling, OPKIT_SIM_HERE) {
  opkit::sim::detail::confusion_transpose(dst, src, transposeType, tiling, where);
}

}  // namespace AscendC
