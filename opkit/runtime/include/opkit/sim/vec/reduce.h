// Reductions: ReduceSum/Max/Min (whole tensor, with index), WholeReduce*/ReduceRepeat (per repeat), BlockReduce*/
// ReduceDataBlock (per 32 B block), RepeatReduceSum.
// Sums accumulate in float and round once to the element type (the device's tree order is not reproduced bit for bit).
// Max/Min: the first occurrence wins ties; a NaN element wins (propagates). The index is written as the bits of an
// unsigned integer of the element's width (uint16_t for half, uint32_t for float), as CANN documents.
// dstRepStride of WholeReduce*/ReduceRepeat counts whole results of one repeat (1 element, or 2 for value+index);
// of BlockReduce*/ReduceDataBlock it counts one repeat's 8 block results.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "opkit/sim/vec/common.h"
#include "opkit/sim/ub_scratch.h"

namespace opkit::sim::detail {

enum class Reduce { kSum, kMax, kMin };

template <typename T>
void store_index(T& dst, uint32_t index) {
  if constexpr (is_float16_v<T>) {
    dst = T::from_bits(static_cast<uint16_t>(index));
  } else {
    std::memcpy(&dst, &index, 4);
  }
}

// Running reduction of float values (16-bit types widened) with the index of the winner.
struct Reducer {
  Reduce kind;
  float acc = 0.0f;
  uint32_t index = 0;
  bool any = false;

