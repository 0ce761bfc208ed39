// CANN's buffer handle (kernel_tensor_base.h) and the buffer record a user TBufPool (EXTERN_IMPL_BUFPOOL, buf_pool.h)
// hands out through GetBufHandle: here the handle only names the record, the queue keeps the buffer's state.
#pragma once

#include <cstdint>

namespace AscendC {

using TBufHandle = uint8_t*;
struct TBufType {
  uint8_t state = 0;
  uint8_t freeBufEvtID = 0;
  uint32_t address = 0;
  uint32_t dataLen = 0;
};

}  // namespace AscendC
