// The DEQSCALE register and what reads it (CANN's kernel_operator_vec_vconv_intf.h, kernel_struct_vdeq.h and
// AddDeqRelu of kernel_operator_vec_binary_intf.h):
//   SetDeqScale(half scale): the s322fp16 scale of AddDeqRelu, Cast and CastDequant (int32_t -> half).
//   SetDeqScale(float scale, int16_t offset, bool signMode): CastDequant's per-tensor int16_t -> b8 parameters,
//     packed as CANN packs them (scale bits 0-31, a 9-bit offset at 37, signMode at 46).
//   SetDeqScale(vdeq, VdeqInfo): 16 such words written to the 128-byte UB tensor vdeq; the register holds its
//     address, and CastDequant<..., isVecDeq = true> reads them when it runs (element e of a block uses word e).
//   CastDequant / CastDeq (its older name): int16_t -> int8_t/uint8_t, dst = sat(rint(src * scale + offset)), the
//     16 results of a 32-byte source block filling the high (halfBlock) or low 16 bytes of the matching dst block,
//     the other half left alone; int32_t -> half: rint(src * scale).
//   AddDeqRelu(dst half, src0 int32_t, src1 int32_t): dst = max(0, rint_half((src0 + src1) * scale)).
// Device approximations (docs/simulated-api.md): the b8 scale is cut to 10 mantissa bits (CANN: the hardware reads
// it as a (1, 8, 10) float), the product is formed in double and rounded once, src0 + src1 does not wrap.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "opkit/sim/vec/cast.h"
#include "opkit/sim/vec/common.h"

namespace AscendC {

constexpr uint8_t VDEQ_TENSOR_SIZE = 16;

struct VdeqInfo {
  VdeqInfo() = default;
  VdeqInfo(const float vdeqScaleIn[VDEQ_TENSOR_SIZE], const int16_t vdeqOffsetIn[VDEQ_TENSOR_SIZE],
           const bool vdeqSignModeIn[VDEQ_TENSOR_SIZE]) {
    for (int32_t i = 0; i < VDEQ_TENSOR_SIZE; ++i) {
      vdeqScale[i] = vdeqScaleIn[i];
      vdeqOffset[i] = vdeqOffsetIn[i];
      vdeqSignMode[i] = vdeqSignModeIn[i];
    }
  }
  float vdeqScale[VDEQ_TENSOR_SIZE] = {0};
  int16_t vdeqOffset[VDEQ_TENSOR_SIZE] = {0};
  bool vdeqSignMode[VDEQ_TENSOR_SIZE] = {0};
};

}  // namespace AscendC