  void add(float x, uint32_t i) {
    if (!any) {
      acc = x, index = i, any = true;
      return;
    }
    if (kind == Reduce::kSum) {
      acc += x;
    } else if (acc == acc && (x != x || (kind == Reduce::kMax ? x > acc : x < acc))) {
      acc = x, index = i;
    }
  }
};

// Whole tensor, count form: lanes of partial results so the loop vectorises without reassociation flags.
template <typename T>
Reducer reduce_contiguous(Reduce kind, const T* src, uint64_t n) {
  Reducer out{kind};
  if (kind == Reduce::kSum) {
    constexpr int kLanes = 16;
    float lanes[kLanes] = {};
    float buf[kChunk];
    for (uint64_t base = 0; base < n; base += kChunk) {
      const int64_t m = static_cast<int64_t>(std::min<uint64_t>(kChunk, n - base));
      if constexpr (is_float16_v<T>) {
        widen(src + base, buf, m);
      } else {
        std::memcpy(buf, src + base, m * sizeof(float));
      }
      int64_t i = 0;
      for (; i + kLanes <= m; i += kLanes) {
        for (int l = 0; l < kLanes; ++l) lanes[l] += buf[i + l];
      }
      for (; i < m; ++i) lanes[i % kLanes] += buf[i];
    }
    for (int l = 0; l < kLanes; ++l) out.add(lanes[l], 0);
    return out;
  }
  for (uint64_t i = 0; i < n; ++i) out.add(static_cast<float>(src[i]), static_cast<uint32_t>(i));
  return out;
}

template <typename T>
void write_result(T* dst, const Reducer& r, bool with_index) {
  dst[0] = T(r.acc);
  if (with_index) store_index(dst[1], r.index);
}

template <typename T>
void check_tmp(const char* api, const LocalTensor<T>& tmp, uint64_t repeats, bool with_index, const SourceLoc& where) {
  // CANN sizes the work buffer for the first-level results: one (or two with index) per repeat, 32 B aligned.
  const uint64_t need = (repeats * (with_index ? 2 : 1) * sizeof(T) + 31) / 32 * 32;
  require_ub_operand(api, "sharedTmpBuffer", tmp, need, where);
}

// The MAX_MIN_CNT register: the extreme of the last ReduceMax/ReduceMin/WholeReduceMax/WholeReduceMin (over all
// its repeats) and its index, packed as CANN's GetReduceMaxMinCount reads it: the value's bits low (a half's in the
// low 16), the index in the high 32 bits (vec/reduce_spr.h). Sums and reductions with no active element leave it.
template <typename T>
void remember_max_min(const Reducer& r) {
  if (r.kind == Reduce::kSum || !r.any) return;
  BlockContext& c = current_block();
  const T value = T(r.acc);
  uint32_t bits = 0;
  std::memcpy(&bits, static_cast<const void*>(&value), sizeof(T));
  c.max_min_cnt = uint64_t(r.index) << 32 | bits;
  c.max_min_size = sizeof(T);
}

template <typename T>
void reduce_count(const char* api, Reduce kind, const LocalTensor<T>& dst, const LocalTensor<T>& src,
                  const LocalTensor<T>& tmp, int64_t count, bool with_index, const SourceLoc& where) {
  const uint64_t n = count_arg(api, count, where);
  if (n == 0) fault(api, "count is 0: there is nothing to reduce", where);
  require_ub_elements(api, "dst", dst, (with_index ? 2 : 1) * sizeof(T), where);
  require_ub_operand(api, "src", src, n * sizeof(T), where);
  check_tmp(api, tmp, (n + kRepeatElems<T> - 1) / kRepeatElems<T>, with_index, where);
  const Reducer r = reduce_contiguous(kind, src.opkit_addr, n);
  write_result(dst.opkit_addr, r, with_index);
  remember_max_min<T>(r);
  if (kind == Reduce::kSum) {
    BlockContext& c = current_block();
    std::memcpy(&c.acc_val_bits, dst.opkit_addr, sizeof(T));
    c.acc_val_size = sizeof(T);
  }
}

// Sums of other forms also pass through ACC_VAL on the device, with values CANN does not document: forget it.
inline void forget_acc_val(Reduce kind) {
  if (kind == Reduce::kSum) current_block().acc_val_size = 0;
}

// Level-0 form: all active slots of all repeats into one result; the index is r * perRepeat + j.
template <typename T>
void reduce_masked(const char* api, Reduce kind, const LocalTensor<T>& dst, const LocalTensor<T>& src,
                   const LocalTensor<T>& tmp, const MaskPlan& p, uint32_t src_rep, bool with_index,
                   const SourceLoc& where) {
  require_ub_elements(api, "dst", dst, (with_index ? 2 : 1) * sizeof(T), where);
  require_ub_operand(api, "src", src, span_bytes<T>(p, 1, src_rep), where);
  check_tmp(api, tmp, p.repeats, with_index, where);
  forget_acc_val(kind);
  Reducer red{kind};
  for_each_slot(p, [&](uint32_t r, uint32_t j) {
    red.add(static_cast<float>(slot(src, r, j, 1, src_rep)), r * p.per_repeat + j);
  });
  if (red.any) write_result(dst.opkit_addr, red, with_index);
  remember_max_min<T>(red);
}

inline uint32_t results_per_repeat(Reduce kind, AscendC::ReduceOrder order) {
  if (kind == Reduce::kSum) return 1;
  return order == AscendC::ReduceOrder::ORDER_VALUE_INDEX || order == AscendC::ReduceOrder::ORDER_INDEX_VALUE ? 2 : 1;
}

template <typename T>
void write_ordered(T* out, const Reducer& r, Reduce kind, AscendC::ReduceOrder order) {
  using AscendC::ReduceOrder;
  if (kind == Reduce::kSum || order == ReduceOrder::ORDER_ONLY_VALUE) {
    out[0] = T(r.acc);
  } else if (order == ReduceOrder::ORDER_ONLY_INDEX) {
    store_index(out[0], r.index);
  } else if (order == ReduceOrder::ORDER_VALUE_INDEX) {
    out[0] = T(r.acc);
    store_index(out[1], r.index);
  } else {
    store_index(out[0], r.index);
    out[1] = T(r.acc);
  }
}

// One result per repeat (WholeReduce*, ReduceRepeat, RepeatReduceSum); the index is the slot within the repeat.
template <typename T>
void whole_reduce(const char* api, Reduce kind, const LocalTensor<T>& dst, const LocalTensor<T>& src,
                  const MaskPlan& p, int32_t dst_rep, int32_t src_blk, int32_t src_rep, AscendC::ReduceOrder order,
                  const SourceLoc& where) {
  if (dst_rep < 0 || src_blk < 0 || src_rep < 0) {
    fault(api, cat("strides must not be negative (dstRepStride ", dst_rep, ", srcBlkStride ", src_blk,
                   ", srcRepStride ", src_rep, ")"), where);
  }
  forget_acc_val(kind);
  if (p.repeats == 0) return;
  const uint32_t outs = results_per_repeat(kind, order);
  require_ub_elements(api, "dst", dst, (uint64_t(p.repeats - 1) * dst_rep * outs + outs) * sizeof(T), where);
  require_ub_operand(api, "src", src, span_bytes<T>(p, src_blk, src_rep), where);
  Reducer all{kind};  // for MAX_MIN_CNT: the index counts slots from the first repeat's first (r * perRepeat + j)
  for (uint32_t r = 0; r < p.repeats; ++r) {
    Reducer red{kind};
    const uint64_t* m = p.bits(r);
    for (uint32_t j = 0; j < p.per_repeat; ++j) {
      if ((m[j / 64] >> (j % 64)) & 1u) red.add(static_cast<float>(slot(src, r, j, src_blk, src_rep)), j);
    }
    if (red.any) write_ordered(dst.opkit_addr + uint64_t(r) * dst_rep * outs, red, kind, order);
    if (red.any && kind != Reduce::kSum) all.add(red.acc, r * p.per_repeat + red.index);
  }
  remember_max_min<T>(all);
}

// One result per 32 B block (BlockReduce*, ReduceDataBlock): 8 results per repeat; blocks with no active
// element leave their result untouched.
template <typename T>
void block_reduce(const char* api, Reduce kind, const LocalTensor<T>& dst, const LocalTensor<T>& src,
                  const MaskPlan& p, int32_t dst_rep, int32_t src_blk, int32_t src_rep, const SourceLoc& where) {
  if (dst_rep < 0 || src_blk < 0 || src_rep < 0) {
    fault(api, cat("strides must not be negative (dstRepStride ", dst_rep, ", srcBlkStride ", src_blk,
                   ", srcRepStride ", src_rep, ")"), where);
  }
  forget_acc_val(kind);
  if (p.repeats == 0) return;
  require_ub_elements(api, "dst", dst, (uint64_t(p.repeats - 1) * dst_rep * 8 + 8) * sizeof(T), where);
  require_ub_operand(api, "src", src, span_bytes<T>(p, src_blk, src_rep), where);
  for (uint32_t r = 0; r < p.repeats; ++r) {
    const uint64_t* m = p.bits(r);
    for (uint32_t b = 0; b < 8; ++b) {
      Reducer red{kind};
      for (uint32_t j = b * kBlockElems<T>; j < (b + 1) * kBlockElems<T>; ++j) {
        if ((m[j / 64] >> (j % 64)) & 1u) red.add(static_cast<float>(slot(src, r, j, src_blk, src_rep)), j);
      }
      if (red.any) dst.opkit_addr[uint64_t(r) * dst_rep * 8 + b] = T(red.acc);
    }
  }
}

// Sums of adjacent pairs (ReducePairElem<SUM>, PairReduceSum): per repeat perRepeat/2 results, the next repeat's at
// dstRepStride * 128 bytes; a pair with one active element gives that element, one with none leaves dst untouched.
template <typename T>
void pair_reduce(const char* api, const LocalTensor<T>& dst, const LocalTensor<T>& src, const MaskPlan& p,
                 int32_t dst_rep, int32_t src_blk, int32_t src_rep, const SourceLoc& where) {
  if (dst_rep < 0 || src_blk < 0 || src_rep < 0) {
    fault(api, cat("strides must not be negative (dstRepStride ", dst_rep, ", srcBlkStride ", src_blk,
                   ", srcRepStride ", src_rep, ")"), where);
  }
  forget_acc_val(Reduce::kSum);
  if (p.repeats == 0) return;
  const uint64_t outs = p.per_repeat / 2, step = 128 / sizeof(T);
  require_ub_operand(api, "dst", dst, (uint64_t(p.repeats - 1) * uint64_t(dst_rep) * step + outs) * sizeof(T), where);
  require_ub_operand(api, "src", src, span_bytes<T>(p, src_blk, src_rep), where);
  for (uint32_t r = 0; r < p.repeats; ++r) {
    const uint64_t* m = p.bits(r);
    for (uint32_t k = 0; k < outs; ++k) {
      Reducer red{Reduce::kSum};
      for (uint32_t j = 2 * k; j < 2 * k + 2; ++j) {
        if ((m[j / 64] >> (j % 64)) & 1u) red.add(static_cast<float>(slot(src, r, j, src_blk, src_rep)), j);
      }
      if (red.any) dst.opkit_addr[uint64_t(r) * dst_rep * step + k] = T(red.acc);
    }
  }
}

constexpr Reduce to_reduce(AscendC::ReduceType t) {
  return t == AscendC::ReduceType::SUM ? Reduce::kSum : t == AscendC::ReduceType::MAX ? Reduce::kMax : Reduce::kMin;
}

}  // namespace opkit::sim::detail

