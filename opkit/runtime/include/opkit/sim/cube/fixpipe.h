// Fixpipe: L0C (NZ) -> GM or L1, as ND (row or column major) or NZ, with ReLU, the float conversions and the
// (de)quantisation modes, scalar (deqScalar) or per channel (a uint64_t tensor in L1) (FixpipeParamsV220).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "opkit/sim/atomic.h"
#include "opkit/sim/cube/operand.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/profile_hooks.h"
#include "opkit/sim/global_tensor.h"
#include "opkit/sim/launch_state.h"
#include "opkit/sim/numeric.h"
#include "opkit/sim/tensor.h"

enum QuantMode_t {
  NoQuant, F322F16, F322BF16, DEQF16, VDEQF16, QF322B8_PRE, VQF322B8_PRE, REQ8, VREQ8, QF162B8_PRE, VQF162B8_PRE,
  QF162S4_PRE, VQF162S4_PRE, REQ4, VREQ4, DEQS16, VDEQS16, QF162S16_PRE, VQF162S16_PRE,
};

namespace AscendC {

enum class CO2Layout : uint8_t { NZ = 0, ROW_MAJOR, COLUMN_MAJOR };
// isToUB (a Fixpipe to UB) is the dav-3510 path; dav-2201's CANN takes it in the constructor and ignores it.
struct FixpipeConfig {
  CO2Layout format;
  bool isToUB = false;
  constexpr FixpipeConfig(CO2Layout format_) : format(format_) {}
  constexpr FixpipeConfig(CO2Layout format_, bool isToUB_) : format(format_), isToUB(isToUB_) {}
};
inline constexpr FixpipeConfig CFG_NZ = {CO2Layout::NZ};
inline constexpr FixpipeConfig CFG_ROW_MAJOR = {CO2Layout::ROW_MAJOR};
inline constexpr FixpipeConfig CFG_COLUMN_MAJOR = {CO2Layout::COLUMN_MAJOR};

// nSize x mSize values of L0C, whose column blocks are srcStride rows high, go to GM rows dstStride elements apart.
struct FixpipeParamsV220 {
  FixpipeParamsV220() = default;
  FixpipeParamsV220(uint16_t nSizeIn, uint16_t mSizeIn, uint16_t srcStrideIn, uint32_t dstStrideIn, bool reluEnIn)
      : nSize(nSizeIn), mSize(mSizeIn), srcStride(srcStrideIn), dstStride(dstStrideIn), reluEn(reluEnIn) {}
  FixpipeParamsV220(uint16_t nSizeIn, uint16_t mSizeIn, uint16_t srcStrideIn, uint32_t dstStrideIn, bool reluEnIn,
                    QuantMode_t quantPreIn, int64_t deqScalarIn, uint16_t ndNumIn, uint16_t srcNdStrideIn,
                    uint16_t dstNdStrideIn, uint8_t unitFlagIn, bool isChannelSplitIn = false)
      : nSize(nSizeIn), mSize(mSizeIn), srcStride(srcStrideIn), dstStride(dstStrideIn), quantPre(quantPreIn),
        deqScalar(static_cast<uint64_t>(deqScalarIn)), ndNum(ndNumIn), srcNdStride(srcNdStrideIn),
        dstNdStride(dstNdStrideIn), reluEn(reluEnIn), unitFlag(unitFlagIn), isChannelSplit(isChannelSplitIn) {}
  uint16_t nSize = 0;
  uint16_t mSize = 0;
  uint16_t srcStride = 0;
  uint32_t dstStride = 0;
  QuantMode_t quantPre = QuantMode_t::NoQuant;
  uint64_t deqScalar = 0;
  uint16_t ndNum = 1;
  uint16_t srcNdStride = 0;
  uint16_t dstNdStride = 0;
  bool reluEn = false;
  uint8_t unitFlag = 0;
  bool isChannelSplit = false;
};

}  // namespace AscendC

