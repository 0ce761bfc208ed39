// z = x + y on half, 8 blocks of 2048 elements, double-buffered tiles: a kernel in the style of CANN's samples.
#include "kernel_operator.h"

constexpr int32_t kTotal = 8 * 2048;
constexpr int32_t kBlocks = 8;
constexpr int32_t kPerBlock = kTotal / kBlocks;
constexpr int32_t kTiles = 8;
constexpr int32_t kBuffers = 2;
constexpr int32_t kTile = kPerBlock / kTiles / kBuffers;

class AddKernel {
 public:
  __aicore__ inline AddKernel() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
    const int64_t offset = kPerBlock * AscendC::GetBlockIdx();
    xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(x) + offset, kPerBlock);
    yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(y) + offset, kPerBlock);
    zGm_.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(z) + offset, kPerBlock);
    pipe_.InitBuffer(inX_, kBuffers, kTile * sizeof(half));
    pipe_.InitBuffer(inY_, kBuffers, kTile * sizeof(half));
    pipe_.InitBuffer(outZ_, kBuffers, kTile * sizeof(half));
  }
  __aicore__ inline void Process() {
    for (int32_t i = 0; i < kTiles * kBuffers; ++i) {
      CopyIn(i);
      Compute();
      CopyOut(i);
    }
  }

 private:
  __aicore__ inline void CopyIn(int32_t i) {
    AscendC::LocalTensor<half> x = inX_.AllocTensor<half>();
    AscendC::LocalTensor<half> y = inY_.AllocTensor<half>();
    AscendC::DataCopy(x, xGm_[i * kTile], kTile);
    AscendC::DataCopy(y, yGm_[i * kTile], kTile);
    inX_.EnQue(x);
    inY_.EnQue(y);
  }
  __aicore__ inline void Compute() {
    AscendC::LocalTensor<half> x = inX_.DeQue<half>();
    AscendC::LocalTensor<half> y = inY_.DeQue<half>();
    AscendC::LocalTensor<half> z = outZ_.AllocTensor<half>();
    AscendC::Add(z, x, y, kTile);
    outZ_.EnQue<half>(z);
    inX_.FreeTensor(x);
    inY_.FreeTensor(y);
  }
  __aicore__ inline void CopyOut(int32_t i) {
    AscendC::LocalTensor<half> z = outZ_.DeQue<half>();
    AscendC::DataCopy(zGm_[i * kTile], z, kTile);
    outZ_.FreeTensor(z);
  }

  AscendC::TPipe pipe_;
  AscendC::TQue<AscendC::TPosition::VECIN, kBuffers> inX_, inY_;
  AscendC::TQue<AscendC::TPosition::VECOUT, kBuffers> outZ_;
  AscendC::GlobalTensor<half> xGm_, yGm_, zGm_;
};

extern "C" __global__ __aicore__ void add_custom(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
  AddKernel op;
  op.Init(x, y, z);
  op.Process();
}

#ifndef ASCENDC_CPU_DEBUG
// The older samples' entry: main calls this, which launches with <<<>>> (rewritten by `opkit cc`).
void add_custom_do(uint32_t blockDim, void* stream, uint8_t* x, uint8_t* y, uint8_t* z) {
  add_custom<<<blockDim, nullptr, stream>>>(x, y, z);
}
#endif
