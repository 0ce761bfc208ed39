// z = x + y in the ordinary Ascend C style: blocks split the data, tiles are double-buffered through VECIN/VECOUT
// queues, and the last tile of a block may be shorter (a tail copied with DataCopyPad).
#include "kernel_operator.h"
#include "kernel_tiling.h"

using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;

template <typename T>
class KernelAdd {
 public:
  __aicore__ inline KernelAdd() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, const AddTiling& tiling) {
    const uint32_t start = tiling.blockLength * static_cast<uint32_t>(GetBlockIdx());
    length_ = start >= tiling.totalLength ? 0 : tiling.totalLength - start;
    length_ = length_ < tiling.blockLength ? length_ : tiling.blockLength;
    tileLength_ = tiling.tileLength;
    xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x) + start, length_);
    yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(y) + start, length_);
    zGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(z) + start, length_);
    pipe_.InitBuffer(inX_, BUFFER_NUM, tileLength_ * sizeof(T));
    pipe_.InitBuffer(inY_, BUFFER_NUM, tileLength_ * sizeof(T));
    pipe_.InitBuffer(outZ_, BUFFER_NUM, tileLength_ * sizeof(T));
  }
  __aicore__ inline void Process() {
    for (uint32_t offset = 0; offset < length_; offset += tileLength_) {
      const uint32_t count = length_ - offset < tileLength_ ? length_ - offset : tileLength_;
      CopyIn(offset, count);
      Compute(count);
      CopyOut(offset, count);
    }
  }

 private:
  __aicore__ inline void CopyIn(uint32_t offset, uint32_t count) {
    LocalTensor<T> x = inX_.AllocTensor<T>();
    LocalTensor<T> y = inY_.AllocTensor<T>();
    if (count == tileLength_) {
      DataCopy(x, xGm_[offset], count);
      DataCopy(y, yGm_[offset], count);
    } else {
      const DataCopyExtParams params{1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0};
      const DataCopyPadExtParams<T> pad{false, 0, 0, 0};
      DataCopyPad(x, xGm_[offset], params, pad);
      DataCopyPad(y, yGm_[offset], params, pad);
    }
    inX_.EnQue(x);
    inY_.EnQue(y);
  }
  __aicore__ inline void Compute(uint32_t count) {
    LocalTensor<T> x = inX_.DeQue<T>();
    LocalTensor<T> y = inY_.DeQue<T>();
    LocalTensor<T> z = outZ_.AllocTensor<T>();
    Add(z, x, y, count);
    outZ_.EnQue<T>(z);
    inX_.FreeTensor(x);
    inY_.FreeTensor(y);
  }
  __aicore__ inline void CopyOut(uint32_t offset, uint32_t count) {
    LocalTensor<T> z = outZ_.DeQue<T>();
    if (count == tileLength_) {
      DataCopy(zGm_[offset], z, count);
    } else {
      DataCopyPad(zGm_[offset], z, DataCopyExtParams{1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0});
    }
    outZ_.FreeTensor(z);
  }

  TPipe pipe_;
  TQue<TPosition::VECIN, BUFFER_NUM> inX_, inY_;
  TQue<TPosition::VECOUT, BUFFER_NUM> outZ_;
  GlobalTensor<T> xGm_, yGm_, zGm_;
  uint32_t length_ = 0;
  uint32_t tileLength_ = 0;
};

extern "C" __global__ __aicore__ void add_custom(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling) {
  (void)workspace;
  REGISTER_TILING_DEFAULT(AddTiling);
  GET_TILING_DATA(tilingData, tiling);
  KernelAdd<DTYPE_X> op;
  op.Init(x, y, z, tilingData);
  op.Process();
}