namespace opkit::sim::detail {

// The fixpipe settings kept between calls on the device (SetFixpipePreQuantFlag, SetFixPipeConfig,
// SetFixpipeNz2ndFlag), per core, cleared when a block starts.
struct FixpipeRegs {
  uint64_t pre_quant = 0;
  const uint64_t* channel_quant = nullptr;
  uint16_t nd_num = 1, src_nd_stride = 0, dst_nd_stride = 0;
  uint64_t clip_relu = 0;            // SetFixPipeClipRelu (310B)
  const void* elt_wise = nullptr;    // SetFixPipeAddr's L1 tensor and C0 channel stride (310B)
  uint16_t elt_wise_stride = 0;
};
inline FixpipeRegs& fixpipe_regs() { return per_block<FixpipeRegs, FixpipeRegs>(); }

// One quantisation word (CANN's pre-quant format, as asc-devkit's fixpipe examples decode it): bits [31:13] the scale
// (an fp32 with 10 mantissa bits), [35:32] a shift n and [36] its enable, [45:37] an offset, [46] signed output.
struct QuantWord {
  float alpha = 1.0f;
  uint32_t shift = 0;
  bool shift_on = false;
  int32_t offset = 0;
  bool is_signed = true;
};
inline QuantWord decode_quant(uint64_t q) {
  QuantWord w;
  const uint32_t bits = static_cast<uint32_t>(q) & 0xFFFFE000u;
  std::memcpy(&w.alpha, &bits, 4);
  w.shift = static_cast<uint32_t>(q >> 32) & 0xF;
  w.shift_on = ((q >> 36) & 1) != 0;
  w.offset = static_cast<int32_t>((q >> 37) & 0x1FF);
  w.is_signed = ((q >> 46) & 1) != 0;
  return w;
}

inline double saturate_round(double v, double lo, double hi) { return std::nearbyint(std::fmin(std::fmax(v, lo), hi)); }

inline bool is_vector_quant(QuantMode_t q) {
  return q == VDEQF16 || q == VQF322B8_PRE || q == VREQ8 || q == VQF162B8_PRE || q == VDEQS16 || q == VQF162S16_PRE;
}

// One L0C value (float or int32, already through ReLU) -> the dst type under quantPre, with quantisation word `w`.
template <typename T, typename U>
T fixpipe_convert(U v, QuantMode_t q, const QuantWord& w, const char* api, const SourceLoc& where) {
  using half = opkit::sim::half;
  using bf16 = opkit::sim::bfloat16;
  switch (q) {
    case NoQuant:
      if constexpr (std::is_same_v<T, U>) return v;
      fault(api, "quantPre NoQuant keeps the L0C type: dst must be float (int32_t for int32_t L0C)", where);
    case F322F16:
      if constexpr (std::is_same_v<T, half> && std::is_same_v<U, float>) return half(v);
      fault(api, "quantPre F322F16 converts float L0C to a half dst", where);
    case F322BF16:
      if constexpr (std::is_same_v<T, bf16> && std::is_same_v<U, float>) return bf16(v);
      fault(api, "quantPre F322BF16 converts float L0C to a bfloat16_t dst", where);
    case DEQF16: case VDEQF16:
      if constexpr (std::is_same_v<T, half> && std::is_same_v<U, int32_t>) {
        return half(static_cast<float>(static_cast<double>(v) * w.alpha));
      }
      fault(api, "quantPre DEQF16/VDEQF16 dequantise int32_t L0C to a half dst", where);
    case QF322B8_PRE: case VQF322B8_PRE: case REQ8: case VREQ8: {
      constexpr bool f32 = std::is_same_v<U, float>;
      if ((q == QF322B8_PRE || q == VQF322B8_PRE) != f32) {
        fault(api, f32 ? "quantPre REQ8/VREQ8 requantise int32_t L0C; float L0C takes QF322B8_PRE/VQF322B8_PRE"
                       : "quantPre QF322B8_PRE/VQF322B8_PRE quantise float L0C; int32_t L0C takes REQ8/VREQ8", where);
      }
      if constexpr (std::is_same_v<T, int8_t> || std::is_same_v<T, uint8_t>) {
        double x = static_cast<double>(v);
        if (w.shift_on) x = saturate_round(x / double(1u << w.shift), -32768, 32767);
        x = static_cast<double>(static_cast<float>(static_cast<float>(x) * w.alpha));
        x = saturate_round(x, -256, 255) + w.offset;
        return static_cast<T>(w.is_signed ? saturate_round(x, -128, 127) : saturate_round(x, 0, 255));
      }
      fault(api, "quantPre QF322B8_PRE/VQF322B8_PRE/REQ8/VREQ8 write an int8_t or uint8_t dst", where);
    }
    default:
      break;
  }
  fault(api, cat("quantPre ", int(q), " is not simulated; NoQuant, F322F16, F322BF16, DEQF16, VDEQF16, QF322B8_PRE, "
                 "VQF322B8_PRE, REQ8 and VREQ8 are"), where);
}

// The copy itself: `put(offset, value)` writes one dst element; `span` is the dst elements the call may touch.
template <typename T, typename U, const AscendC::FixpipeConfig& config, typename Put>
void fixpipe(const char* api, const AscendC::LocalTensor<U>& src, const AscendC::FixpipeParamsV220& p,
             const uint64_t* channel_quant, Put put, const SourceLoc& where) {
  using AscendC::CO2Layout;
  // NZ2ND of ndNum matrices: matrix i reads L0C i * srcNdStride blocks of 16 x 16 values further on and writes
  // i * dstNdStride elements further on. ndNum counts NZ2ND's matrices only: NZ and column-major outputs move one.
  if (p.ndNum == 0) return;
  const uint64_t nd = config.format == CO2Layout::ROW_MAJOR ? p.ndNum : 1;
  if (nd > 1 && (p.srcNdStride == 0 || p.dstNdStride == 0)) {
    fault(api, cat("ndNum ", p.ndNum, " needs srcNdStride and dstNdStride above 0 (got ", p.srcNdStride, ", ",
                   p.dstNdStride, ")"), where);
  }
  const uint64_t src_nd = uint64_t(p.srcNdStride) * 256, dst_nd = p.dstNdStride;
  if (p.srcStride % 16 != 0 || p.srcStride < p.mSize) {
    fault(api, cat("srcStride ", p.srcStride, " must be a multiple of 16 and at least mSize ", p.mSize,
                   " (the height of L0C's column blocks)"), where);
  }
  const uint64_t n16 = ceil_to(p.nSize, 16);
  require_cube_operand(api, "src", src, Mem::L0C, ((nd - 1) * src_nd + (n16 / 16 - 1) * p.srcStride * 16 +
                                                   uint64_t(p.mSize) * 16) * sizeof(U), where);
  // NZ out: column blocks of c0 values (32 bytes; 16 for float unless isChannelSplit), dstStride 32-byte blocks apart.
  const uint64_t c0 = (sizeof(T) == 4 && !p.isChannelSplit) ? 16 : 32 / sizeof(T);
  uint64_t span = 0;
  if (config.format == CO2Layout::NZ) {
    const uint64_t block = uint64_t(p.dstStride) * 32 / sizeof(T);
    if (block < uint64_t(p.mSize) * c0) {
      fault(api, cat("dstStride ", p.dstStride, " (32-byte blocks between NZ column blocks) is less than mSize ",
                     p.mSize, " rows of ", c0 * sizeof(T), " bytes: column blocks would overlap"), where);
    }
    span = (ceil_to(p.nSize, c0) / c0 - 1) * block + uint64_t(p.mSize) * c0;
  } else {
    const uint64_t lines = config.format == CO2Layout::ROW_MAJOR ? p.mSize : p.nSize;
    const uint64_t len = config.format == CO2Layout::ROW_MAJOR ? p.nSize : p.mSize;
    if (p.dstStride < len) {
      fault(api, cat("dstStride ", p.dstStride, " is less than the ", len, " values of a dst line: lines would "
                     "overlap"), where);
    }
    span = (nd - 1) * dst_nd + (lines - 1) * p.dstStride + len;
  }
  const QuantWord scalar = decode_quant(p.deqScalar);
  for (uint64_t i = 0; i < nd; ++i) {
  for (uint64_t m = 0; m < p.mSize; ++m) {
    for (uint64_t n = 0; n < p.nSize; ++n) {
      U v = src.opkit_addr[i * src_nd + (n / 16) * p.srcStride * 16 + m * 16 + n % 16];
      if (p.reluEn && v < U(0)) v = U(0);
      const QuantWord w = channel_quant != nullptr ? decode_quant(channel_quant[n]) : scalar;
      uint64_t at = 0;
      if (config.format == CO2Layout::NZ) {
        at = (n / c0) * (uint64_t(p.dstStride) * 32 / sizeof(T)) + m * c0 + n % c0;
      } else if (config.format == CO2Layout::ROW_MAJOR) {
        at = i * dst_nd + m * p.dstStride + n;
      } else {
        at = n * p.dstStride + m;
      }
      put(at, fixpipe_convert<T, U>(v, p.quantPre, w, api, where), span);
    }
  }
  }
}

// The rows a Fixpipe moves (for `opkit profile`): mSize per matrix, ndNum matrices in the row-major (NZ2ND) form.
template <const AscendC::FixpipeConfig& config>
uint64_t fixpipe_rows(const AscendC::FixpipeParamsV220& p) {
  return uint64_t(p.mSize) * (config.format == AscendC::CO2Layout::ROW_MAJOR && p.ndNum > 0 ? p.ndNum : 1);
}

template <typename T, typename U, const AscendC::FixpipeConfig& config>
void fixpipe_gm(const AscendC::GlobalTensor<T>& dst, const AscendC::LocalTensor<U>& src,
                const AscendC::FixpipeParamsV220& p, const uint64_t* quant, const SourceLoc& where) {
  const char* api = "Fixpipe";
  check_cancelled(api, where);
  if (p.nSize == 0 || p.mSize == 0) return;
  record_cube(api, PIPE_FIX, fixpipe_rows<config>(p), uint64_t(p.nSize) * sizeof(T), 1);
  bool checked = false;
  fixpipe<T, U, config>(api, src, p, quant, [&](uint64_t at, T v, uint64_t span) {
    if (!checked) {
      check_gm(api, "write", dst.opkit_addr, span * sizeof(T), where, dst.opkit_base);
      checked = true;
    }
    store_gm(&dst.opkit_addr[at], &v, sizeof(T));  // SetAtomicAdd combines with GM (split-K across cores)
  }, where);
}

template <typename T, typename U, const AscendC::FixpipeConfig& config>
void fixpipe_l1(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<U>& src,
                const AscendC::FixpipeParamsV220& p, const uint64_t* quant, const SourceLoc& where) {
  const char* api = "Fixpipe";
  check_cancelled(api, where);
  if (p.nSize == 0 || p.mSize == 0) return;
  record_cube(api, PIPE_FIX, fixpipe_rows<config>(p), uint64_t(p.nSize) * sizeof(T), 0);
  bool checked = false;
  fixpipe<T, U, config>(api, src, p, quant, [&](uint64_t at, T v, uint64_t span) {
    if (!checked) {
      require_cube_operand(api, "dst", dst, Mem::L1, span * sizeof(T), where);
      checked = true;
    }
    dst.opkit_addr[at] = v;
  }, where);
}

// The per-channel quantisation words of a V* mode: nSize uint64_t values in L1 (CANN copies them to the fixpipe
// buffer itself).
template <typename Q>
const uint64_t* channel_words(const AscendC::LocalTensor<Q>& q, const AscendC::FixpipeParamsV220& p,
                              const SourceLoc& where) {
  static_assert(std::is_same_v<Q, uint64_t>, "Fixpipe's per-channel quantisation tensor holds uint64_t words");
  if (!is_vector_quant(p.quantPre)) {
    fault("Fixpipe", cat("a quantisation tensor was given but quantPre ", int(p.quantPre), " is not a per-channel "
                         "(V...) mode"), where);
  }
  require_cube_operand("Fixpipe", "cbufWorkspace", q, Mem::L1, uint64_t(p.nSize) * 8, where);
  return q.opkit_addr;
}

inline void scalar_quant_only(const AscendC::FixpipeParamsV220& p, const SourceLoc& where) {
  if (is_vector_quant(p.quantPre)) {
    fault("Fixpipe", cat("quantPre ", int(p.quantPre), " is a per-channel mode: pass the uint64_t quantisation "
                         "tensor (Fixpipe(dst, src, cbufWorkspace, params))"), where);
  }
}

}  // namespace opkit::sim::detail