namespace AscendC {

#define OPKIT_D opkit::sim::detail
// Every reduction here takes half or float (the Ascend C reduction dtype tables for 910B and 310P).
#define OPKIT_REDUCE_CHECK(NAME)                                                                               \
  static_assert(OPKIT_D::one_of_v<T, half, float>, NAME " supports half and float on " OPKIT_SOC_NAME)

// Signatures as CANN's kernel_operator_vec_reduce_intf.h: dst, src and sharedTmpBuffer of one element type; the mask
// of the level-0 forms is `const int32_t` (continuous) or `const uint64_t mask[]` (bits).
template <typename T, bool isSetMask = true>
void ReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,
               const int32_t count, OPKIT_SIM_HERE) {
  OPKIT_REDUCE_CHECK("ReduceSum");
  OPKIT_D::reduce_count("ReduceSum", OPKIT_D::Reduce::kSum, dst, src, sharedTmpBuffer, count, false, where);
}
template <typename T>
void ReduceMax(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,
               const int32_t count, bool calIndex = false, OPKIT_SIM_HERE) {
  OPKIT_REDUCE_CHECK("ReduceMax");
  OPKIT_D::reduce_count("ReduceMax", OPKIT_D::Reduce::kMax, dst, src, sharedTmpBuffer, count, calIndex, where);
}
template <typename T>
void ReduceMin(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,
               const int32_t count, bool calIndex = false, OPKIT_SIM_HERE) {
  OPKIT_REDUCE_CHECK("ReduceMin");
  OPKIT_D::reduce_count("ReduceMin", OPKIT_D::Reduce::kMin, dst, src, sharedTmpBuffer, count, calIndex, where);
}

