// LoadData with LoadData3DParamsV2 (load3dv2, img2col): L1 -> L0A/L0B, the feature map in L1 as C1 x H x W x C0
// (C0 = 32 bytes) read as the matrix whose rows are the filter's output positions and whose columns are (C1, filter
// row, filter column, C0), written as fractals of 16 rows x C0 in row-major fractal order; enTranspose writes
// fractals of 16 columns x C0 rows instead (L0B's layout of a K x N matrix). The transposed order is opkit's reading
// of asc-devkit's mmad_load3dv2/batch_matmul examples (B through load3dv2), not confirmed for other uses.
#pragma once

#include <cstdint>
#include <cstring>

#include "opkit/sim/cube/operand.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/profile_hooks.h"
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

struct IsResetLoad3dConfig {
  bool isSetFMatrix = true;
  bool isSetPadding = true;
};
inline constexpr IsResetLoad3dConfig IS_RESER_LOAD3D_DEFAULT_CONFIG = {true, true};

enum class FmatrixMode : uint8_t { FMATRIX_LEFT = 0, FMATRIX_RIGHT = 1 };

// The v2 Pro form: the shape and the pad value always from the registers (SetFmatrix, SetLoadDataPaddingValue);
// extConfig = mStartPt << 48 | kStartPt << 32 | mExtension << 16 | kExtension; filterConfig = dilationFilterH << 40 |
// dilationFilterW << 32 | filterH << 24 | filterW << 16 | strideH << 8 | strideW.
struct LoadData3DParamsV2Pro {
  LoadData3DParamsV2Pro() = default;
  LoadData3DParamsV2Pro(uint16_t channelSizeIn, bool enTransposeIn, bool enSmallKIn, bool filterSizeWIn,
                        bool filterSizeHIn, bool fMatrixCtrlIn, uint64_t extConfigIn, uint64_t filterConfigIn)
      : channelSize(channelSizeIn), enTranspose(enTransposeIn), enSmallK(enSmallKIn), filterSizeW(filterSizeWIn),
        filterSizeH(filterSizeHIn), fMatrixCtrl(fMatrixCtrlIn), extConfig(extConfigIn), filterConfig(filterConfigIn) {}
  uint16_t channelSize = 0;
  bool enTranspose = false;
  bool enSmallK = false;
  bool filterSizeW = false;
  bool filterSizeH = false;
  bool fMatrixCtrl = false;
  uint64_t extConfig = 0;
  uint64_t filterConfig = 0X10101010101;
};

struct LoadDataRepeatParam {
  LoadDataRepeatParam() = default;
  LoadDataRepeatParam(uint16_t repeatStrideIn, uint8_t repeatTimeIn, uint8_t repeatModeIn)
      : repeatStride(repeatStrideIn), repeatTime(repeatTimeIn), repeatMode(repeatModeIn) {}
  uint16_t repeatStride = 0;
  uint8_t repeatTime = 1;
  uint8_t repeatMode = 0;
  uint8_t reserved = 0;
};

}  // namespace AscendC

