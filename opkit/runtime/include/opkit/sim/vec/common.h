// Shared machinery of the vector instructions: Ascend C's enums and repeat params, the mask register, element addressing.
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "opkit/sim/fault.h"
#include "opkit/sim/numeric.h"
#include "opkit/sim/signature.h"
#include "opkit/sim/profile.h"
#include "opkit/sim/tensor.h"

namespace AscendC {

enum class RoundMode : uint8_t { CAST_NONE = 0, CAST_RINT, CAST_FLOOR, CAST_CEIL, CAST_ROUND, CAST_TRUNC, CAST_ODD };
enum class CMPMODE : uint8_t { LT = 0, GT, EQ, LE, GE, NE };
enum class SELMODE : uint8_t { VSEL_CMPMASK_SPR = 0, VSEL_TENSOR_SCALAR_MODE, VSEL_TENSOR_TENSOR_MODE };
enum class ReduceOrder : uint8_t { ORDER_VALUE_INDEX = 0, ORDER_INDEX_VALUE, ORDER_ONLY_VALUE, ORDER_ONLY_INDEX };
enum class ReduceType : uint8_t { SUM = 0, MAX, MIN };
enum class MaskMode : uint8_t { NORMAL = 0, COUNTER };

// Strides of the mask/repeat form: block strides in 32 B blocks inside one repeat, repeat strides in 32 B blocks
// between repeats. Defaults are CANN's: contiguous blocks, 8 blocks (256 B) per repeat.
struct BinaryRepeatParams {
  BinaryRepeatParams() = default;
  BinaryRepeatParams(uint16_t dstBlk, uint16_t src0Blk, uint16_t src1Blk, uint16_t dstRep, uint16_t src0Rep,
                     uint16_t src1Rep)
      : dstBlkStride(dstBlk), src0BlkStride(src0Blk), src1BlkStride(src1Blk), dstRepStride(dstRep),
        src0RepStride(src0Rep), src1RepStride(src1Rep) {}
  uint32_t blockNumber = 8;
  uint16_t dstBlkStride = 1;
  uint16_t src0BlkStride = 1;
  uint16_t src1BlkStride = 1;
  uint16_t dstRepStride = 8;
  uint16_t src0RepStride = 8;
  uint16_t src1RepStride = 8;
  bool repeatStrideMode = false;
  bool strideSizeMode = false;
};

struct UnaryRepeatParams {
  UnaryRepeatParams() = default;
  UnaryRepeatParams(uint16_t dstBlk, uint16_t srcBlk, uint16_t dstRep, uint16_t srcRep)
      : dstBlkStride(dstBlk), srcBlkStride(srcBlk), dstRepStride(dstRep), srcRepStride(srcRep) {}
  uint32_t blockNumber = 8;
  uint16_t dstBlkStride = 1;
  uint16_t srcBlkStride = 1;
  uint16_t dstRepStride = 8;
  uint16_t srcRepStride = 8;
  bool repeatStrideMode = false;
  bool strideSizeMode = false;
};

// What a mask-form call passes when isSetMask = false (the mask comes from SetVectorMask instead). Both are const, as
// in CANN, so the list fits only the APIs that take `const uint64_t mask[]` (Compare, Cast, the reductions).
inline constexpr uint64_t MASK_PLACEHOLDER = 0;
inline constexpr uint64_t MASK_PLACEHOLDER_LIST[2] = {0, 0};

}  // namespace AscendC

namespace opkit::sim::detail {

using AscendC::LocalTensor;

template <typename T, typename... Allowed>
inline constexpr bool one_of_v = (std::is_same_v<T, Allowed> || ...);

// Half and bfloat16 compute in float and round once per instruction, as the device does.
template <typename T>
using compute_t = std::conditional_t<is_float16_v<T>, float, T>;

template <typename T>
inline constexpr uint32_t kBlockElems = 32 / sizeof(T);
template <typename T>
inline constexpr uint32_t kRepeatElems = 256 / sizeof(T);

// The vector mask register of this core (one per simulated block: the launcher resets it per block).
struct VectorState {
  bool counter = false;                     // SetMaskCount: mask[0] is an element count
  uint64_t mask[2] = {~0ull, ~0ull};        // normal mode: bit j = element j of a repeat
  // SetDeqScale's DEQSCALE register (vec/deq.h): a half scale in bits 0-15, a float/offset/signMode word, or the
  // UB address of 16 such words; unset it holds half 1.0, so int32_t -> half Cast keeps the value.
  uint64_t deq_scale = 0x3C00;
};

inline VectorState& vector_state() {
  thread_local VectorState state;
  return state;
}

inline void reset_vector_state() { vector_state() = VectorState{}; }

inline void first_bits(uint64_t out[2], uint64_t n) {
  out[0] = n >= 64 ? ~0ull : (1ull << n) - 1;
  out[1] = n >= 128 ? ~0ull : n > 64 ? (1ull << (n - 64)) - 1 : 0;
}

// Which element slots of which repeats one mask-form instruction touches.
struct MaskPlan {
  uint32_t repeats = 0;
  uint32_t per_repeat = 0;  // slots per repeat: 256 B over the widest operand element
  uint64_t full[2] = {0, 0};  // active slots of every repeat but the last
  uint64_t last[2] = {0, 0};  // active slots of the last repeat (fewer in counter mode)

