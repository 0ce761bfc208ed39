// y = x >= 0 ? x : slope * x; the slope is the op's attr, passed to the kernel through the tiling struct.
#include "kernel_operator.h"
#include "kernel_tiling.h"

using namespace AscendC;

class KernelLeakyRelu {
 public:
  __aicore__ inline KernelLeakyRelu() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const LeakyReluTiling& tiling) {
    const uint32_t blocks = static_cast<uint32_t>(GetBlockNum());
    const uint32_t tiles = (tiling.totalLength + tiling.tileLength - 1) / tiling.tileLength;
    const uint32_t perBlock = (tiles + blocks - 1) / blocks;
    const uint32_t first = perBlock * static_cast<uint32_t>(GetBlockIdx());
    tileLength_ = tiling.tileLength;
    total_ = tiling.totalLength;
    slope_ = tiling.negativeSlope;
    begin_ = first * tileLength_;
    end_ = (first + perBlock) * tileLength_;
    end_ = end_ < total_ ? end_ : total_;
    xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x), total_);
    yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y), total_);
    pipe_.InitBuffer(inQ_, 2, tileLength_ * sizeof(float));
    pipe_.InitBuffer(outQ_, 2, tileLength_ * sizeof(float));
  }
  __aicore__ inline void Process() {
    for (uint32_t offset = begin_; offset < end_; offset += tileLength_) {
      const uint32_t count = end_ - offset < tileLength_ ? end_ - offset : tileLength_;
      const DataCopyExtParams params{1, static_cast<uint32_t>(count * sizeof(float)), 0, 0, 0};
      LocalTensor<float> x = inQ_.AllocTensor<float>();
      DataCopyPad(x, xGm_[offset], params, DataCopyPadExtParams<float>{false, 0, 0, 0});
      inQ_.EnQue(x);
      x = inQ_.DeQue<float>();
      LocalTensor<float> y = outQ_.AllocTensor<float>();
      LeakyRelu(y, x, slope_, count);
      outQ_.EnQue(y);
      inQ_.FreeTensor(x);
      y = outQ_.DeQue<float>();
      DataCopyPad(yGm_[offset], y, params);
      outQ_.FreeTensor(y);
    }
  }

 private:
  TPipe pipe_;
  TQue<TPosition::VECIN, 2> inQ_;
  TQue<TPosition::VECOUT, 2> outQ_;
  GlobalTensor<float> xGm_, yGm_;
  uint32_t tileLength_ = 0, total_ = 0, begin_ = 0, end_ = 0;
  float slope_ = 0.0f;
};

extern "C" __global__ __aicore__ void leaky_relu(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  (void)workspace;
  REGISTER_TILING_DEFAULT(LeakyReluTiling);
  GET_TILING_DATA(tilingData, tiling);
  KernelLeakyRelu op;
  op.Init(x, y, tilingData);
  op.Process();
}