// Level-0 forms (mask, repeatTime, srcRepStride): the plan always comes from the arguments.
#define OPKIT_REDUCE_LEVEL0(MASK_DECL)                                                                         \
  template <typename T>                                                                                        \
  void ReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,  \
                 MASK_DECL, const int32_t repeatTime, const int32_t srcRepStride, OPKIT_SIM_HERE) {            \
    OPKIT_REDUCE_CHECK("ReduceSum");                                                                           \
    const auto p = OPKIT_D::plan_mask("ReduceSum", OPKIT_D::kRepeatElems<T>, mask, repeatTime, true, where);   \
    OPKIT_D::ub_scratch_mask("ReduceSum", mask, where);                                                            \
    OPKIT_D::reduce_masked("ReduceSum", OPKIT_D::Reduce::kSum, dst, src, sharedTmpBuffer, p, srcRepStride,     \
                           false, where);                                                                      \
  }                                                                                                            \
  template <typename T>                                                                                        \
  void ReduceMax(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,  \
                 MASK_DECL, const int32_t repeatTime, const int32_t srcRepStride, bool calIndex = false,       \
                 OPKIT_SIM_HERE) {                                                                             \
    OPKIT_REDUCE_CHECK("ReduceMax");                                                                           \
    const auto p = OPKIT_D::plan_mask("ReduceMax", OPKIT_D::kRepeatElems<T>, mask, repeatTime, true, where);   \
    OPKIT_D::ub_scratch_mask("ReduceMax", mask, where);                                                            \
    OPKIT_D::reduce_masked("ReduceMax", OPKIT_D::Reduce::kMax, dst, src, sharedTmpBuffer, p, srcRepStride,     \
                           calIndex, where);                                                                   \
  }                                                                                                            \
  template <typename T>                                                                                        \
  void ReduceMin(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,  \
                 MASK_DECL, const int32_t repeatTime, const int32_t srcRepStride, bool calIndex = false,       \
                 OPKIT_SIM_HERE) {                                                                             \
    OPKIT_REDUCE_CHECK("ReduceMin");                                                                           \
    const auto p = OPKIT_D::plan_mask("ReduceMin", OPKIT_D::kRepeatElems<T>, mask, repeatTime, true, where);   \
    OPKIT_D::ub_scratch_mask("ReduceMin", mask, where);                                                            \
    OPKIT_D::reduce_masked("ReduceMin", OPKIT_D::Reduce::kMin, dst, src, sharedTmpBuffer, p, srcRepStride,     \
                           calIndex, where);                                                                   \
  }