  const uint64_t* bits(uint32_t r) const { return r + 1 == repeats ? last : full; }
  // One past the highest active slot of repeat r (0 when none is active).
  uint32_t top(uint32_t r) const {
    const uint64_t* m = bits(r);
    if (m[1]) return 128 - static_cast<uint32_t>(__builtin_clzll(m[1]));
    if (m[0]) return 64 - static_cast<uint32_t>(__builtin_clzll(m[0]));
    return 0;
  }
};

// The checks below take the kernel's call site as `where` (the API's OPKIT_SIM_HERE); the default leaves a fault
// unlocated, for callers that have no kernel call site to give.
inline void check_repeat(const char* api, int32_t repeat, const SourceLoc& where = SourceLoc{}) {
  if (repeat < 0 || repeat > 255) fault(api, cat("repeatTimes ", repeat, " is outside [0, 255]"), where);
}

// Counter mode (SetMaskCount): the mask is an element count spread over as many repeats as it needs.
inline MaskPlan plan_counter(uint32_t per_repeat, uint64_t count) {
  MaskPlan p;
  p.per_repeat = per_repeat;
  p.repeats = static_cast<uint32_t>((count + per_repeat - 1) / per_repeat);
  first_bits(p.full, per_repeat);
  first_bits(p.last, count - (p.repeats ? (p.repeats - 1) * uint64_t(per_repeat) : 0));
  if (BlockRecord* r = current_block().rec) r->note_plan(p.repeats, per_repeat);
  return p;
}

inline MaskPlan plan_normal(uint32_t per_repeat, const uint64_t bits[2], int32_t repeat) {
  MaskPlan p;
  p.per_repeat = per_repeat;
  p.repeats = static_cast<uint32_t>(repeat);
  uint64_t limit[2];
  first_bits(limit, per_repeat);
  for (int w = 0; w < 2; ++w) p.full[w] = p.last[w] = bits[w] & limit[w];
  if (BlockRecord* r = current_block().rec) {
    r->note_plan(p.repeats, static_cast<uint32_t>(__builtin_popcountll(p.full[0]) + __builtin_popcountll(p.full[1])));
  }
  return p;
}

// Continuous mask: the first `mask` slots of each repeat.
inline MaskPlan plan_mask(const char* api, uint32_t per_repeat, uint64_t mask, int32_t repeat, bool set_mask,
                          const SourceLoc& where = SourceLoc{}) {
  VectorState& s = vector_state();
  if (s.counter) {
    if (set_mask) s.mask[0] = mask, s.mask[1] = 0;
    return plan_counter(per_repeat, s.mask[0]);
  }
  check_repeat(api, repeat, where);
  if (set_mask) {
    if (mask < 1 || mask > per_repeat) {
      // CANN's debug check (CheckMaskValue); the device itself would take a mask >= 128 as the full mask.
      fault(api, cat("mask ", mask, " is outside [1, ", per_repeat, "] (elements per repeat for this type, in normal ",
                     "mask mode; an element count over a repeat needs counter mode: SetMaskCount())"), where);
    }
    first_bits(s.mask, mask);
  }
  return plan_normal(per_repeat, s.mask, repeat);
}

// Bit mask: mask[0] holds slots 0..63, mask[1] slots 64..127.
inline MaskPlan plan_mask(const char* api, uint32_t per_repeat, const uint64_t mask[], int32_t repeat,
                          bool set_mask, const SourceLoc& where = SourceLoc{}) {
  VectorState& s = vector_state();
  if (s.counter) {
    if (set_mask) s.mask[0] = mask[0], s.mask[1] = 0;
    return plan_counter(per_repeat, s.mask[0]);
  }
  check_repeat(api, repeat, where);
  if (set_mask) {
    if (per_repeat <= 64 && mask[1] != 0) {
      fault(api, cat("mask[1] is ", mask[1], " but 32-bit operands have 64 elements per repeat; it must be 0"), where);
    }
    if (mask[0] == 0 && mask[1] == 0) fault(api, "mask[0] and mask[1] are both 0: no element is selected", where);
    s.mask[0] = mask[0];
    s.mask[1] = mask[1];
  }
  return plan_normal(per_repeat, s.mask, repeat);
}

// Byte offset of slot j of repeat r of an operand: (r*rep + (j / perBlock)*blk)*32 + (j % perBlock)*sizeof(T).
template <typename T>
inline uint64_t slot_offset(uint32_t r, uint32_t j, uint32_t blk, uint32_t rep) {
  return (uint64_t(r) * rep + uint64_t(j / kBlockElems<T>) * blk) * 32 + uint64_t(j % kBlockElems<T>) * sizeof(T);
}

// Bytes from an operand's start that a plan touches with the given strides.
template <typename T>
inline uint64_t span_bytes(const MaskPlan& p, uint32_t blk, uint32_t rep) {
  uint64_t most = 0;
  for (uint32_t r = 0; r < p.repeats; ++r) {
    const uint32_t top = p.top(r);
    if (top != 0) most = std::max(most, slot_offset<T>(r, top - 1, blk, rep) + sizeof(T));
  }
  return most;
}

template <typename T>
inline T& slot(const LocalTensor<T>& t, uint32_t r, uint32_t j, uint32_t blk, uint32_t rep) {
  return *reinterpret_cast<T*>(reinterpret_cast<uint8_t*>(t.opkit_addr) + slot_offset<T>(r, j, blk, rep));
}

template <typename F>
inline void for_each_slot(const MaskPlan& p, F&& f) {
  for (uint32_t r = 0; r < p.repeats; ++r) {
    const uint64_t* m = p.bits(r);
    for (uint32_t w = 0; w < 2; ++w) {
      for (uint64_t bits = m[w]; bits != 0; bits &= bits - 1) {
        f(r, w * 64 + static_cast<uint32_t>(__builtin_ctzll(bits)));
      }
    }
  }
}

// Count-form element count: CANN takes int32; a negative count is a kernel bug.
inline uint64_t count_arg(const char* api, int64_t count, const SourceLoc& where = SourceLoc{}) {
  if (count < 0) fault(api, cat("count ", count, " is negative"), where);
  return static_cast<uint64_t>(count);
}

// Operands that need only element alignment (reduce results): in this block's UB and large enough.
template <typename T>
void require_ub_elements(const char* api, const char* role, const LocalTensor<T>& t, uint64_t bytes,
                         const SourceLoc& where = SourceLoc{}) {
  const BlockContext& c = current_block();
  const auto* p = reinterpret_cast<const uint8_t*>(t.opkit_addr);
  if (c.ub_base == nullptr || p < c.ub_base || p >= c.ub_base + c.ub_size) {
    fault(api, cat(role, " is not a tensor in this block's Unified Buffer"), where);
  }
  const uint64_t offset = static_cast<uint64_t>(p - c.ub_base);
  if (offset % sizeof(T) != 0) {
    fault(api, cat(role, " starts at UB offset ", offset, ", which is not ", sizeof(T), "-byte aligned"), where);
  }
  const uint64_t have = static_cast<uint64_t>(t.opkit_count) * sizeof(T);
  if (bytes > have && !ub_overrun_unheld(api, role, p, have, 0, bytes, t.opkit_slot, where)) {
    fault(api, cat(role, " needs ", bytes, " bytes but the tensor holds ", have, " bytes (", t.opkit_count,
                   " elements)", ub_overrun_note(p, have, bytes)), where);
  }
}

// Count-form loops. The compiler vectorises them at -O2 as well as -O3: a generated project builds kernels with
// -O2, whose "very cheap" cost model only vectorises a loop that needs no runtime alias check and no scalar
// epilogue. So the body runs over fixed runs of kLanes elements (a multiple of every SIMD width) under
// OPKIT_VEC_IVDEP, and only the last n % kLanes elements run one at a time. ivdep (no loop-carried dependence)
// holds because operands are either the same tensor (in-place) or disjoint; UB operands start 32 B aligned and
// the device defines no result for a partial overlap. 16-bit floats go through float chunks (F16C converts 8 at
// a time) and are rounded once on the way back.
#if defined(__clang__)
#define OPKIT_VEC_IVDEP _Pragma("clang loop vectorize(assume_safety)")
#else
#define OPKIT_VEC_IVDEP _Pragma("GCC ivdep")
#endif
// x86-64's baseline ISA is SSE2, so with GCC each loop also gets an AVX2 and an AVX-512 clone, and the best the CPU
// has is picked once at load time (target_clones). AVX-512 roughly halves the time of the compute-bound loops
// (Exp, Ln, Tanh, the activations). fp-contract=off keeps multiply-adds unfused in every clone (AVX-512 brings FMA
// with it), so results are bit-identical whichever clone runs.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define OPKIT_VEC_CLONES __attribute__((target_clones("avx512f", "avx2", "default"), optimize("fp-contract=off")))
#else
#define OPKIT_VEC_CLONES
#endif
inline constexpr int64_t kLanes = 64;
inline constexpr int64_t kChunk = 512;

template <typename D, typename S, typename F>
OPKIT_VEC_CLONES inline void map_unary_plain(D* dst, const S* src, int64_t n, F f) {
  int64_t i = 0;
  for (; i + kLanes <= n; i += kLanes) {
    D* d = dst + i;
    const S* s = src + i;
    OPKIT_VEC_IVDEP
    for (int64_t j = 0; j < kLanes; ++j) d[j] = f(s[j]);
  }
  for (; i < n; ++i) dst[i] = f(src[i]);
}

template <typename D, typename S, typename F>
OPKIT_VEC_CLONES inline void map_binary_plain(D* dst, const S* a, const S* b, int64_t n, F f) {
  int64_t i = 0;
  for (; i + kLanes <= n; i += kLanes) {
    D* d = dst + i;
    const S* x = a + i;
    const S* y = b + i;
    OPKIT_VEC_IVDEP
    for (int64_t j = 0; j < kLanes; ++j) d[j] = f(x[j], y[j]);
  }
  for (; i < n; ++i) dst[i] = f(a[i], b[i]);
}

// map_unary's function object for an operation that brings its own whole-array float loop, Op::loop(dst, src, n):
// one the compiler could not vectorise from a per-element call (OpSqrt in elementwise.h).
template <typename Op>
struct WholeArray {};

template <typename Op>
inline void map_unary_plain(float* dst, const float* src, int64_t n, WholeArray<Op>) {
  Op::loop(dst, src, n);
}

template <typename T, typename F>
void map_unary(T* dst, const T* src, int64_t n, F f) {
  if constexpr (is_float16_v<T>) {
    float buf[kChunk];
    for (int64_t base = 0; base < n; base += kChunk) {
      const int64_t m = std::min(kChunk, n - base);
      widen(src + base, buf, m);
      map_unary_plain(buf, buf, m, f);
      narrow(buf, dst + base, m);
    }
  } else {
    map_unary_plain(dst, src, n, f);
  }
}

template <typename T, typename F>
void map_binary(T* dst, const T* a, const T* b, int64_t n, F f) {
  if constexpr (is_float16_v<T>) {
    float fa[kChunk];
    float fb[kChunk];
    for (int64_t base = 0; base < n; base += kChunk) {
      const int64_t m = std::min(kChunk, n - base);
      widen(a + base, fa, m);
      widen(b + base, fb, m);
      map_binary_plain(fa, fa, fb, m, f);
      narrow(fa, dst + base, m);
    }
  } else {
    map_binary_plain(dst, a, b, n, f);
  }
}

}  // namespace opkit::sim::detail

