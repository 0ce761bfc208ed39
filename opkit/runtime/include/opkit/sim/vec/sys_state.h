// The core's system state: InitSocState, CheckLocalMemoryIA's UB exception registers, Ascend 950's SSBuffer
// (GetSsbufBaseAddr) and L1 -> UB copy of a mixed kernel (DataCopyL1ToUB), SetSysWorkSpacePtr.
#pragma once

#include <cstdint>
#include <cstring>
#include <mutex>

#include "opkit/sim/atomic.h"
#include "opkit/sim/context.h"
#include "opkit/sim/copy.h"
#include "opkit/sim/copy_loop.h"
#include "opkit/sim/cube/core.h"
#include "opkit/sim/cube/load3d.h"
#include "opkit/sim/cube/operand.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/launch_state.h"
#include "opkit/sim/local_memory_ia.h"
#include "opkit/sim/scalar_api.h"
#include "opkit/sim/vec/common.h"

namespace AscendC {

// CANN's kernel_struct_mm.h: what CheckLocalMemoryIA checks. Addresses in 32-byte units of UB.
struct CheckLocalMemoryIAParam {
  CheckLocalMemoryIAParam() {}
  CheckLocalMemoryIAParam(const uint8_t enableBitIn, const uint32_t startAddrIn, const uint32_t endAddrIn,
                          const bool isScalarReadIn, const bool isScalarWriteIn, const bool isVectorReadIn,
                          const bool isVectorWriteIn, const bool isMteReadIn, const bool isMteWriteIn,
                          const bool isEnableIn)
      : enableBit(enableBitIn), startAddr(startAddrIn), endAddr(endAddrIn), isScalarRead(isScalarReadIn),
        isScalarWrite(isScalarWriteIn), isVectorRead(isVectorReadIn), isVectorWrite(isVectorWriteIn),
        isMteRead(isMteReadIn), isMteWrite(isMteWriteIn), isEnable(isEnableIn) {}
  uint8_t enableBit = 0;
  uint32_t startAddr = 0;
  uint32_t endAddr = 0;
  bool isScalarRead = false;
  bool isScalarWrite = false;
  bool isVectorRead = false;
  bool isVectorWrite = false;
  bool isMteRead = false;
  bool isMteWrite = false;
  bool isEnable = false;
  uint32_t reserved = 0;
};

// Arms (isEnable) or clears exception register enableBit: a later UB access of a checked kind that touches the
// 32-byte units (startAddr, endAddr] faults, as the device raises a vector core exception (local_memory_ia.h).
inline void CheckLocalMemoryIA(const CheckLocalMemoryIAParam& checkParams, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  const char* api = "CheckLocalMemoryIA";
  d::BlockContext& c = d::current_block();
  if (c.npu_arch == 3510 || c.npu_arch == 1001 || (c.npu_arch == 2002 && c.is_aiv && !c.is_aic)) {
    d::fault(api, d::cat("not supported on ", opkit::sim::arch_soc_name(c.npu_arch), c.npu_arch == 2002 ? "'s vector core" : "",
                         " (CANN: Atlas A2/A3, 200I/500 A2 and the 310P AI Core only)"), where);
  }
  if (checkParams.enableBit > 3) d::fault(api, d::cat("enableBit ", int(checkParams.enableBit), " is not in [0, 3]"), where);
  if (checkParams.startAddr > 0xFFFF || checkParams.endAddr > 0xFFFF) {
    d::fault(api, d::cat("startAddr ", checkParams.startAddr, " and endAddr ", checkParams.endAddr,
                         " (32-byte units) must lie in [0, 65535]"), where);
  }
  const uint64_t word = (uint64_t(checkParams.startAddr) << 48) | (uint64_t(checkParams.endAddr) << 32) |
                        (uint64_t(checkParams.isScalarRead) << 31) | (uint64_t(checkParams.isScalarWrite) << 30) |
                        (uint64_t(checkParams.isVectorRead) << 29) | (uint64_t(checkParams.isVectorWrite) << 28) |
                        (uint64_t(checkParams.isMteRead) << 27) | (uint64_t(checkParams.isMteWrite) << 26) |
                        uint64_t(checkParams.isEnable);
  c.local_mem_ia[checkParams.enableBit] = word;
  const uint8_t bit = uint8_t(1u << checkParams.enableBit);
  c.local_mem_ia_on = checkParams.isEnable ? uint8_t(c.local_mem_ia_on | bit) : uint8_t(c.local_mem_ia_on & ~bit);
}

// The core's global state back to its start values (CANN's table per SoC): no DMA atomic; on all but the 310P the
// mask in normal mode with every bit set; on Ascend 950 also the DEQSCALE register (half 1.0), the control register,
// the store-atomic setting and the loop mode registers.
inline void InitSocState() {
  namespace d = opkit::sim::detail;
  SetAtomicNone();
  const int arch = d::current_block().npu_arch;
  if (arch == 2002) return;
  d::VectorState& v = d::vector_state();
  v.counter = false;
  v.mask[0] = v.mask[1] = ~0ull;
  if (arch == 3510) {
    v.deq_scale = d::VectorState{}.deq_scale;
    const bool bit48 = (uint64_t(::AscendC::detail::ctrl_spr()) >> 48) & 1;  // CTRL[48] is kept
    ::AscendC::detail::ctrl_spr() = int64_t(uint64_t(bit48) << 48);
    d::loop_mode_regs() = d::LoopModeRegs{};
  }
}

inline void SetSysWorkSpacePtr(__gm__ uint8_t* workspace) { SetSysWorkspace(workspace); }

}  // namespace AscendC

