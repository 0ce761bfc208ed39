// Fixpipe: L0C (NZ) -> GM (ND, row major), with ReLU and the scalar conversions (FixpipeParamsV220).
#pragma once

#include <cstdint>
#include <type_traits>

#include "opkit/sim/cube/operand.h"
#include "opkit/sim/fault.h"
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
struct FixpipeConfig {
  CO2Layout format;
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

template <typename T, typename U>
T fixpipe_convert(U v, QuantMode_t q, const char* api, const SourceLoc& where) {
  using half = opkit::sim::half;
  using bf16 = opkit::sim::bfloat16;
  if (q == NoQuant) {
    if constexpr (std::is_same_v<T, U>) return v;
    fault(api, "quantPre NoQuant keeps the L0C type: dst must be float (int32_t for int32_t L0C)", where);
  }
  if (q == F322F16) {
    if constexpr (std::is_same_v<T, half> && std::is_same_v<U, float>) return half(v);
    fault(api, "quantPre F322F16 converts float L0C to a half dst", where);
  }
  if (q == F322BF16) {
    if constexpr (std::is_same_v<T, bf16> && std::is_same_v<U, float>) return bf16(v);
    fault(api, "quantPre F322BF16 converts float L0C to a bfloat16_t dst", where);
  }
  fault(api, cat("quantPre ", int(q), " (a dequantisation or quantisation mode) is not simulated; NoQuant, F322F16 "
                 "and F322BF16 are"), where);
}

}  // namespace opkit::sim::detail

namespace AscendC {

template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR>
void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src, const FixpipeParamsV220& p, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  const char* api = "Fixpipe";
  d::check_cancelled(api, where);
  if (config.format != CO2Layout::ROW_MAJOR) {
    d::fault(api, "only the row-major (NZ -> ND) output of CFG_ROW_MAJOR is simulated", where);
  }
  if (p.nSize == 0 || p.mSize == 0) return;
  if (p.ndNum != 1) d::fault(api, d::cat("ndNum ", p.ndNum, " > 1 is not simulated"), where);
  if (p.srcStride % 16 != 0 || p.srcStride < p.mSize) {
    d::fault(api, d::cat("srcStride ", p.srcStride, " must be a multiple of 16 and at least mSize ", p.mSize,
                         " (the height of L0C's column blocks)"), where);
  }
  if (p.dstStride < p.nSize) {
    d::fault(api, d::cat("dstStride ", p.dstStride, " is less than nSize ", p.nSize, ": GM rows would overlap"), where);
  }
  const uint64_t n16 = d::ceil_to(p.nSize, 16);
  d::require_cube_operand(api, "src", src, d::Mem::L0C,
                          ((n16 / 16 - 1) * p.srcStride * 16 + uint64_t(p.mSize) * 16) * sizeof(U), where);
  d::check_gm(api, "write", dst.opkit_addr, (uint64_t(p.mSize - 1) * p.dstStride + p.nSize) * sizeof(T), where,
              dst.opkit_base);
  for (uint64_t m = 0; m < p.mSize; ++m) {
    for (uint64_t n = 0; n < p.nSize; ++n) {
      U v = src.opkit_addr[(n / 16) * p.srcStride * 16 + m * 16 + n % 16];
      if (p.reluEn && v < U(0)) v = U(0);
      dst.opkit_addr[m * p.dstStride + n] = d::fixpipe_convert<T, U>(v, p.quantPre, api, where);
    }
  }
}

}  // namespace AscendC