namespace opkit::sim::detail {

inline uint64_t deq_word(float scale, int16_t offset, bool signMode) {
  uint32_t bits = 0;
  std::memcpy(&bits, &scale, 4);
  return (uint64_t(signMode) << 46) | ((uint64_t(uint16_t(offset)) & 0x1FF) << 37) | bits;
}

// One int16_t -> b8 dequantization with a packed word: the scale read as (1, 8, 10), the 9-bit offset signed.
inline uint8_t deq_s16_to_b8(int16_t x, uint64_t word) {
  const uint32_t bits = static_cast<uint32_t>(word) & 0xFFFFE000u;
  float scale = 0;
  std::memcpy(&scale, &bits, 4);
  int32_t offset = static_cast<int32_t>((word >> 37) & 0x1FF);
  if (offset & 0x100) offset -= 0x200;
  const bool is_signed = ((word >> 46) & 1) != 0;
  double v = std::nearbyint(double(x) * double(scale) + offset);
  if (std::isnan(v)) v = 0;
  const double lo = is_signed ? -128.0 : 0.0, hi = is_signed ? 127.0 : 255.0;
  v = v < lo ? lo : v > hi ? hi : v;
  return is_signed ? static_cast<uint8_t>(static_cast<int8_t>(v)) : static_cast<uint8_t>(v);
}

// The 16 words SetDeqScale(vdeq, ...) left in UB, read when a vector-dequantizing CastDequant runs.
inline void vdeq_words(const char* api, uint64_t out[16], const SourceLoc& where) {
  const BlockContext& c = current_block();
  const auto* p = reinterpret_cast<const uint8_t*>(static_cast<uintptr_t>(vector_state().deq_scale));
  if (c.ub_base == nullptr || p < c.ub_base || p + 128 > c.ub_base + c.ub_size) {
    fault(api, "isVecDeq is true but the DEQSCALE register does not hold a 128-byte UB tensor: call "
               "SetDeqScale(vdeqTensor, vdeqInfo) first, or pass isVecDeq = false after SetDeqScale(scale, offset, "
               "signMode)", where);
  }
  std::memcpy(out, p, 128);
}

template <typename T, typename U, bool isVecDeq, bool halfBlock>
void cast_dequant(const char* api, const LocalTensor<T>& dst, const LocalTensor<U>& src, const MaskPlan& p,
                  const AscendC::UnaryRepeatParams& rp, const SourceLoc& where) {
  static_assert((std::is_same_v<U, int16_t> && one_of_v<T, int8_t, uint8_t>) ||
                    (std::is_same_v<U, int32_t> && std::is_same_v<T, half>),
                "CastDequant supports src/dst types int16_t/int8_t, int16_t/uint8_t and int32_t/half");
  require_ub_operand(api, "src", src, span_bytes<U>(p, rp.srcBlkStride, rp.srcRepStride), where);
  if constexpr (std::is_same_v<U, int32_t>) {
    require_ub_operand(api, "dst", dst, span_bytes<T>(p, rp.dstBlkStride, rp.dstRepStride), where);
    for_each_slot(p, [&](uint32_t r, uint32_t j) {
      slot(dst, r, j, rp.dstBlkStride, rp.dstRepStride) =
          deq_to_half(double(slot(src, r, j, rp.srcBlkStride, rp.srcRepStride)));
    });
  } else {
    // a source block of 16 int16_t gives 16 bytes: the same-numbered dst block's high or low half
    require_ub_operand(api, "dst", dst, span_bytes<U>(p, rp.dstBlkStride, rp.dstRepStride), where);
    uint64_t words[16];
    if constexpr (isVecDeq) {
      vdeq_words(api, words, where);
    } else {
      for (uint64_t& w : words) w = vector_state().deq_scale;
    }
    auto* out = reinterpret_cast<uint8_t*>(dst.opkit_addr);
    for_each_slot(p, [&](uint32_t r, uint32_t j) {
      const uint64_t at = (uint64_t(r) * rp.dstRepStride + uint64_t(j / 16) * rp.dstBlkStride) * 32 +
                          (halfBlock ? 16 : 0) + j % 16;
      out[at] = deq_s16_to_b8(slot(src, r, j, rp.srcBlkStride, rp.srcRepStride), words[j % 16]);
    });
  }
}

inline void add_deq_relu(const LocalTensor<half>& dst, const LocalTensor<int32_t>& src0,
                         const LocalTensor<int32_t>& src1, const MaskPlan& p, const AscendC::BinaryRepeatParams& rp,
                         const SourceLoc& where) {
  const char* api = "AddDeqRelu";
  require_ub_operand(api, "dst", dst, span_bytes<half>(p, rp.dstBlkStride, rp.dstRepStride), where);
  require_ub_operand(api, "src0", src0, span_bytes<int32_t>(p, rp.src0BlkStride, rp.src0RepStride), where);
  require_ub_operand(api, "src1", src1, span_bytes<int32_t>(p, rp.src1BlkStride, rp.src1RepStride), where);
  for_each_slot(p, [&](uint32_t r, uint32_t j) {
    const double sum = double(slot(src0, r, j, rp.src0BlkStride, rp.src0RepStride)) +
                       double(slot(src1, r, j, rp.src1BlkStride, rp.src1RepStride));
    const half v = deq_to_half(sum);
    slot(dst, r, j, rp.dstBlkStride, rp.dstRepStride) = float(v) < 0.0f ? half(0.0f) : v;
  });
}

}  // namespace opkit::sim::detail

