// The UB scratch of Ascend310B and Ascend950: the last 8 KB of their 256 KB Unified Buffer, above the 248 KB that the
// SoC's platform ini gives kernels (ub_size, what GetCoreMemSize(UB) answers). The NPU does not check InitBuffer
// against ub_size (CANN's TPipe asserts only in CPU debug builds), so a kernel whose buffers pass it but fit the
// 256 KB runs on the device, with its last buffer partly in the scratch. Here it runs too, after a located warning,
// and the APIs that take a temporary there on 310B write it as the device does (ub_scratch_write), so a value the
// kernel keeps in those bytes is lost as on the NPU, and a kernel that keeps nothing there computes right.
//
// Figures (asc-devkit, github.com/mirror-cann/asc-devkit):
// - 256 KB: the physical UB of both (opkit's figure, as before; consistent with the 310B's APIs writing past 248 KB).
// - TMP_UB_OFFSET = 248 * 1024 on __NPU_ARCH__ 3002 and 3510 (impl/basic_api/utils/kernel_utils_constants.h);
//   AscendCUtils::GetTemporaryBufferAddr(offset, n) is UB address `offset` on the device (kernel_utils_base.h).
// - 310B (dav_m300) writes there, and nowhere else above 248 KB:
//   * Compare (dst form) and Select (tensor and scalar src1) with a bit mask `uint64_t mask[]`, half and float:
//     mask[0], mask[1] (16 bytes; kernel_operator_vec_cmpsel_impl.h, VcmpvImpl / VselImpl);
//   * ReduceMax, ReduceMin, ReduceSum with `uint64_t mask[]`, half and float: mask[0], mask[1] (16 bytes;
//     kernel_operator_vec_reduce_impl.h, Reduce*IntrinsicsImpl with ReduceRepeatParams' bitMask on 3002);
//   * Cast with `uint64_t mask[]`: mask[0], mask[1], 0, 0 (32 bytes; kernel_operator_vec_vconv_impl.h,
//     REGISTER_CAST_BIT);
//   * Axpy half -> float with `uint64_t mask[]`: mask[0], mask[1] (16 bytes; kernel_operator_vec_ternary_scalar_impl.h,
//     AxpyFmixImpl, PLD_BUFFER_SIZE = 2 uint64_t);
//   * Abs on int8_t with `uint64_t mask[]` (4 words): mask[0..3] (32 bytes; kernel_operator_vec_unary_impl.h,
//     UNARY_VEC_BITWISE_T8);
//   * GatherMask with a built-in pattern (any type, either reduceMode): pattern word x 8 (32 bytes, vsts of
//     pset_b32(PAT_VL8)); with a tensor pattern, 32-bit types in counter mode (reduceMode): 32 bytes of the pattern
//     tensor, written per step (here 0xFF: the device's last step depends on its loop) (kernel_operator_vec_gather_
//     mask_impl.h). The count forms of all these APIs use no scratch on 310B.
// - 950 (dav_3510) takes its temporaries at GetRuntimeUBSize() = get_shmem_sz() - 8 KB, the 8 KB reserved for the
//   vector-function stack (include/basic_api/kernel_operator_sys_var_intf.h): what lands there is up to the compiler,
//   so opkit warns but does not write it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <string>

#include "opkit/sim/context.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/launch_state.h"

