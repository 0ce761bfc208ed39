// Moving matrices into the cube: DataCopy GM -> L1 with ND -> NZ conversion (Nd2NzParams), and LoadData L1 -> L0A/L0B
// (LoadData2DParams, with the fractal transpose) and LoadDataWithTranspose.
#pragma once

#include <cstdint>
#include <cstring>

#include "opkit/sim/cube/operand.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/global_tensor.h"
#include "opkit/sim/launch_state.h"
#include "opkit/sim/profile_hooks.h"
#include "opkit/sim/tensor.h"

namespace AscendC {

// ndNum ND matrices of nValue rows x dValue elements (rows srcDValue elements apart, matrices srcNdMatrixStride
// elements apart) become NZ: column blocks of C0 elements (32 bytes), dstNzC0Stride 32-byte rows apart; rows
// dstNzNStride 32-byte rows apart; matrices dstNzMatrixStride elements apart.
struct Nd2NzParams {
  Nd2NzParams() = default;
  Nd2NzParams(uint16_t ndNumIn, uint16_t nValueIn, uint16_t dValueIn, uint16_t srcNdMatrixStrideIn,
              uint16_t srcDValueIn, uint16_t dstNzC0StrideIn, uint16_t dstNzNStrideIn, uint16_t dstNzMatrixStrideIn)
      : ndNum(ndNumIn), nValue(nValueIn), dValue(dValueIn), srcNdMatrixStride(srcNdMatrixStrideIn),
        srcDValue(srcDValueIn), dstNzC0Stride(dstNzC0StrideIn), dstNzNStride(dstNzNStrideIn),
        dstNzMatrixStride(dstNzMatrixStrideIn) {}
  uint16_t ndNum = 0;
  uint16_t nValue = 0;
  uint16_t dValue = 0;
  uint16_t srcNdMatrixStride = 0;
  uint16_t srcDValue = 0;
  uint16_t dstNzC0Stride = 0;
  uint16_t dstNzNStride = 0;
  uint16_t dstNzMatrixStride = 0;
};

// startIndex: first source fractal (512 bytes each); repeatTimes fractals, srcStride fractals apart in the source,
// 1 + dstGap fractals apart in the destination; ifTranspose turns each 16 x 16 fractal (16-bit types).
struct LoadData2DParams {
  LoadData2DParams() = default;
  LoadData2DParams(uint16_t startIndexIn, uint8_t repeatTimesIn, uint16_t srcStrideIn, uint8_t sidIn,
                   uint16_t dstGapIn, bool ifTransposeIn, uint8_t addrModeIn)
      : startIndex(startIndexIn), dstGap(dstGapIn), srcStride(srcStrideIn), ifTranspose(ifTransposeIn),
        repeatTimes(repeatTimesIn), sid(sidIn), addrMode(addrModeIn) {}
  uint16_t startIndex = 0;
  uint16_t dstGap = 0;
  uint16_t srcStride = 0;
  bool ifTranspose = false;
  uint8_t repeatTimes = 0;
  uint8_t sid = 0;
  uint8_t addrMode = 0;
};

struct LoadData2dTransposeParams {
  LoadData2dTransposeParams() = default;
  LoadData2dTransposeParams(uint16_t startIndexIn, uint8_t repeatTimesIn, uint16_t srcStrideIn, uint16_t dstGapIn,
                            uint16_t dstfracGapIn, uint8_t addrModeIn = 0)
      : startIndex(startIndexIn), repeatTimes(repeatTimesIn), srcStride(srcStrideIn), dstGap(dstGapIn),
        dstFracGap(dstfracGapIn), addrMode(addrModeIn) {}
  uint16_t startIndex = 0;
  uint8_t repeatTimes = 0;
  uint16_t srcStride = 0;
  uint16_t dstGap = 0;
  uint16_t dstFracGap = 0;
  uint8_t addrMode = 0;
};

template <typename T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const Nd2NzParams& p, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  const char* api = "DataCopy(Nd2NzParams)";
  d::check_cancelled(api, where);
  if (p.ndNum == 0 || p.nValue == 0 || p.dValue == 0) return;
  constexpr uint32_t c0 = d::c0_of<T>();
  if (p.dstNzNStride == 0) d::fault(api, "dstNzNStride is 0: rows of a fractal would overlap", where);
  const uint64_t blocks = d::ceil_to(p.dValue, c0) / c0;
  if (p.dstNzC0Stride < p.nValue) {
    d::fault(api, d::cat("dstNzC0Stride ", p.dstNzC0Stride, " is less than nValue ", p.nValue,
                         ": the column blocks of C0=", c0, " elements would overlap"), where);
  }
  // Last element written: matrix ndNum-1, column block blocks-1, row nValue-1, all C0 elements of that row.
  const uint64_t last = uint64_t(p.ndNum - 1) * p.dstNzMatrixStride + (blocks - 1) * p.dstNzC0Stride * c0 +
                        uint64_t(p.nValue - 1) * p.dstNzNStride * c0 + c0;
  d::require_cube_operand(api, "dst", dst, d::Mem::L1, last * sizeof(T), where);
  if (p.srcDValue < p.dValue) {
    d::fault(api, d::cat("srcDValue ", p.srcDValue, " is less than dValue ", p.dValue, ": source rows overlap"),
             where);
  }
  if (d::BlockRecord* r = d::current_block().rec) {  // ndNum x nValue rows of dValue elements (MTE2)
    d::record_copy(*r, api, PIPE_MTE2, uint64_t(p.ndNum) * p.nValue, uint64_t(p.dValue) * sizeof(T), src.opkit_addr,
                   uint64_t(p.srcDValue - p.dValue) * sizeof(T), src.opkit_cache);
  }
  for (uint32_t i = 0; i < p.ndNum; ++i) {
    const T* mat = src.opkit_addr + uint64_t(i) * p.srcNdMatrixStride;
    const uint8_t* end = d::check_gm_read(api, mat, (uint64_t(p.nValue - 1) * p.srcDValue + p.dValue) * sizeof(T),
                                          where, src.opkit_base);
    T* out = dst.opkit_addr + uint64_t(i) * p.dstNzMatrixStride;
    for (uint32_t r = 0; r < p.nValue; ++r) {
      for (uint64_t b = 0; b < blocks; ++b) {
        T* row = out + b * p.dstNzC0Stride * c0 + uint64_t(r) * p.dstNzNStride * c0;
        for (uint32_t e = 0; e < c0; ++e) {
          const uint64_t col = b * c0 + e;
          if (col < p.dValue) {
            d::read_gm_clipped(&row[e], &mat[uint64_t(r) * p.srcDValue + col], sizeof(T), end);
          } else {
            std::memset(&row[e], 0, sizeof(T));  // the device pads a partial C0 block with zeros
          }
        }
      }
    }
  }
}

}  // namespace AscendC