namespace AscendC {

inline void SetDeqScale(half scale) { opkit::sim::detail::vector_state().deq_scale = scale.bits(); }

inline void SetDeqScale(float scale, int16_t offset, bool signMode) {
  opkit::sim::detail::vector_state().deq_scale = opkit::sim::detail::deq_word(scale, offset, signMode);
}

template <typename T>
void SetDeqScale(const LocalTensor<T>& vdeq, const VdeqInfo& vdeqInfo, OPKIT_SIM_HERE) {
  static_assert(std::is_same_v<T, uint64_t>, "SetDeqScale(vdeq, vdeqInfo): vdeq must be a LocalTensor<uint64_t>");
  namespace d = opkit::sim::detail;
  d::require_ub_operand("SetDeqScale", "vdeq", vdeq, VDEQ_TENSOR_SIZE * sizeof(uint64_t), where);
  for (int i = 0; i < VDEQ_TENSOR_SIZE; ++i) {
    vdeq.opkit_addr[i] = d::deq_word(vdeqInfo.vdeqScale[i], vdeqInfo.vdeqOffset[i], vdeqInfo.vdeqSignMode[i]);
  }
  d::vector_state().deq_scale = static_cast<uint64_t>(reinterpret_cast<uintptr_t>(vdeq.opkit_addr));
}

#define OPKIT_CAST_DEQ(NAME)                                                                                    \
  template <typename T, typename U, bool isSetMask = true, bool isVecDeq = true, bool halfBlock = true>       \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<U>& src, const uint64_t mask[], uint8_t repeatTime,  \
            const UnaryRepeatParams& repeatParams, OPKIT_SIM_HERE) {                                          \
    namespace d = opkit::sim::detail;                                                                         \
    const d::MaskPlan p = d::plan_mask(#NAME, 256 / sizeof(U), mask, repeatTime, isSetMask, where);           \
    d::cast_dequant<T, U, isVecDeq, halfBlock>(#NAME, dst, src, p, repeatParams, where);                      \
  }                                                                                                           \
  template <typename T, typename U, bool isSetMask = true, bool isVecDeq = true, bool halfBlock = true>       \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<U>& src, const int32_t mask, uint8_t repeatTime,     \
            const UnaryRepeatParams& repeatParams, OPKIT_SIM_HERE) {                                          \
    namespace d = opkit::sim::detail;                                                                         \
    const d::MaskPlan p = d::plan_mask(#NAME, 256 / sizeof(U), uint64_t(mask), repeatTime, isSetMask, where); \
    d::cast_dequant<T, U, isVecDeq, halfBlock>(#NAME, dst, src, p, repeatParams, where);                      \
  }                                                                                                           \
  template <typename T, typename U, bool isVecDeq = true, bool halfBlock = true>                              \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<U>& src, const uint32_t count, OPKIT_SIM_HERE) {     \
    namespace d = opkit::sim::detail;                                                                         \
    const d::MaskPlan p = d::plan_counter(256 / sizeof(U), count);                                            \
    const UnaryRepeatParams packed(1, 1, sizeof(U) == 4 ? 4 : 8, 8); /* int32_t -> half: dst contiguous */    \
    d::cast_dequant<T, U, isVecDeq, halfBlock>(#NAME, dst, src, p, packed, where);                            \
  }
OPKIT_CAST_DEQ(CastDequant)
OPKIT_CAST_DEQ(CastDeq)  // CANN: "CastDeq has been updated, please use CastDequant instead"
#undef OPKIT_CAST_DEQ

template <typename T, typename U, bool isSetMask = true>
void AddDeqRelu(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1, uint64_t mask[],
                const uint8_t repeatTime, const BinaryRepeatParams& repeatParams, OPKIT_SIM_HERE) {
  static_assert(std::is_same_v<T, half> && std::is_same_v<U, int32_t>, "AddDeqRelu supports int32_t -> half");
  namespace d = opkit::sim::detail;
  const d::MaskPlan p = d::plan_mask("AddDeqRelu", 64, mask, repeatTime, isSetMask, where);
  d::add_deq_relu(dst, src0, src1, p, repeatParams, where);
}

template <typename T, typename U, bool isSetMask = true>
void AddDeqRelu(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1, uint64_t mask,
                const uint8_t repeatTime, const BinaryRepeatParams& repeatParams, OPKIT_SIM_HERE) {
  static_assert(std::is_same_v<T, half> && std::is_same_v<U, int32_t>, "AddDeqRelu supports int32_t -> half");
  namespace d = opkit::sim::detail;
  const d::MaskPlan p = d::plan_mask("AddDeqRelu", 64, mask, repeatTime, isSetMask, where);
  d::add_deq_relu(dst, src0, src1, p, repeatParams, where);
}

template <bool isSetMask = true>
void AddDeqRelu(const LocalTensor<half>& dst, const LocalTensor<int32_t>& src0, const LocalTensor<int32_t>& src1,
                uint64_t mask[], const uint8_t repeatTime, const BinaryRepeatParams& repeatParams, OPKIT_SIM_HERE) {
  AddDeqRelu<half, int32_t, isSetMask>(dst, src0, src1, mask, repeatTime, repeatParams, where);
}

template <bool isSetMask = true>
void AddDeqRelu(const LocalTensor<half>& dst, const LocalTensor<int32_t>& src0, const LocalTensor<int32_t>& src1,
                uint64_t mask, const uint8_t repeatTime, const BinaryRepeatParams& repeatParams, OPKIT_SIM_HERE) {
  AddDeqRelu<half, int32_t, isSetMask>(dst, src0, src1, mask, repeatTime, repeatParams, where);
}

template <typename T, typename U>
void AddDeqRelu(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,
                const int32_t& count, OPKIT_SIM_HERE) {
  static_assert(std::is_same_v<T, half> && std::is_same_v<U, int32_t>, "AddDeqRelu supports int32_t -> half");
  namespace d = opkit::sim::detail;
  const d::MaskPlan p = d::plan_counter(64, d::count_arg("AddDeqRelu", count, where));
  d::add_deq_relu(dst, src0, src1, p, BinaryRepeatParams(1, 1, 1, 4, 8, 8), where);
}

inline void AddDeqRelu(const LocalTensor<half>& dst, const LocalTensor<int32_t>& src0,
                       const LocalTensor<int32_t>& src1, const int32_t& count, OPKIT_SIM_HERE) {
  AddDeqRelu<half, int32_t>(dst, src0, src1, count, where);
}

}  // namespace AscendC
