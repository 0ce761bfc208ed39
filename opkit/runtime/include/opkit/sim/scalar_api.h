// Scalar-unit APIs: bit counting, scalar atomics and GM access past the data cache, system variables, cache and
// control-register calls that have nothing to simulate, KERNEL_LOG and the global-scope GetTPipePtr.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <type_traits>

#include "opkit/sim/atomic.h"
#include "opkit/sim/context.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/global_tensor.h"
#include "opkit/sim/launch_state.h"
#include "opkit/sim/macros.h"
#include "opkit/sim/pipe.h"
#include "opkit/sim/tensor.h"

namespace opkit::sim::detail {

// A scalar GM access of one T at p: inside a registered buffer (the device would read or write whatever lies there).
template <typename T>
inline void check_gm_scalar(const char* api, const char* what, const void* p, const SourceLoc& where) {
  check_cancelled(api, where);
  check_gm(api, what, p, sizeof(T), where);
}

template <typename T, typename F>
inline T gm_read_modify_write(const char* api, T* p, F f, const SourceLoc& where) {
  check_gm_scalar<T>(api, "read-modify-write", p, where);
  std::lock_guard<std::mutex> lock(gm_line_lock(reinterpret_cast<uintptr_t>(p)));
  const T old = *p;
  *p = f(old);
  return old;
}

}  // namespace opkit::sim::detail