namespace opkit::sim::detail {

// The load3d settings kept between calls on the device (SetFmatrix, SetLoadDataPaddingValue, SetLoadDataRepeat,
// SetLoadDataBoundary), per core: each block runs on one thread (as the fixpipe registers).
struct Load3dRegs {
  uint16_t l1H = 0, l1W = 0;
  uint8_t padList[AscendC::PAD_SIZE] = {0, 0, 0, 0};
  uint64_t pad_bits = 0;  // SetLoadDataPaddingValue's value, its bytes
  uint8_t repeat_time = 1;
  uint32_t boundary = 0;  // bytes of L1 from its start; 0: none
};
inline Load3dRegs& load3d_regs() {
  thread_local Load3dRegs r;
  return r;
}

template <typename T, typename U>
void load3d_v2(const char* api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
               const AscendC::LoadData3DParamsV2<U>& p, const SourceLoc& where) {
  namespace d = opkit::sim::detail;
  using namespace AscendC;
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
  // SetLoadDataBoundary: a read at L1 byte offset >= the boundary wraps to L1's start (CANN's circular L1 window).
  const uint32_t boundary = load3d_regs().boundary;
  const uint8_t* l1 = cube_arena(d::Mem::L1);
  const uint64_t src_off = static_cast<uint64_t>(reinterpret_cast<const uint8_t*>(src.opkit_addr) - l1);
  const uint64_t l1_size = d::cube_mem_bytes(d::current_block().npu_arch, d::Mem::L1);
  if (boundary != 0 && (boundary < 1024 || boundary > l1_size || src_off >= boundary)) {
    d::fault(api, d::cat("SetLoadDataBoundary(", boundary, "): ",
                         boundary < 1024 || boundary > l1_size
                             ? d::cat("the boundary must be 0 or 1024 to ", l1_size, " bytes (L1)")
                             : d::cat("src starts at L1 offset ", src_off, ", past the boundary")),
             where);
  }
  d::require_cube_operand(api, "src", src, d::Mem::L1,
                          boundary != 0 ? sizeof(T) : c1 * p.l1H * p.l1W * c0 * sizeof(T), where);
  auto src_at = [&](uint64_t i) -> T {
    const uint64_t off = src_off + i * sizeof(T);
    if (boundary == 0) return src.opkit_addr[i];
    T v;
    std::memcpy(static_cast<void*>(&v), l1 + off % boundary, sizeof(T));
    return v;
  };
  const uint64_t k_blocks = p.kExtension / c0, n1 = (uint64_t(p.kExtension) + 15) / 16;
  d::require_cube_operand(api, "dst", dst, dm, (p.enTranspose ? uint64_t(p.mExtension) * n1 * 16
                                                              : uint64_t(p.mExtension) * p.kExtension) * sizeof(T),
                          where);
  d::record_cube(api, PIPE_MTE1, uint64_t(p.mExtension) * p.kExtension * sizeof(T), p.enTranspose ? 1 : 0);
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
        v = ch1 * c0 + ci < p.channelSize ? src_at(((ch1 * p.l1H + ih) * p.l1W + iw) * c0 + ci) : T(0);
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

}  // namespace opkit::sim::detail

namespace AscendC {

inline void SetFmatrix(uint16_t l1H, uint16_t l1W, const uint8_t padList[PAD_SIZE], const FmatrixMode& mode,
                       OPKIT_SIM_HERE) {
  if (mode != FmatrixMode::FMATRIX_LEFT) {
    opkit::sim::detail::fault("SetFmatrix", "FMATRIX_RIGHT is not simulated (LoadData reads the left one: "
                              "fMatrixCtrl false)", where);
  }
  auto& r = opkit::sim::detail::load3d_regs();
  r.l1H = l1H;
  r.l1W = l1W;
  for (int32_t i = 0; i < PAD_SIZE; ++i) r.padList[i] = padList[i];
}

template <typename T>
void SetLoadDataPaddingValue(const T padValue) {
  static_assert(sizeof(T) <= sizeof(uint64_t), "SetLoadDataPaddingValue: a scalar");
  auto& r = opkit::sim::detail::load3d_regs();
  r.pad_bits = 0;
  std::memcpy(&r.pad_bits, &padValue, sizeof(T));
}

inline void SetLoadDataRepeat(const LoadDataRepeatParam& p, OPKIT_SIM_HERE) {
  if (p.repeatTime > 1) {
    opkit::sim::detail::fault("SetLoadDataRepeat", opkit::sim::detail::cat(
        "repeatTime ", unsigned(p.repeatTime), ": the repeat mode of load3d is not simulated (1 is)"), where);
  }
  opkit::sim::detail::load3d_regs().repeat_time = p.repeatTime;
}

inline void SetLoadDataBoundary(uint32_t boundaryValue) { opkit::sim::detail::load3d_regs().boundary = boundaryValue; }

template <typename T, const IsResetLoad3dConfig& defaultConfig = IS_RESER_LOAD3D_DEFAULT_CONFIG, typename U>
void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData3DParamsV2<U>& p, OPKIT_SIM_HERE) {
  if constexpr (defaultConfig.isSetFMatrix && defaultConfig.isSetPadding) {
    opkit::sim::detail::load3d_v2("LoadData(LoadData3DParamsV2)", dst, src, p, where);
  } else {
    const auto& r = opkit::sim::detail::load3d_regs();
    LoadData3DParamsV2<U> q = p;
    if constexpr (!defaultConfig.isSetFMatrix) {
      q.l1H = r.l1H;
      q.l1W = r.l1W;
      for (int32_t i = 0; i < PAD_SIZE; ++i) q.padList[i] = r.padList[i];
    }
    if constexpr (!defaultConfig.isSetPadding) std::memcpy(static_cast<void*>(&q.padValue), &r.pad_bits, sizeof(U));
    opkit::sim::detail::load3d_v2("LoadData(LoadData3DParamsV2)", dst, src, q, where);
  }
}

template <typename T>
void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData3DParamsV2Pro& p, OPKIT_SIM_HERE) {
  const auto& r = opkit::sim::detail::load3d_regs();
  LoadData3DParamsV2<T> q;
  q.l1H = r.l1H;
  q.l1W = r.l1W;
  for (int32_t i = 0; i < PAD_SIZE; ++i) q.padList[i] = r.padList[i];
  std::memcpy(static_cast<void*>(&q.padValue), &r.pad_bits, sizeof(T));
  q.channelSize = p.channelSize;
  q.enTranspose = p.enTranspose;
  q.enSmallK = p.enSmallK;
  q.filterSizeW = p.filterSizeW;
  q.filterSizeH = p.filterSizeH;
  q.fMatrixCtrl = p.fMatrixCtrl;
  q.kExtension = static_cast<uint16_t>(p.extConfig);
  q.mExtension = static_cast<uint16_t>(p.extConfig >> 16);
  q.kStartPt = static_cast<uint16_t>(p.extConfig >> 32);
  q.mStartPt = static_cast<uint16_t>(p.extConfig >> 48);
  q.strideW = static_cast<uint8_t>(p.filterConfig);
  q.strideH = static_cast<uint8_t>(p.filterConfig >> 8);
  q.filterW = static_cast<uint8_t>(p.filterConfig >> 16);
  q.filterH = static_cast<uint8_t>(p.filterConfig >> 24);
  q.dilationFilterW = static_cast<uint8_t>(p.filterConfig >> 32);
  q.dilationFilterH = static_cast<uint8_t>(p.filterConfig >> 40);
  opkit::sim::detail::load3d_v2("LoadData(LoadData3DParamsV2Pro)", dst, src, q, where);
}

}  // namespace AscendC