namespace opkit::sim::detail {

inline constexpr size_t kSsbufBytes = 3 * 1024;  // per AI Core: 1 KB each for AIC, AIV0, AIV1

// This core's SSBuffer: in a mixed launch the AI Core's 3 KB its cores share, otherwise the core's own 1 KB. It starts
// all ones (CANN: it holds stale data, not zeros).
inline uint8_t* ssbuf_base() {
  const BlockContext& c = current_block();
  LaunchState* l = c.launch;
  if (l == nullptr) {
    alignas(32) thread_local uint8_t own[kSsbufBytes];
    return own;
  }
  const int per = l->aic_per_block + l->aiv_per_block;
  const bool mixed = !l->fused_core && l->aic_per_block > 0 && l->aiv_per_block > 0;
  std::lock_guard<std::mutex> lock(l->m);
  if (l->ssbuf.empty()) l->ssbuf.assign(static_cast<size_t>(l->block_num) * kSsbufBytes + 32, 0xFF);
  uint8_t* base = l->ssbuf.data() + (32 - reinterpret_cast<uintptr_t>(l->ssbuf.data()) % 32) % 32;
  return mixed ? base + static_cast<size_t>(c.core_index / per) * kSsbufBytes
               : base + static_cast<size_t>(c.core_index) * 1024;
}

}  // namespace opkit::sim::detail

namespace AscendC {

#if OPKIT_SOC_ARCH == 3510
inline __ssbuf__ void* GetSsbufBaseAddr() { return opkit::sim::detail::ssbuf_base(); }
#else
template <typename T = void>
__ssbuf__ void* GetSsbufBaseAddr() {
  static_assert(opkit::sim::detail::always_false_v<T>,
                "GetSsbufBaseAddr is available on Ascend950 only; this kernel is compiled for " OPKIT_SOC_NAME);
  return nullptr;
}
#endif

// The cube core of a mixed 1:2 kernel copies L1 into vector core subBlockId's UB, at the UB offset dst has in its
// own UB (CANN: DataCopyParams' blocks and gaps in 32-byte units).
template <typename T, uint8_t subBlockId = 0>
void DataCopyL1ToUB(const LocalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& repeatParams,
                    OPKIT_SIM_HERE) {
  static_assert(OPKIT_SOC_ARCH == 3510 || opkit::sim::detail::always_false_v<T>,
                "DataCopyL1ToUB is available on Ascend950 only; this kernel is compiled for " OPKIT_SOC_NAME);
  static_assert(sizeof(T) <= 8, "DataCopyL1ToUB: b8, b16, b32 or b64 elements");
  namespace d = opkit::sim::detail;
  const char* api = "DataCopyL1ToUB";
  d::check_cancelled(api, where);
  const d::BlockContext& c = d::current_block();
  const d::LaunchState* l = c.launch;
  if (l == nullptr || l->fused_core || l->aic_per_block != 1 || l->aiv_per_block != 2 || !c.is_aic) {
    d::fault(api, "runs on the cube core of a mixed kernel whose AI Core has 1 cube and 2 vector cores "
                  "(KERNEL_TYPE_MIX_AIC_1_2)", where);
  }
  if (subBlockId > 1) d::fault(api, d::cat("subBlockId ", int(subBlockId), " is not 0 or 1"), where);
  if (repeatParams.blockCount == 0 || repeatParams.blockLen == 0) return;
  const uint64_t len = uint64_t(repeatParams.blockLen) * 32;
  const uint64_t src_bytes = d::extent(repeatParams.blockCount, len, uint64_t(repeatParams.srcStride) * 32);
  const uint64_t dst_bytes = d::extent(repeatParams.blockCount, len, uint64_t(repeatParams.dstStride) * 32);
  if (d::mem_of(src.opkit_pos) != d::Mem::L1) d::fault(api, "src is not a tensor in L1 (A1/B1/C1)", where);
  d::require_cube_operand(api, "src", src, d::Mem::L1, src_bytes, where);
  d::require_ub_operand(api, "dst", dst, dst_bytes, where);
  const size_t offset = static_cast<size_t>(reinterpret_cast<const uint8_t*>(dst.opkit_addr) - c.ub_base);
  uint8_t* ub = l->core_ub[static_cast<size_t>(c.core_index + 1 + subBlockId)];
  if (ub == nullptr) d::fault(api, d::cat("vector core ", int(subBlockId), " of this AI Core has not started"), where);
  d::copy_rows(ub + offset, d::bytes_of(src.opkit_addr), repeatParams.blockCount, len,
               len + uint64_t(repeatParams.srcStride) * 32, len + uint64_t(repeatParams.dstStride) * 32);
}

template <typename T, uint8_t subBlockId = 0>
void DataCopyL1ToUB(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count, OPKIT_SIM_HERE) {
  static_assert(OPKIT_SOC_ARCH == 3510 || opkit::sim::detail::always_false_v<T>,
                "DataCopyL1ToUB is available on Ascend950 only; this kernel is compiled for " OPKIT_SOC_NAME);
  // CANN: count * sizeof(T) rounds down to whole 32-byte blocks.
  DataCopyParams p;
  p.blockLen = static_cast<uint16_t>(uint64_t(count) * sizeof(T) / 32);
  DataCopyL1ToUB<T, subBlockId>(dst, src, p, where);
}

}  // namespace AscendC