OPKIT_REDUCE_LEVEL0(const int32_t mask)
OPKIT_REDUCE_LEVEL0(const uint64_t mask[])
#undef OPKIT_REDUCE_LEVEL0

// WholeReduce*: (dst, src, mask, repeatTime, dstRepStride, srcBlkStride, srcRepStride[, order]).
#define OPKIT_WHOLE_REDUCE(MASK_DECL)                                                                          \
  template <typename T, bool isSetMask = true>                                                                 \
  void WholeReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, MASK_DECL, const int32_t repeatTime, \
                      const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride,      \
                      OPKIT_SIM_HERE) {                                                                        \
    OPKIT_REDUCE_CHECK("WholeReduceSum");                                                                      \
    const auto p = OPKIT_D::plan_mask("WholeReduceSum", OPKIT_D::kRepeatElems<T>, mask, repeatTime, isSetMask, \
                                      where);                                                                  \
    OPKIT_D::whole_reduce("WholeReduceSum", OPKIT_D::Reduce::kSum, dst, src, p, dstRepStride, srcBlkStride,    \
                          srcRepStride, ReduceOrder::ORDER_ONLY_VALUE, where);                                 \
  }                                                                                                            \
  template <typename T, bool isSetMask = true>                                                                 \
  void WholeReduceMax(const LocalTensor<T>& dst, const LocalTensor<T>& src, MASK_DECL, const int32_t repeatTime, \
                      const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride,      \
                      ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX, OPKIT_SIM_HERE) {                    \
    OPKIT_REDUCE_CHECK("WholeReduceMax");                                                                      \
    const auto p = OPKIT_D::plan_mask("WholeReduceMax", OPKIT_D::kRepeatElems<T>, mask, repeatTime, isSetMask, \
                                      where);                                                                  \
    OPKIT_D::whole_reduce("WholeReduceMax", OPKIT_D::Reduce::kMax, dst, src, p, dstRepStride, srcBlkStride,    \
                          srcRepStride, order, where);                                                         \
  }                                                                                                            \
  template <typename T, bool isSetMask = true>                                                                 \
  void WholeReduceMin(const LocalTensor<T>& dst, const LocalTensor<T>& src, MASK_DECL, const int32_t repeatTime, \
                      const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride,      \
                      ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX, OPKIT_SIM_HERE) {                    \
    OPKIT_REDUCE_CHECK("WholeReduceMin");                                                                      \
    const auto p = OPKIT_D::plan_mask("WholeReduceMin", OPKIT_D::kRepeatElems<T>, mask, repeatTime, isSetMask, \
                                      where);                                                                  \
    OPKIT_D::whole_reduce("WholeReduceMin", OPKIT_D::Reduce::kMin, dst, src, p, dstRepStride, srcBlkStride,    \
                          srcRepStride, order, where);                                                         \
  }
OPKIT_WHOLE_REDUCE(const int32_t mask)
OPKIT_WHOLE_REDUCE(const uint64_t mask[])
#undef OPKIT_WHOLE_REDUCE

// RepeatReduceSum: (dst, src, repeatTime, mask, dstBlkStride (ignored), srcBlkStride, dstRepStride, srcRepStride).
template <typename T, bool isSetMask = true>
void RepeatReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,
                     const int32_t mask, const int32_t dstBlkStride, const int32_t srcBlkStride,
                     const int32_t dstRepStride, const int32_t srcRepStride, OPKIT_SIM_HERE) {
  OPKIT_REDUCE_CHECK("RepeatReduceSum");
  (void)dstBlkStride;  // documented by CANN as having no effect
  const auto p = OPKIT_D::plan_mask("RepeatReduceSum", OPKIT_D::kRepeatElems<T>, static_cast<uint64_t>(mask),
                                    repeatTime, isSetMask, where);
  OPKIT_D::whole_reduce("RepeatReduceSum", OPKIT_D::Reduce::kSum, dst, src, p, dstRepStride, srcBlkStride,
                        srcRepStride, ReduceOrder::ORDER_ONLY_VALUE, where);
}

