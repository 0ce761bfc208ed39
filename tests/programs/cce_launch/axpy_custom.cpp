// z = 2 * x + y on float, 4 blocks: a kernel with the older samples' entry (a <<<>>> wrapper outside the CPU test).
#include "kernel_operator.h"

constexpr int32_t kBlockLength = 1000;  // not a multiple of the 256-byte repeat: the tail is a partial repeat
constexpr int32_t kTile = 1024;

extern "C" __global__ __aicore__ void axpy_custom(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 2 * kTile * sizeof(float));
  AscendC::GlobalTensor<float> xGm, yGm, zGm;
  const int64_t offset = kBlockLength * AscendC::GetBlockIdx();
  xGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x) + offset, kBlockLength);
  yGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y) + offset, kBlockLength);
  zGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(z) + offset, kBlockLength);
  AscendC::LocalTensor<float> xs = buf.Get<float>();
  AscendC::LocalTensor<float> ys = xs[kTile];
  AscendC::DataCopy(xs, xGm, kBlockLength);
  AscendC::DataCopy(ys, yGm, kBlockLength);
  AscendC::PipeBarrier<PIPE_ALL>();
  AscendC::Axpy(ys, xs, 2.0f, kBlockLength);
  AscendC::PipeBarrier<PIPE_ALL>();
  AscendC::DataCopy(zGm, ys, kBlockLength);
}

#ifndef __CCE_KT_TEST__
void axpy_custom_do(uint32_t blockDim, void* l2ctrl, void* stream, uint8_t* x, uint8_t* y, uint8_t* z) {
  axpy_custom<<<blockDim, l2ctrl, stream>>>(x, y, z);
}
#endif