namespace opkit::sim::detail {

// One fractal: 16 rows of C0 elements (512 bytes).
template <typename T>
constexpr uint32_t fractal_elems() {
  return 512 / static_cast<uint32_t>(sizeof(T));
}

template <typename T>
void load_fractals(const char* api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                   uint32_t start, uint32_t repeat, uint32_t src_stride, uint32_t dst_step, bool transpose,
                   const SourceLoc& where) {
  constexpr uint32_t f = fractal_elems<T>();
  const Mem dm = mem_of(dst.opkit_pos);
  if (dm != Mem::L0A && dm != Mem::L0B) {
    fault(api, cat("dst is a tensor at position ", position_name(dst.opkit_pos), " (", mem_name(dm), "); ", api,
                   " fills L0A (A2) or L0B (B2)"), where);
  }
  if (repeat == 0) return;
  const uint64_t src_last = (uint64_t(start) + uint64_t(repeat - 1) * src_stride + 1) * f;
  const uint64_t dst_last = (uint64_t(repeat - 1) * dst_step + 1) * f;
  require_cube_operand(api, "src", src, Mem::L1, src_last * sizeof(T), where);
  require_cube_operand(api, "dst", dst, dm, dst_last * sizeof(T), where);
  if (transpose && sizeof(T) != 2) {
    fault(api, cat("ifTranspose turns 16 x 16 fractals of 16-bit types; this tensor has ", sizeof(T),
                   "-byte elements (use LoadDataWithTranspose)"), where);
  }
  record_cube(api, PIPE_MTE1, uint64_t(repeat) * 512, transpose ? 1 : 0);
  for (uint32_t i = 0; i < repeat; ++i) {
    const T* s = src.opkit_addr + (uint64_t(start) + uint64_t(i) * src_stride) * f;
    T* o = dst.opkit_addr + uint64_t(i) * dst_step * f;
    if (!transpose) {
      std::memmove(o, s, 512);
      continue;
    }
    T tmp[f];
    for (uint32_t r = 0; r < 16; ++r) {
      for (uint32_t c = 0; c < 16; ++c) tmp[c * 16 + r] = s[r * 16 + c];
    }
    std::memcpy(o, tmp, 512);
  }
}

// LoadDataWithTranspose of 8-bit elements (see there): 32 x 32 squares of two stacked 16 x 32 fractals.
template <typename T>
void load_squares_b8(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                     const AscendC::LoadData2dTransposeParams& p, const SourceLoc& where) {
  const char* api = "LoadDataWithTranspose";
  const Mem dm = mem_of(dst.opkit_pos);
  if (dm != Mem::L0A && dm != Mem::L0B) {
    fault(api, cat("dst is a tensor at position ", position_name(dst.opkit_pos), " (", mem_name(dm), "); ", api,
                   " fills L0A (A2) or L0B (B2)"), where);
  }
  if (p.repeatTimes == 0) return;
  // Iteration i: the square startIndex + i * srcStride; its fractals at 512-byte units i * (1 + dstGap) and that
  // plus 1 + dstFracGap.
  const uint64_t n = p.repeatTimes, it_step = 1ull + p.dstGap, second_off = 1ull + p.dstFracGap;
  const uint64_t src_bytes = (uint64_t(p.startIndex) + (n - 1) * p.srcStride + 1) * 1024;
  const uint64_t dst_bytes = ((n - 1) * it_step + second_off + 1) * 512;
  require_cube_operand(api, "src", src, Mem::L1, src_bytes, where);
  require_cube_operand(api, "dst", dst, dm, dst_bytes, where);
  record_cube(api, PIPE_MTE1, n * 1024, 1);
  for (uint64_t i = 0; i < n; ++i) {
    const T* s = src.opkit_addr + (uint64_t(p.startIndex) + i * p.srcStride) * 1024;
    T* o = dst.opkit_addr + i * it_step * 512;
    T tmp[1024];
    for (uint32_t r = 0; r < 32; ++r) {
      for (uint32_t c = 0; c < 32; ++c) tmp[c * 32 + r] = s[r * 32 + c];  // row r of the square: fractal r / 16
    }
    std::memcpy(o, tmp, 512);
    std::memcpy(o + second_off * 512, tmp + 512, 512);
  }
}

}  // namespace opkit::sim::detail