namespace AscendC {

// Mask register control. Counter mode: the mask-form APIs take an element count instead of a per-repeat mask.
inline void SetMaskCount() { opkit::sim::detail::vector_state().counter = true; }
inline void SetMaskNorm() { opkit::sim::detail::vector_state().counter = false; }

inline void ResetMask() {
  auto& s = opkit::sim::detail::vector_state();
  s.mask[0] = s.mask[1] = ~0ull;
}

template <typename T>
void OpkitWriteVectorMask(uint64_t maskHigh, uint64_t maskLow) {
  auto& s = opkit::sim::detail::vector_state();
  s.mask[0] = maskLow;
  s.mask[1] = maskHigh;
}

template <typename T, MaskMode mode = MaskMode::NORMAL>
inline void SetVectorMask(const uint64_t maskHigh, const uint64_t maskLow) {
  auto& s = opkit::sim::detail::vector_state();
  s.mask[0] = maskLow;
  s.mask[1] = (mode == MaskMode::COUNTER || s.counter) ? 0 : maskHigh;
}

template <typename T, MaskMode mode = MaskMode::NORMAL>
inline void SetVectorMask(int32_t len, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  auto& s = d::vector_state();
  if (mode == MaskMode::COUNTER || s.counter) {
    if (len < 0) d::fault("SetVectorMask", d::cat("count ", len, " is negative"), where);
    s.mask[0] = static_cast<uint64_t>(len);
    s.mask[1] = 0;
    return;
  }
  if (len < 0 || static_cast<uint32_t>(len) > d::kRepeatElems<T>) {
    d::fault("SetVectorMask", d::cat("len ", len, " is outside [0, ", d::kRepeatElems<T>, "] for this type"), where);
  }
  d::first_bits(s.mask, static_cast<uint64_t>(len));
}

}  // namespace AscendC

// The CCE builtins older kernels call for the mask register (CANN's AscendCUtils wraps them).
inline void set_mask_norm() { AscendC::SetMaskNorm(); }
inline void set_mask_count() { AscendC::SetMaskCount(); }
inline void set_vector_mask(uint64_t maskHigh, uint64_t maskLow) {
  AscendC::OpkitWriteVectorMask<uint8_t>(maskHigh, maskLow);
}