namespace AscendC {

template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR>
void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src, const FixpipeParamsV220& p, OPKIT_SIM_HERE) {
  opkit::sim::detail::scalar_quant_only(p, where);
  opkit::sim::detail::fixpipe_gm<T, U, config>(dst, src, p, nullptr, where);
}

template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR, typename Q>
void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src, const LocalTensor<Q>& cbufWorkspace,
             const FixpipeParamsV220& p, OPKIT_SIM_HERE) {
  opkit::sim::detail::fixpipe_gm<T, U, config>(dst, src, p, opkit::sim::detail::channel_words(cbufWorkspace, p, where),
                                               where);
}

// L0C -> L1 (positions A1/B1/C1): the result feeds the next matmul without a trip through GM.
template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR>
void Fixpipe(const LocalTensor<T>& dst, const LocalTensor<U>& src, const FixpipeParamsV220& p, OPKIT_SIM_HERE) {
  opkit::sim::detail::scalar_quant_only(p, where);
  opkit::sim::detail::fixpipe_l1<T, U, config>(dst, src, p, nullptr, where);
}

template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR, typename Q>
void Fixpipe(const LocalTensor<T>& dst, const LocalTensor<U>& src, const LocalTensor<Q>& cbufWorkspace,
             const FixpipeParamsV220& p, OPKIT_SIM_HERE) {
  opkit::sim::detail::fixpipe_l1<T, U, config>(dst, src, p, opkit::sim::detail::channel_words(cbufWorkspace, p, where),
                                               where);
}

// SetFixPipeConfig: a uint64_t tensor (in the fixpipe buffer or L1) becomes the per-channel quantisation words of the
// following DataCopy(GM, L0C) (fixpipe_regs.h); any other tensor (the L0C of the unitFlag examples) only clears the
// unit flags, which the simulator, running Mmad and Fixpipe in program order, does not keep.
template <typename T>
void SetFixPipeConfig(const LocalTensor<T>& tensor, bool isUnitFlag = false, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  (void)isUnitFlag;
  d::require_cube_operand("SetFixPipeConfig", "tensor", tensor, d::mem_of(tensor.opkit_pos), 0, where);
  if constexpr (std::is_same_v<T, uint64_t>) d::fixpipe_regs().channel_quant = tensor.opkit_addr;
}

}  // namespace AscendC
