// LoadData with LoadData3DParamsV2 (load3dv2, img2col): L1 -> L0A/L0B, the feature map in L1 as C1 x H x W x C0
// (C0 = 32 bytes) read as the matrix whose rows are the filter's output positions and whose columns are (C1, filter
// row, filter column, C0), written as fractals of 16 rows x C0 in row-major fractal order; enTranspose writes
// fractals of 16 columns x C0 rows instead (L0B's layout of a K x N matrix). The transposed order is opkit's reading
// of asc-devkit's mmad_load3dv2/batch_matmul examples (B through load3dv2), not confirmed for other uses.
#pragma once

#include <cstdint>

#include "opkit/sim/cube/operand.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/tensor.h"

namespace AscendC {

inline constexpr int32_t PAD_SIZE = 4;

template <typename T>
struct LoadData3DParamsV2 {
  LoadData3DParamsV2() = default;
  LoadData3DParamsV2(const uint8_t padListIn[PAD_SIZE], uint16_t l1HIn, uint16_t l1WIn, uint16_t channelSizeIn,
                     uint16_t kExtensionIn, uint16_t mExtensionIn, uint16_t kStartPtIn, uint16_t mStartPtIn,
                     uint8_t strideWIn, uint8_t strideHIn, uint8_t filterWIn, uint8_t filterHIn,
                     uint8_t dilationFilterWIn, uint8_t dilationFilterHIn, bool enTransposeIn, bool enSmallKIn,
                     T padValueIn, bool filterSizeWIn = false, bool filterSizeHIn = false, bool fMatrixCtrlIn = false)
      : l1H(l1HIn), l1W(l1WIn), channelSize(channelSizeIn), kExtension(kExtensionIn), mExtension(mExtensionIn),
        kStartPt(kStartPtIn), mStartPt(mStartPtIn), strideW(strideWIn), strideH(strideHIn), filterW(filterWIn),
        filterH(filterHIn), dilationFilterW(dilationFilterWIn), dilationFilterH(dilationFilterHIn),
        enTranspose(enTransposeIn), enSmallK(enSmallKIn), padValue(padValueIn), filterSizeW(filterSizeWIn),
        filterSizeH(filterSizeHIn), fMatrixCtrl(fMatrixCtrlIn) {
    for (int32_t i = 0; i < PAD_SIZE; ++i) padList[i] = padListIn[i];
  }
  uint8_t padList[PAD_SIZE] = {0, 0, 0, 0};  // left, right, top, bottom
  uint16_t l1H = 0;
  uint16_t l1W = 0;
  uint16_t channelSize = 0;
  uint16_t kExtension = 0;
  uint16_t mExtension = 0;
  uint16_t kStartPt = 0;
  uint16_t mStartPt = 0;
  uint8_t strideW = 1;
  uint8_t strideH = 1;
  uint8_t filterW = 1;
  uint8_t filterH = 1;
  uint8_t dilationFilterW = 1;
  uint8_t dilationFilterH = 1;
  bool enTranspose = false;
  bool enSmallK = false;
  T padValue = T(0);
  bool filterSizeW = false;  // filterW + 256
  bool filterSizeH = false;
  bool fMatrixCtrl = false;
};

template <typename T, typename U>
void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData3DParamsV2<U>& p, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  const char* api = "LoadData(LoadData3DParamsV2)";
  d::check_cancelled(api, where);
  const d::Mem dm = d::mem_of(dst.opkit_pos);
  if (dm != d::Mem::L0A && dm != d::Mem::L0B) {
    d::fault(api, d::cat("dst is a tensor at position ", d::position_name(dst.opkit_pos), "; load3dv2 fills L0A (A2) "
                         "or L0B (B2)"), where);
  }
  if (p.fMatrixCtrl) d::fault(api, "fMatrixCtrl (the shape from SetFmatrix) is not simulated", where);
  constexpr uint32_t c0 = d::c0_of<T>();
  if (p.mExtension == 0 || p.kExtension == 0) return;
  if (p.mExtension % 16 != 0 || p.kExtension % c0 != 0) {
    d::fault(api, d::cat("mExtension ", p.mExtension, " must be a multiple of 16 and kExtension ", p.kExtension,
                         " a multiple of C0 = ", c0, " (whole fractals)"), where);
  }
  if (p.enTranspose && sizeof(T) == 1) {
    d::fault(api, "enTranspose of 8-bit elements is not simulated (16- and 32-bit are)", where);
  }
  if (p.strideW == 0 || p.strideH == 0 || p.filterW == 0 || p.filterH == 0 || p.dilationFilterW == 0 ||
      p.dilationFilterH == 0) {
    d::fault(api, "strides, filter sizes and dilations must be positive", where);
  }
  const int64_t fw = p.filterW + (p.filterSizeW ? 256 : 0), fh = p.filterH + (p.filterSizeH ? 256 : 0);
  const int64_t pl = p.padList[0], pr = p.padList[1], pt = p.padList[2];
  const int64_t out_w = (int64_t(p.l1W) + pl + pr - p.dilationFilterW * (fw - 1) - 1) / p.strideW + 1;
  if (out_w <= 0) d::fault(api, d::cat("the filter (", fw, " wide) does not fit l1W ", p.l1W, " with padding"), where);
  const uint64_t c1 = (uint64_t(p.channelSize) + c0 - 1) / c0;
  d::require_cube_operand(api, "src", src, d::Mem::L1, c1 * p.l1H * p.l1W * c0 * sizeof(T), where);
  const uint64_t k_blocks = p.kExtension / c0, n1 = (uint64_t(p.kExtension) + 15) / 16;
  d::require_cube_operand(api, "dst", dst, dm, (p.enTranspose ? uint64_t(p.mExtension) * n1 * 16
                                                              : uint64_t(p.mExtension) * p.kExtension) * sizeof(T),
                          where);
  for (uint32_t r = 0; r < p.mExtension; ++r) {
    const int64_t pos = int64_t(p.mStartPt) + r, oh = pos / out_w, ow = pos % out_w;
    for (uint32_t q = 0; q < p.kExtension; ++q) {
      int64_t idx = int64_t(p.kStartPt) + q;
      const int64_t ci = idx % c0;
      idx /= c0;
      const int64_t x = idx % fw;
      idx /= fw;
      const int64_t y = idx % fh, ch1 = idx / fh;
      const int64_t ih = oh * p.strideH - pt + y * p.dilationFilterH, iw = ow * p.strideW - pl + x * p.dilationFilterW;
      T v = static_cast<T>(p.padValue);
      if (ih >= 0 && ih < p.l1H && iw >= 0 && iw < p.l1W && uint64_t(ch1) < c1) {
        v = ch1 * c0 + ci < p.channelSize ? src.opkit_addr[((ch1 * p.l1H + ih) * p.l1W + iw) * c0 + ci] : T(0);
      }
      // Plain: fractals of 16 rows x C0 columns, row-major. Transposed: fractals of 16 columns x C0 rows (each
      // holding a column's C0 values), ordered by row block then column block: L0B's layout of a K x N matrix.
      const uint64_t at = p.enTranspose
          ? (uint64_t(r) / c0 * n1 + q / 16) * 16 * c0 + uint64_t(q % 16) * c0 + r % c0
          : (uint64_t(r) / 16 * k_blocks + q / c0) * 16 * c0 + uint64_t(r % 16) * c0 + q % c0;
      dst.opkit_addr[at] = v;
    }
  }
}

}  // namespace AscendC
