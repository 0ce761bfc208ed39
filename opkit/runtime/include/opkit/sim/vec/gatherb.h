// Gatherb (CANN's kernel_operator_vec_gather_intf.h): gathers whole 32 B data blocks of src by byte offset, as CANN's
// documented reference does: for repeat i and block j < 8, the 32 bytes of src at byte offset[i * 8 + j] go to dst
// at (i * dstRepStride + j * dstBlkStride) blocks (dstBlkStride 0 reads as 1). Other GatherRepeatParams fields are
// accepted and unused, as on the device.
#pragma once

#include <cstdint>
#include <cstring>

#include "opkit/sim/vec/common.h"

namespace AscendC {

struct GatherRepeatParams {
  GatherRepeatParams() {}
  GatherRepeatParams(const uint8_t dstBlkStrideIn, const uint8_t dstRepStrideIn)
      : dstRepStride(dstRepStrideIn), dstBlkStride(dstBlkStrideIn) {}
  uint32_t blockNumber = 8;
  uint16_t dstRepStride = 8;
  uint8_t dstBlkStride = 1;
  uint8_t src0BlkStride = 1;
  uint8_t src1BlkStride = 1;
  uint8_t src0RepStride = 8;
  uint8_t src1RepStride = 8;
  bool repeatStrideMode = false;
  bool strideSizeMode = false;
};

template <typename T>
void Gatherb(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& offset,
             const uint8_t repeatTime, const GatherRepeatParams& repeatParams, OPKIT_SIM_HERE) {
  namespace d = opkit::sim::detail;
  const char* api = "Gatherb";
  if (repeatTime == 0) return;
  const uint64_t blk = repeatParams.dstBlkStride == 0 ? 1 : repeatParams.dstBlkStride;
  const uint64_t last = (uint64_t(repeatTime) - 1) * repeatParams.dstRepStride + 7 * blk;
  d::require_ub_operand(api, "offset", offset, uint64_t(repeatTime) * 8 * 4, where);
  d::require_ub_operand(api, "dst", dst, (last + 1) * 32, where);
  const uint64_t src_bytes = uint64_t(src.opkit_count) * sizeof(T);
  auto* out = reinterpret_cast<uint8_t*>(dst.opkit_addr);
  const auto* in = reinterpret_cast<const uint8_t*>(src.opkit_addr);
  for (uint64_t i = 0; i < repeatTime; ++i) {
    for (uint64_t j = 0; j < 8; ++j) {
      const uint32_t off = offset.opkit_addr[i * 8 + j];
      if (off % sizeof(T) != 0 || uint64_t(off) + 32 > src_bytes) {
        d::fault(api, d::cat("offset[", i * 8 + j, "] = ", off, " bytes: the 32-byte block is not inside src (",
                             src_bytes, " bytes) on an element boundary"), where);
      }
      std::memmove(out + (i * repeatParams.dstRepStride + j * blk) * 32, in + off, 32);
    }
  }
}

}  // namespace AscendC