namespace opkit::sim::detail {

inline constexpr uint64_t kWholeUb = 256 * 1024;  // the physical UB of Ascend310B and Ascend950

inline bool has_ub_scratch(int arch) { return arch == 3002 || arch == 3510; }

// The SoC's ub_size (the ini's budget), also while the block's buffers reach past it.
inline uint64_t ub_budget(const BlockContext& c) { return c.ub_scratch != 0 ? c.ub_scratch : c.ub_size; }

// UB bytes up to `end` are asked for, past ub_size: true, and the block's UB becomes the whole 256 KB, when the SoC
// has a scratch and `end` fits it; false (the caller faults) otherwise.
inline bool ub_enter_scratch(uint64_t end) {
  BlockContext& c = current_block();
  if (!has_ub_scratch(c.npu_arch) || end > kWholeUb) return false;
  if (c.ub_scratch == 0) {
    c.ub_scratch = c.ub_size;
    c.ub_size = kWholeUb;
  }
  return true;
}

// The block's buffers are all given back (TPipe::Reset/Destroy): back to the ini's budget.
inline void ub_leave_scratch() {
  BlockContext& c = current_block();
  if (c.ub_scratch == 0) return;
  c.ub_size = c.ub_scratch;
  c.ub_scratch = 0;
}

// A buffer of UB bytes [offset, offset + bytes) that ends past the ini's ub_size: a warning, once per buffer (its
// InitBuffer line and number) and launch.
inline void warn_buffer_in_scratch(const char* api, const std::string& buffer, uint32_t index, uint64_t offset,
                                   uint64_t bytes, const SourceLoc& where) {
  const BlockContext& c = current_block();
  const uint64_t budget = ub_budget(c), end = offset + bytes;
  const bool b310 = c.npu_arch == 3002;
  const char* soc = b310 ? "Ascend310B" : "Ascend950";
  std::string text = cat(
      located_head(api, where), buffer, " ends at UB byte ", end, ", ", end - budget, " bytes past the ", budget,
      " bytes (", budget / 1024, " KB) of ", soc, "'s ub_size (each buffer is rounded up to 32 bytes; count those "
      "too): the NPU does not check this and runs the kernel, with UB bytes [", std::max(offset, budget), ", ", end,
      ") of this buffer in the last ", (kWholeUb - budget) / 1024, " KB of its ", kWholeUb / 1024, " KB UB, ");
  if (b310) {
    text += cat("where CANN's own APIs keep temporaries (TMP_UB_OFFSET): Compare, Select, ReduceMax/Min/Sum, Cast, "
                "Axpy and Abs given a bit mask (uint64_t mask[]) and GatherMask write 16 or 32 bytes at UB byte ",
                budget, "; opkit writes them as the device does, so a value kept there is lost on both. The kernel "
                "runs on; keep the buffers within ub_size");
  } else {
    text += "which the device keeps for the vector-function stack and CANN's API temporaries (GetRuntimeUBSize() = "
            "the UB less 8 KB): a value kept there may be overwritten on the device, and opkit does not model what "
            "lands there. The kernel runs on; keep the buffers within ub_size";
  }
  const std::string key = cat("scratch buffer|", where.str(), "|", buffer.substr(0, buffer.find(" (")), "|", index);
  warn_once(key, [&] { return text; });
}

// An API writes its `n`-byte temporary `data` (nullptr: bytes the device computes, written as 0xFF) at the scratch,
// as on Ascend310B's NPU. Nothing happens unless the block's buffers reach into the scratch.
inline void ub_scratch_write(const char* api, const void* data, uint32_t n, const char* what,
                             const SourceLoc& where) {
  BlockContext& c = current_block();
  if (c.ub_scratch == 0 || c.npu_arch != 3002) return;
  uint8_t* at = c.ub_base + c.ub_scratch;
  if (data != nullptr) std::memcpy(at, data, n); else std::memset(at, 0xFF, n);
  warn_once(cat("scratch api|", where.str(), "|", api), [&] { return cat(
      located_head(api, where), "writes its ", n, "-byte temporary (", what, ") to UB bytes [", c.ub_scratch, ", ",
      c.ub_scratch + n, "), the Ascend310B's API scratch (TMP_UB_OFFSET), as on the NPU: this block's last buffer "
      "reaches into those bytes (see the TPipe::InitBuffer warning), and what it held there is overwritten"); });
}

// The bit-mask forms' temporary: mask[0], mask[1] (16 bytes), or `words` words of it. The other forms take none.
inline void ub_scratch_mask(const char* api, const uint64_t mask[], const SourceLoc& where, uint32_t words = 2) {
  if (current_block().ub_scratch == 0) return;
  ub_scratch_write(api, mask, words * 8, "its bit mask", where);
}
inline void ub_scratch_mask(const char*, uint64_t, const SourceLoc&, uint32_t = 2) {}

}  // namespace opkit::sim::detail
