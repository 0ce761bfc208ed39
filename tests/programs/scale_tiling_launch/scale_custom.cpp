// z = x * factor over float32, split over the blocks; the tiling struct arrives by value.
#include "kernel_operator.h"
#include "scale_tiling.h"

extern "C" __global__ __aicore__ void scale_custom(GM_ADDR x, GM_ADDR z, ScaleTilingData tiling) {
  const uint32_t blockLength = tiling.totalLength / AscendC::GetBlockNum();
  const uint32_t tileLength = blockLength / tiling.tileNum;
  AscendC::GlobalTensor<float> xGm;
  AscendC::GlobalTensor<float> zGm;
  xGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x) + blockLength * AscendC::GetBlockIdx(), blockLength);
  zGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(z) + blockLength * AscendC::GetBlockIdx(), blockLength);
  AscendC::TPipe pipe;
  AscendC::TQue<AscendC::QuePosition::VECIN, 1> inQueue;
  AscendC::TQue<AscendC::QuePosition::VECOUT, 1> outQueue;
  pipe.InitBuffer(inQueue, 1, tileLength * sizeof(float));
  pipe.InitBuffer(outQueue, 1, tileLength * sizeof(float));
  for (uint32_t i = 0; i < tiling.tileNum; ++i) {
    AscendC::LocalTensor<float> in = inQueue.AllocTensor<float>();
    AscendC::DataCopy(in, xGm[i * tileLength], tileLength);
    inQueue.EnQue(in);
    in = inQueue.DeQue<float>();
    AscendC::LocalTensor<float> out = outQueue.AllocTensor<float>();
    AscendC::Muls(out, in, tiling.factor, tileLength);
    outQueue.EnQue(out);
    inQueue.FreeTensor(in);
    out = outQueue.DeQue<float>();
    AscendC::DataCopy(zGm[i * tileLength], out, tileLength);
    outQueue.FreeTensor(out);
  }
}