// BlockReduce*: note repeatTime comes BEFORE mask here (unlike WholeReduce*).
#define OPKIT_BLOCK_REDUCE(NAME, KIND, MASK_DECL)                                                              \
  template <typename T, bool isSetMask = true>                                                                 \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime, MASK_DECL,         \
            const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride,                \
            OPKIT_SIM_HERE) {                                                                                  \
    OPKIT_REDUCE_CHECK(#NAME);                                                                                 \
    const auto p = OPKIT_D::plan_mask(#NAME, OPKIT_D::kRepeatElems<T>, mask, repeatTime, isSetMask, where);    \
    OPKIT_D::block_reduce(#NAME, KIND, dst, src, p, dstRepStride, srcBlkStride, srcRepStride, where);          \
  }
OPKIT_BLOCK_REDUCE(BlockReduceSum, OPKIT_D::Reduce::kSum, const int32_t mask)
OPKIT_BLOCK_REDUCE(BlockReduceSum, OPKIT_D::Reduce::kSum, const uint64_t mask[])
OPKIT_BLOCK_REDUCE(BlockReduceMax, OPKIT_D::Reduce::kMax, const int32_t mask)
OPKIT_BLOCK_REDUCE(BlockReduceMax, OPKIT_D::Reduce::kMax, const uint64_t mask[])
OPKIT_BLOCK_REDUCE(BlockReduceMin, OPKIT_D::Reduce::kMin, const int32_t mask)
OPKIT_BLOCK_REDUCE(BlockReduceMin, OPKIT_D::Reduce::kMin, const uint64_t mask[])
#undef OPKIT_BLOCK_REDUCE

// CANN 9.1 names. ReduceRepeat = WholeReduce*; ReduceDataBlock = BlockReduce* but with mask BEFORE repeatTime.
#define OPKIT_REDUCE_91(MASK_DECL)                                                                             \
  template <ReduceType reduceType, typename T, typename U, bool isSetMask = true>                              \
  void ReduceRepeat(const LocalTensor<T>& dst, const LocalTensor<U>& src, MASK_DECL, const int32_t repeatTime, \
                    const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride,        \
                    ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX, OPKIT_SIM_HERE) {                      \
    OPKIT_REDUCE_CHECK("ReduceRepeat");                                                                        \
    static_assert(std::is_same_v<T, U>, "ReduceRepeat on " OPKIT_SOC_NAME " needs dst and src of the same type"); \
    const auto p = OPKIT_D::plan_mask("ReduceRepeat", OPKIT_D::kRepeatElems<T>, mask, repeatTime, isSetMask,   \
                                      where);                                                                  \
    OPKIT_D::whole_reduce("ReduceRepeat", OPKIT_D::to_reduce(reduceType), dst, src, p, dstRepStride,           \
                          srcBlkStride, srcRepStride, order, where);                                           \
  }                                                                                                            \
  template <ReduceType reduceType, typename T, typename U, bool isSetMask = true>                              \
  void ReduceDataBlock(const LocalTensor<T>& dst, const LocalTensor<U>& src, MASK_DECL,                        \
                       const int32_t repeatTime, const int32_t dstRepStride, const int32_t srcBlkStride,       \
                       const int32_t srcRepStride, OPKIT_SIM_HERE) {                                           \
    OPKIT_REDUCE_CHECK("ReduceDataBlock");                                                                     \
    static_assert(std::is_same_v<T, U>,                                                                        \
                  "ReduceDataBlock on " OPKIT_SOC_NAME " needs dst and src of the same type");                 \
    const auto p = OPKIT_D::plan_mask("ReduceDataBlock", OPKIT_D::kRepeatElems<T>, mask, repeatTime, isSetMask, \
                                      where);                                                                  \
    OPKIT_D::block_reduce("ReduceDataBlock", OPKIT_D::to_reduce(reduceType), dst, src, p, dstRepStride,        \
                          srcBlkStride, srcRepStride, where);                                                  \
  }
OPKIT_REDUCE_91(const int32_t mask)
OPKIT_REDUCE_91(const uint64_t mask[])
#undef OPKIT_REDUCE_91

// ReducePairElem (CANN 9.1, SUM only) and its older name PairReduceSum (repeatTime before mask).
#define OPKIT_PAIR_REDUCE(MASK_DECL)                                                                           \
  template <ReduceType reduceType, typename T, typename U, bool isSetMask = true>                              \
  void ReducePairElem(const LocalTensor<T>& dst, const LocalTensor<U>& src, MASK_DECL,                         \
                      const int32_t repeatTime, const int32_t dstRepStride, const int32_t srcBlkStride,        \
                      const int32_t srcRepStride, OPKIT_SIM_HERE) {                                            \
    OPKIT_REDUCE_CHECK("ReducePairElem");                                                                      \
    static_assert(reduceType == ReduceType::SUM, "ReducePairElem supports ReduceType::SUM only");             \
    static_assert(std::is_same_v<T, U>, "ReducePairElem needs dst and src of the same type");                  \
    const auto p = OPKIT_D::plan_mask("ReducePairElem", OPKIT_D::kRepeatElems<T>, mask, repeatTime, isSetMask, \
                                      where);                                                                  \
    OPKIT_D::pair_reduce("ReducePairElem", dst, src, p, dstRepStride, srcBlkStride, srcRepStride, where);      \
  }                                                                                                            \
  template <typename T, bool isSetMask = true>                                                                 \
  void PairReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime, MASK_DECL, \
                     const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride,       \
                     OPKIT_SIM_HERE) {                                                                         \
    OPKIT_REDUCE_CHECK("PairReduceSum");                                                                       \
    const auto p = OPKIT_D::plan_mask("PairReduceSum", OPKIT_D::kRepeatElems<T>, mask, repeatTime, isSetMask,  \
                                      where);                                                                  \
    OPKIT_D::pair_reduce("PairReduceSum", dst, src, p, dstRepStride, srcBlkStride, srcRepStride, where);       \
  }
OPKIT_PAIR_REDUCE(const int32_t mask)
OPKIT_PAIR_REDUCE(const uint64_t mask[])
#undef OPKIT_PAIR_REDUCE

#define OPKIT_REDUCE_SAME(NAME, FORMS)                                                                         \
  OPKIT_REJECT_UNMATCHED(NAME, "CANN declares " FORMS " with every tensor a LocalTensor<T> of one element type "  \
                         "T (half or float) and the mask a const int32_t (continuous) or const uint64_t[] (bits).")
OPKIT_REDUCE_SAME(ReduceSum, "ReduceSum(dst, src, sharedTmpBuffer, count) and ReduceSum(dst, src, sharedTmpBuffer, "
                  "mask, repeatTime, srcRepStride)")
OPKIT_REDUCE_SAME(ReduceMax, "ReduceMax(dst, src, sharedTmpBuffer, count[, calIndex]) and ReduceMax(dst, src, "
                  "sharedTmpBuffer, mask, repeatTime, srcRepStride[, calIndex])")
OPKIT_REDUCE_SAME(ReduceMin, "ReduceMin(dst, src, sharedTmpBuffer, count[, calIndex]) and ReduceMin(dst, src, "
                  "sharedTmpBuffer, mask, repeatTime, srcRepStride[, calIndex])")
OPKIT_REDUCE_SAME(WholeReduceSum, "WholeReduceSum(dst, src, mask, repeatTime, dstRepStride, srcBlkStride, "
                  "srcRepStride)")
OPKIT_REDUCE_SAME(WholeReduceMax, "WholeReduceMax(dst, src, mask, repeatTime, dstRepStride, srcBlkStride, "
                  "srcRepStride[, order])")
OPKIT_REDUCE_SAME(WholeReduceMin, "WholeReduceMin(dst, src, mask, repeatTime, dstRepStride, srcBlkStride, "
                  "srcRepStride[, order])")
OPKIT_REDUCE_SAME(BlockReduceSum, "BlockReduceSum(dst, src, repeatTime, mask, dstRepStride, srcBlkStride, "
                  "srcRepStride)")
OPKIT_REDUCE_SAME(BlockReduceMax, "BlockReduceMax(dst, src, repeatTime, mask, dstRepStride, srcBlkStride, "
                  "srcRepStride)")
OPKIT_REDUCE_SAME(BlockReduceMin, "BlockReduceMin(dst, src, repeatTime, mask, dstRepStride, srcBlkStride, "
                  "srcRepStride)")
OPKIT_REDUCE_SAME(RepeatReduceSum, "RepeatReduceSum(dst, src, repeatTime, mask, dstBlkStride, srcBlkStride, "
                  "dstRepStride, srcRepStride)")
#undef OPKIT_REDUCE_SAME

#undef OPKIT_REDUCE_CHECK
#undef OPKIT_D

}  // namespace AscendC

#include "opkit/sim/vec/reduce_spr.h"