namespace AscendC {

// ---- Bit counting (kernel_operator_scalar_intf.h) ----
template <int countValue>
inline int64_t GetBitCount(uint64_t valueIn) {
  static_assert(countValue == 0 || countValue == 1, "GetBitCount<countValue>: countValue is 0 or 1");
  const int ones = __builtin_popcountll(valueIn);
  return countValue == 1 ? ones : 64 - ones;
}
template <int countValue>
inline int64_t ScalarGetCountOfValue(uint64_t valueIn) { return GetBitCount<countValue>(valueIn); }

inline int64_t CountLeadingZero(uint64_t valueIn) { return valueIn == 0 ? 64 : __builtin_clzll(valueIn); }
inline int64_t ScalarCountLeadingZero(uint64_t valueIn) { return CountLeadingZero(valueIn); }

// Bits after the sign bit that equal it (CANN's example: 0x0f00000000000000 gives 3).
inline int64_t CountBitsCntSameAsSignBit(int64_t valueIn) {
  const uint64_t v = static_cast<uint64_t>(valueIn);
  const uint64_t flipped = (valueIn < 0) ? ~v : v;
  return (flipped == 0 ? 64 : __builtin_clzll(flipped)) - 1;
}

// Position of the first bit equal to countValue, from bit 0; -1 when there is none.
template <int countValue>
inline int64_t GetSFFValue(uint64_t valueIn) {
  static_assert(countValue == 0 || countValue == 1, "GetSFFValue<countValue>: countValue is 0 or 1");
  const uint64_t v = countValue == 1 ? valueIn : ~valueIn;
  return v == 0 ? -1 : __builtin_ctzll(v);
}
template <int countValue>
inline int64_t ScalarGetSFFValue(uint64_t valueIn) { return GetSFFValue<countValue>(valueIn); }

// ---- Scalar GM access (kernel_operator_scalar_intf.h, kernel_operator_atomic_intf.h) ----
// The simulator has no data cache: both go straight to GM, bounds-checked like GlobalTensor::GetValue/SetValue.
template <typename T>
inline T ReadGmByPassDCache(__gm__ T* addr, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  d::check_cancelled("ReadGmByPassDCache", where);
  if (const uint8_t* end = d::check_gm_read("ReadGmByPassDCache", addr, sizeof(T), where)) {  // past the real bytes
    T value;
    d::read_gm_clipped(&value, addr, sizeof(T), end);
    return value;
  }
  return __atomic_load_n(addr, __ATOMIC_SEQ_CST);
}
template <typename T>
inline void WriteGmByPassDCache(__gm__ T* addr, T value, OPKIT_SIM_HERE) {
  opkit::sim::detail::check_gm_scalar<T>("WriteGmByPassDCache", "write", addr, where);
  __atomic_store_n(addr, value, __ATOMIC_SEQ_CST);
}

// Scalar atomics return the value GM held before; concurrent blocks are serialised per 64-byte GM line.
template <typename T, typename = std::enable_if_t<std::is_arithmetic_v<T>>>
inline T AtomicAdd(__gm__ T* address, T value, OPKIT_SIM_HERE) {
  return opkit::sim::detail::gm_read_modify_write("AtomicAdd", address, [&](T old) { return T(old + value); }, where);
}
template <typename T, typename = std::enable_if_t<std::is_arithmetic_v<T>>>
inline T AtomicMax(__gm__ T* address, T value, OPKIT_SIM_HERE) {
  return opkit::sim::detail::gm_read_modify_write("AtomicMax", address, [&](T old) { return old < value ? value : old; },
                                                  where);
}
template <typename T, typename = std::enable_if_t<std::is_arithmetic_v<T>>>
inline T AtomicMin(__gm__ T* address, T value, OPKIT_SIM_HERE) {
  return opkit::sim::detail::gm_read_modify_write("AtomicMin", address, [&](T old) { return value < old ? value : old; },
                                                  where);
}
// Compare and swap: stores value2 when GM holds value1.
template <typename T, typename = std::enable_if_t<std::is_arithmetic_v<T>>>
inline T AtomicCas(__gm__ T* address, T value1, T value2, OPKIT_SIM_HERE) {
  return opkit::sim::detail::gm_read_modify_write("AtomicCas", address,
                                                  [&](T old) { return old == value1 ? value2 : old; }, where);
}
template <typename T, typename = std::enable_if_t<std::is_arithmetic_v<T>>>
inline T AtomicExch(__gm__ T* address, T value, OPKIT_SIM_HERE) {
  return opkit::sim::detail::gm_read_modify_write("AtomicExch", address, [&](T) { return value; }, where);
}

// Same as SetAtomicNone: later UB->GM copies overwrite.
inline void DisableDmaAtomic() { SetAtomicNone(); }

// ---- Barriers and caches: program order is already sequential and there is no cache to maintain ----
enum class MemDsbT : uint8_t { ALL = 0, DDR, UB, SEQ };
template <MemDsbT arg0>
inline void DataSyncBarrier() {}

enum class CacheLine : uint64_t { SINGLE_CACHE_LINE = 0, ENTIRE_DATA_CACHE };
enum class DcciDst : uint64_t { CACHELINE_ALL = 0, CACHELINE_UB, CACHELINE_OUT, CACHELINE_ATOMIC };
// Scalar stores reach GM and UB at once here, so a clean-and-invalidate finds nothing to write back.
template <typename T, CacheLine entireType, DcciDst dcciDst>
inline void DataCacheCleanAndInvalid(const GlobalTensor<T>&) {
  static_assert(OPKIT_SOC_ARCH != 2002 || dcciDst != dcciDst,
                "DataCacheCleanAndInvalid<T, CacheLine, DcciDst>: the 310P AI Core has only the form without DcciDst");
}
template <typename T, CacheLine entireType, DcciDst dcciDst>
inline void DataCacheCleanAndInvalid(const LocalTensor<T>&) {
  static_assert(OPKIT_SOC_ARCH != 2002 || dcciDst != dcciDst,
                "DataCacheCleanAndInvalid<T, CacheLine, DcciDst>: the 310P AI Core has only the form without DcciDst");
}
template <typename T, CacheLine entireType>
inline void DataCacheCleanAndInvalid(const GlobalTensor<T>&) {}
// cacheOffset of another type compiles and fails when it runs, as CANN's ASCENDC_REPORT_NOT_SUPPORT.
template <typename T>
inline void DataCachePreload(const GlobalTensor<uint64_t>&, const T, OPKIT_SIM_HERE) {
  if constexpr (!std::is_same_v<T, int16_t> && !std::is_same_v<T, int64_t>) {
    opkit::sim::detail::fault("DataCachePreload", "cacheOffset must be an int16_t or int64_t byte offset", where);
  }
}
// preFetchLen in 2 KB units must stay below the ICache (AIC 32 KB, AIV 16 KB); the 310P ignores it (128 bytes).
// The preload is done at once: GetICachePreloadStatus reads 0 (done).
inline void ICachePreLoad(const int64_t preFetchLen, OPKIT_SIM_HERE) {
  const opkit::sim::detail::BlockContext& c = opkit::sim::detail::current_block();
  const int64_t limit = c.is_aic && !c.is_aiv ? 16 : 8;
  if (c.npu_arch != 2002 && (preFetchLen < 0 || preFetchLen >= limit)) {
    opkit::sim::detail::fault("ICachePreLoad", opkit::sim::detail::cat(
        "preFetchLen ", preFetchLen, " (2 KB units) must lie in [0, ", limit, "): the ", limit == 16 ? "AIC" : "AIV",
        "'s ICache holds ", limit * 2, " KB"), where);
  }
}
inline int64_t GetICachePreloadStatus() { return 0; }

// ---- Control registers: remembered per block, no effect on arithmetic ----
namespace detail {
struct CtrlSprTag {};
inline int64_t& ctrl_spr() { return opkit::sim::detail::per_block<int64_t, CtrlSprTag>(); }
}  // namespace detail
template <int8_t startBit, int8_t endBit>
inline void SetCtrlSpr(int64_t value) {
  static_assert(0 <= startBit && startBit <= endBit && endBit < 64, "SetCtrlSpr<startBit, endBit>: 0 <= startBit <= endBit < 64");
  const uint64_t width = uint64_t(endBit - startBit + 1);
  const uint64_t field = (width == 64 ? ~0ull : ((1ull << width) - 1)) << startBit;
  auto& c = detail::ctrl_spr();
  c = int64_t((uint64_t(c) & ~field) | ((uint64_t(value) << startBit) & field));
}
template <int8_t startBit, int8_t endBit>
inline int64_t GetCtrlSpr() {
  static_assert(0 <= startBit && startBit <= endBit && endBit < 64, "GetCtrlSpr<startBit, endBit>: 0 <= startBit <= endBit < 64");
  const uint64_t width = uint64_t(endBit - startBit + 1);
  return int64_t((uint64_t(detail::ctrl_spr()) >> startBit) & (width == 64 ? ~0ull : ((1ull << width) - 1)));
}
template <int8_t startBit, int8_t endBit>
inline void ResetCtrlSpr() { SetCtrlSpr<startBit, endBit>(0); }

// ---- Saturation mode (kernel_operator_common_intf.h): CTRL bits, recorded; the simulator's arithmetic is IEEE-754 ----
// The bits are CANN's (impl/basic_api/kernel_operator_common_intf_impl.h): FLOAT 48 and FLOAT8 50 (0 = saturate),
// INT 53 (1 = saturate), CAST 59 (0 = saturate). The 910B has FLOAT, INT and CAST; Ascend 950 FLOAT8 too.
enum class SaturationMode : uint8_t { FLOAT, FLOAT8, INT, CAST };
enum class OverrideStrategy : uint8_t { USE_API = 0, USE_GLOBAL = 1 };
namespace detail {
template <SaturationMode mode>
constexpr int8_t saturation_bit() {
  static_assert(OPKIT_SOC_ARCH == 2201 || OPKIT_SOC_ARCH == 3510 || mode != mode,
                "SetSaturationFlag/GetSaturationFlag are available on Ascend910B and Ascend950 (CANN: dav-2201 and "
                "dav-3510); this kernel is compiled for " OPKIT_SOC_NAME);
  static_assert(mode != SaturationMode::FLOAT8 || OPKIT_SOC_ARCH == 3510,  // dependent: checked per mode
                "SaturationMode::FLOAT8 is available on Ascend950 only; this kernel is compiled for " OPKIT_SOC_NAME);
  return mode == SaturationMode::FLOAT ? 48 : mode == SaturationMode::FLOAT8 ? 50 : mode == SaturationMode::INT ? 53
                                                                                                                 : 59;
}
}  // namespace detail
template <SaturationMode mode>
inline void SetSaturationFlag(bool enableSat) {
  constexpr int8_t bit = detail::saturation_bit<mode>();
  SetCtrlSpr<bit, bit>(mode == SaturationMode::INT ? int64_t(enableSat) : int64_t(!enableSat));
}
template <SaturationMode mode>
inline bool GetSaturationFlag() {
  constexpr int8_t bit = detail::saturation_bit<mode>();
  const int64_t v = GetCtrlSpr<bit, bit>();
  return mode == SaturationMode::INT ? v != 0 : v == 0;
}
// Ascend 950: whether the global CTRL bits (USE_GLOBAL, bit 60 = 1) or each API's own setting decide.
template <OverrideStrategy strategy>
inline void SetSaturationStrategy() {
  static_assert(OPKIT_SOC_ARCH == 3510 || strategy != strategy,
                "SetSaturationStrategy is available on Ascend950 only; this kernel is compiled for " OPKIT_SOC_NAME);
  SetCtrlSpr<60, 60>(strategy == OverrideStrategy::USE_API ? 0 : 1);
}
template <int kDeferred = 0>  // a template only so that the SoC check waits for a call
inline OverrideStrategy GetSaturationStrategy() {
  static_assert(OPKIT_SOC_ARCH == 3510 || kDeferred != 0,
                "GetSaturationStrategy is available on Ascend950 only; this kernel is compiled for " OPKIT_SOC_NAME);
  return GetCtrlSpr<60, 60>() == 0 ? OverrideStrategy::USE_API : OverrideStrategy::USE_GLOBAL;
}

// Ascend 950: the scalar unit's cache mode for reads (CTRL[19:16]) and writes (CTRL[23:20]), CANN's encoding
// (NORMAL 0, LAST 1, PERSISTENT 2, DISABLE 4); remembered, no cache is simulated.
namespace detail {
template <CacheRwMode rwMode>
constexpr int8_t scalar_cache_bit() {
  static_assert(OPKIT_SOC_ARCH == 3510 || rwMode != rwMode,
                "Set/GetScalarCacheMode are available on Ascend950 only; this kernel is compiled for " OPKIT_SOC_NAME);
  static_assert(rwMode == CacheRwMode::READ || rwMode == CacheRwMode::WRITE,
                "ScalarCacheMode only supports READ or WRITE mode, RW mode is not supported");
  return rwMode == CacheRwMode::READ ? 16 : 20;
}
}  // namespace detail
template <CacheRwMode rwMode, CacheMode cacheMode>
inline void SetScalarCacheMode() {
  constexpr int8_t bit = detail::scalar_cache_bit<rwMode>();
  constexpr int64_t code = cacheMode == CacheMode::CACHE_MODE_DISABLE ? 4 : cacheMode == CacheMode::CACHE_MODE_LAST ? 1
                           : cacheMode == CacheMode::CACHE_MODE_PERSISTENT                                        ? 2
                                                                                                                  : 0;
  SetCtrlSpr<bit, bit + 3>(code);
}
template <CacheRwMode rwMode>
inline CacheMode GetScalarCacheMode() {
  constexpr int8_t bit = detail::scalar_cache_bit<rwMode>();
  switch (GetCtrlSpr<bit, bit + 3>()) {
    case 1: return CacheMode::CACHE_MODE_LAST;
    case 2: return CacheMode::CACHE_MODE_PERSISTENT;
    case 4: return CacheMode::CACHE_MODE_DISABLE;
    default: return CacheMode::CACHE_MODE_NORMAL;
  }
}

// The vector mask register written as is (CANN's set_vector_mask): defined with the mask state, opkit/sim/vec/common.h.
template <typename T>
void OpkitWriteVectorMask(uint64_t maskHigh, uint64_t maskLow);
inline void SetMaskCount();  // the mask mode, defined with the mask state too
inline void SetMaskNorm();

struct AscendCUtils {
  // Saturation on overflow of the vector unit (bit 48 of CTRL): recorded, the simulator's arithmetic is IEEE-754.
  static void SetOverflow(uint64_t ctrlValue) { SetCtrlSpr<48, 48>(int64_t(ctrlValue & 1)); }
  // CANN's kernel_utils_base.h: the mask register as two words, or as the first `len` elements of a repeat (64 and
  // a full repeat or more are the words CANN writes for them); the same in counter mode, where the low word counts.
  template <typename T, bool isSetMask = true>
  static void SetMask(const uint64_t& maskHigh, const uint64_t& maskLow) {
    if constexpr (isSetMask) OpkitWriteVectorMask<T>(maskHigh, maskLow);
  }
  template <typename T, bool isSetMask = true>
  static void SetMask(int32_t len) {
    if constexpr (!isSetMask) return;
    constexpr int32_t typeLen = int32_t(256 / sizeof(T)), half = 64;
    if (len == half) return SetMask<T>(0, ~0ull);
    if (len == typeLen || len >= 2 * half) return SetMask<T>(~0ull, ~0ull);
    SetMask<T>(len > half ? (1ull << uint32_t(len - half)) - 1 : 0ull,
               len > half ? ~0ull : (1ull << uint32_t(len)) - 1);
  }
  // The mask mode (CANN's set_mask_count/set_mask_norm): counter mode makes the low mask word an element count.
  template <typename T>
  static void SetMaskCount() { AscendC::SetMaskCount(); }
  template <typename T>
  static void SetMaskNorm() { AscendC::SetMaskNorm(); }
};

// ---- System variables (kernel_operator_sys_var_intf.h) ----
inline constexpr int16_t GetDataBlockSizeInBytes() { return 32; }
// The UB a kernel may use on the SoC it is compiled for (opkit/sim/soc.h has the same numbers).
inline constexpr uint32_t GetUBSizeInBytes() { return (OPKIT_SOC_ARCH == 2002 ? 256u : OPKIT_SOC_ARCH == 3510 ? 248u : 192u) * 1024u; }
// The SoC's ub_size, also while the block's buffers reach into the UB scratch past it (ub_scratch.h).
inline uint32_t GetRuntimeUBSize() {
  const auto& c = opkit::sim::detail::current_block();
  return static_cast<uint32_t>(c.ub_scratch != 0 ? c.ub_scratch : c.ub_size);
}
inline int64_t GetTaskRatio() { return 1; }  // vector-only kernels: one AIV per task
// The caller's code address: a call site's own value, in program order within a function.
__attribute__((noinline)) inline int64_t GetProgramCounter() {
  void* volatile pc = __builtin_return_address(0);  // volatile: never folded as a pure call
  return static_cast<int64_t>(reinterpret_cast<uintptr_t>(pc));
}
inline void GetArchVersion(uint32_t& coreVersion) { coreVersion = OPKIT_SOC_ARCH; }
// Ascend 950's vector register width in bytes (CANN's VECTOR_REG_WIDTH); 0 on the SoCs without the register API.
inline constexpr uint32_t GetVecLen() { return OPKIT_SOC_ARCH == 3510 ? 256u : 0u; }
// Ascend 950's special-purpose registers: AR, the byte count a store-unaligned sequence has written (GatherMask
// leaves the bytes it gathered in it). Per block.
enum class SpecialPurposeReg { AR = 0 };
namespace detail {
struct ArSprTag {};
inline int64_t& ar_spr() { return opkit::sim::detail::per_block<int64_t, ArSprTag>(); }
}  // namespace detail
template <SpecialPurposeReg spr>
inline int64_t GetSpr() {
  static_assert(OPKIT_SOC_ARCH == 3510 || spr != spr,
                "GetSpr is available on Ascend950 only; this kernel is compiled for " OPKIT_SOC_NAME);
  return detail::ar_spr();
}
template <SpecialPurposeReg spr>
inline void ClearSpr() {
  static_assert(OPKIT_SOC_ARCH == 3510 || spr != spr,
                "ClearSpr is available on Ascend950 only; this kernel is compiled for " OPKIT_SOC_NAME);
  detail::ar_spr() = 0;
}

[[noreturn]] inline void Trap(OPKIT_SIM_HERE) { opkit::sim::detail::fault("Trap", "the kernel called Trap()", where); }

// ---- Task and profiling markers: nothing to order on one simulated stream ----
// CANN: each core calls SetNextTaskStart and WaitPreTaskEnd once (a second call would leave the SuperKernel's
// synchronisation unmatched), which is checked.
namespace detail {
struct TaskMarkTag {};
inline void once_per_core(const char* api, int which, const opkit::sim::detail::SourceLoc& where) {
  uint8_t& seen = opkit::sim::detail::per_block<uint8_t, TaskMarkTag>();
  if (seen & (1u << which)) {
    opkit::sim::detail::fault(api, "called a second time on this core: CANN requires one call per core", where);
  }
  seen = uint8_t(seen | (1u << which));
}
}  // namespace detail
template <pipe_t AIV_PIPE = PIPE_MTE3, pipe_t AIC_PIPE = PIPE_FIX, bool FORCE = false>
inline void SetNextTaskStart(OPKIT_SIM_HERE) { detail::once_per_core("SetNextTaskStart", 0, where); }
template <bool FORCE = false>
inline void WaitPreTaskEnd(OPKIT_SIM_HERE) { detail::once_per_core("WaitPreTaskEnd", 1, where); }
inline void MetricsProfStart() {}
inline void MetricsProfStop() {}
template <int count = 1>
inline void Nop() {}

}  // namespace AscendC

