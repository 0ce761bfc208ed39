// The reductions' special registers, read back (kernel_operator_vec_reduce_intf.h): ACC_VAL, the sum the last
// count-form ReduceSum left (GetReduceRepeatSumSpr, older name GetAccVal), and MAX_MIN_CNT, the extreme and its index
// the last ReduceMax/ReduceMin/WholeReduceMax/WholeReduceMin left (GetReduceRepeatMaxMinSpr, older name
// GetReduceMaxMinCount). Both are per-block registers written by vec/reduce.h; reading one that nothing in this block
// wrote, or as another element type than the reduction's, faults rather than guessing.
#pragma once

#include <cstdint>
#include <cstring>

#include "opkit/sim/vec/reduce.h"

namespace opkit::sim::detail {

inline const BlockContext& acc_val_or_fault(const SourceLoc& where) {
  const BlockContext& c = current_block();
  if (c.acc_val_size == 0) {
    fault("GetReduceRepeatSumSpr", "no ReduceSum(dst, src, sharedTmpBuffer, count) ran before it in this block (CANN "
          "documents it for ReduceSum's count form only; a reduction of another form since then clears it here)",
          where);
  }
  return c;
}

// MAX_MIN_CNT as CANN unpacks it: the value's bits (16 for half) and the index's low bits, each reinterpreted as T
// (the index is an unsigned integer of T's width: read it through reinterpret_cast<uint16_t*> or <uint32_t*>).
template <typename T>
void read_max_min(const char* api, T* value, T* index, const SourceLoc& where) {
  static_assert(one_of_v<T, half, float>, "GetReduceMaxMinCount takes the ReduceMax/ReduceMin data type: half or float");
  const BlockContext& c = current_block();
  if (c.max_min_size == 0) {
    fault(api, "no ReduceMax, ReduceMin, WholeReduceMax or WholeReduceMin ran before it in this block", where);
  }
  if (c.max_min_size != sizeof(T)) {
    fault(api, cat("reads a ", sizeof(T), "-byte type but the last ReduceMax/ReduceMin took ", int(c.max_min_size),
                   "-byte elements"), where);
  }
  const uint32_t bits = static_cast<uint32_t>(c.max_min_cnt), at = static_cast<uint32_t>(c.max_min_cnt >> 32);
  std::memcpy(static_cast<void*>(value), &bits, sizeof(T));
  if (index != nullptr) std::memcpy(static_cast<void*>(index), &at, sizeof(T));
}

}  // namespace opkit::sim::detail

namespace AscendC {

// The sum the last count-form ReduceSum of this block left in ACC_VAL (CANN: "only with ReduceSum's tensor-first-n
// form"); T must be the type that ReduceSum reduced.
template <typename T>
T GetReduceRepeatSumSpr(OPKIT_SIM_HERE) {
  static_assert(opkit::sim::detail::one_of_v<T, half, float>, "GetReduceRepeatSumSpr supports half and float");
  const opkit::sim::detail::BlockContext& c = opkit::sim::detail::acc_val_or_fault(where);
  if (c.acc_val_size != sizeof(T)) {
    opkit::sim::detail::fault("GetReduceRepeatSumSpr", opkit::sim::detail::cat(
        "reads a ", sizeof(T), "-byte type but the last ReduceSum summed ", int(c.acc_val_size), "-byte elements"),
        where);
  }
  T out;
  std::memcpy(static_cast<void*>(&out), &c.acc_val_bits, sizeof(T));
  return out;
}

// The untyped forms: CANN's GetReduceRepeatSumSpr() and its older name GetAccVal() return the register's raw bits
// (the sum of the last count-form ReduceSum in the low bytes, reinterpreted by the caller); GetAccVal<T>() is typed.
inline int64_t GetReduceRepeatSumSpr(OPKIT_SIM_HERE) {
  return static_cast<int64_t>(opkit::sim::detail::acc_val_or_fault(where).acc_val_bits);
}
inline int64_t GetAccVal(OPKIT_SIM_HERE) { return GetReduceRepeatSumSpr(where); }
template <typename T>
T GetAccVal(OPKIT_SIM_HERE) { return GetReduceRepeatSumSpr<T>(where); }

// The extreme of the last ReduceMax/ReduceMin/WholeReduceMax/WholeReduceMin and its index. The index counts elements
// from the reduction's first, repeat after repeat (r * perRepeat + j; CANN documents the contiguous case, srcRepStride
// 8); the first occurrence wins ties. Here ReduceMax/ReduceMin's index is exact too, where CANN's docs say to run
// WholeReduceMax/WholeReduceMin for an exact one on the 910B. As CANN: value and index on the 910B, the value alone on
// the 310P; other SoCs have neither.
template <typename T>
void GetReduceRepeatMaxMinSpr(T& maxMinValue, T& maxMinIndex, OPKIT_SIM_HERE) {
#if OPKIT_SOC_ARCH == 2201
  opkit::sim::detail::read_max_min("GetReduceMaxMinCount", &maxMinValue, &maxMinIndex, where);
#else
  (void)maxMinValue, (void)maxMinIndex;
  opkit::sim::detail::fault("GetReduceMaxMinCount", "the value-and-index form is not supported on " OPKIT_SOC_NAME
                            " (CANN: Ascend910B only; Ascend310P has the value-only form)", where);
#endif
}
template <typename T>
void GetReduceRepeatMaxMinSpr(T& maxMinValue, OPKIT_SIM_HERE) {
#if OPKIT_SOC_ARCH == 2002
  opkit::sim::detail::read_max_min<T>("GetReduceMaxMinCount", &maxMinValue, nullptr, where);
#else
  (void)maxMinValue;
  opkit::sim::detail::fault("GetReduceMaxMinCount", "the value-only form is not supported on " OPKIT_SOC_NAME
                            " (CANN: Ascend310P only; Ascend910B has GetReduceMaxMinCount(value, index))", where);
#endif
}
template <typename T>
void GetReduceMaxMinCount(T& maxMinValue, T& maxMinIndex, OPKIT_SIM_HERE) {
  GetReduceRepeatMaxMinSpr<T>(maxMinValue, maxMinIndex, where);
}
template <typename T>
void GetReduceMaxMinCount(T& maxMinValue, OPKIT_SIM_HERE) { GetReduceRepeatMaxMinSpr<T>(maxMinValue, where); }

}  // namespace AscendC
