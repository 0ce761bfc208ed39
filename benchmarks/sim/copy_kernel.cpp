// Copy-only kernel (GM -> UB -> GM through a double-buffered queue): the simulator's data-movement ceiling.
#include "kernel_operator.h"
#include "kernel_tiling.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void copy_custom(GM_ADDR x, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling) {
  (void)workspace;
  REGISTER_TILING_DEFAULT(AddTiling);
  GET_TILING_DATA(t, tiling);
  const uint32_t start = t.blockLength * static_cast<uint32_t>(GetBlockIdx());
  uint32_t length = start >= t.totalLength ? 0 : t.totalLength - start;
  length = length < t.blockLength ? length : t.blockLength;
  GlobalTensor<float> xGm, zGm;
  xGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x) + start, length);
  zGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(z) + start, length);
  TPipe pipe;
  TQueBind<TPosition::VECIN, TPosition::VECOUT, 2> que;
  pipe.InitBuffer(que, 2, t.tileLength * sizeof(float));
  for (uint32_t offset = 0; offset < length; offset += t.tileLength) {
    const uint32_t count = length - offset < t.tileLength ? length - offset : t.tileLength;
    LocalTensor<float> buf = que.AllocTensor<float>();
    DataCopy(buf, xGm[offset], count);
    que.EnQue(buf);
    buf = que.DeQue<float>();
    DataCopy(zGm[offset], buf, count);
    que.FreeTensor(buf);
  }
}