// CANN declares GetTPipePtr at global scope too (kernel_tpipe.h): kernels call `::GetTPipePtr()` or call it
// unqualified without `using namespace AscendC`. A using-declaration names the same function, so an unqualified call
// under `using namespace AscendC` is not ambiguous.
using AscendC::GetTPipePtr;

// KERNEL_LOG(level, fmt, ...): CANN's CPU build prints `[level] file:line fmt`; on the NPU it compiles to nothing.
#ifndef KERNEL_LOG
enum OpkitKernelLogLevel { KERNEL_DEBUG = 0, KERNEL_INFO, KERNEL_WARN, KERNEL_ERROR };
#define KERNEL_LOG(level, format, ...)                                                                            \
  std::printf("[%s] %s:%d " format "\n",                                                                          \
              (level) == KERNEL_ERROR ? "ERROR" : (level) == KERNEL_WARN ? "WARN" : (level) == KERNEL_INFO ? "INFO"  \
                                                                                                      : "DEBUG", \
              __FILE__, __LINE__, ##__VA_ARGS__)
#endif

// ASCENDC_ASSERT(cond, behavior): CANN's checked-build assertion; when cond is false the behaviour block runs (usually
// a KERNEL_LOG) and the kernel stops, here with a located KernelFault. Variadic: the block may hold commas.
#ifndef ASCENDC_ASSERT
#define ASCENDC_ASSERT(cond, ...)                                                                               \
  do {                                                                                                          \
    if (!(cond)) {                                                                                              \
      __VA_ARGS__;                                                                                              \
      ::opkit::sim::detail::assert_failed(#cond, ::opkit::sim::detail::SourceLoc{__FILE__, __LINE__});          \
    }                                                                                                           \
  } while (0)
#endif