namespace AscendC {

template <typename T>
void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData2DParams& p, OPKIT_SIM_HERE) {
  opkit::sim::detail::load_fractals("LoadData", dst, src, p.startIndex, p.repeatTimes, p.srcStride,
                                    1u + p.dstGap, p.ifTranspose, where);
}

// b16: each 16 x 16 fractal transposed (as LoadData's ifTranspose). b8: each iteration stacks two consecutive 16 x 32
// fractals into a 32 x 32 square (startIndex and srcStride count squares), transposes it and splits it into two
// 16 x 32 fractals, the second dstFracGap fractals after the first; the next iteration's first fractal starts dstGap
// fractals after this one's ends. The 32-bit form (two 16 x 8 fractals to a 16 x 16 square) is not simulated.
template <typename T>
void LoadDataWithTranspose(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData2dTransposeParams& p,
                           OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  if constexpr (sizeof(T) == 2) {
    d::load_fractals("LoadDataWithTranspose", dst, src, p.startIndex, p.repeatTimes, p.srcStride, 1u + p.dstGap,
                     true, where);
  } else if constexpr (sizeof(T) == 1) {
    d::load_squares_b8(dst, src, p, where);
  } else {
    d::fault("LoadDataWithTranspose", d::cat("the ", sizeof(T), "-byte form (two 16 x 8 fractals to a square) is "
                                             "not simulated; 8- and 16-bit types are"), where);
  }
}

}  // namespace AscendC
