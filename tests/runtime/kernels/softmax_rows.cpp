// Row softmax y = exp(x - max) / sum(exp(x - max)) over float rows, with ReduceMax, Adds, Exp, ReduceSum, Muls.
// A row of `cols` elements occupies `paddedCols` (32 B multiple) in UB; the count-form instructions touch only `cols`.
#include "kernel_operator.h"
#include "kernel_tiling.h"

using namespace AscendC;

class KernelSoftmax {
 public:
  __aicore__ inline KernelSoftmax() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const RowTiling& tiling) {
    t_ = tiling;
    const uint32_t first = t_.rowsPerBlock * static_cast<uint32_t>(GetBlockIdx());
    rowBegin_ = first < t_.rows ? first : t_.rows;
    rowEnd_ = first + t_.rowsPerBlock < t_.rows ? first + t_.rowsPerBlock : t_.rows;
    xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x), t_.rows * t_.cols);
    yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y), t_.rows * t_.cols);
    pipe_.InitBuffer(inQ_, 2, t_.paddedCols * sizeof(float));
    pipe_.InitBuffer(outQ_, 2, t_.paddedCols * sizeof(float));
    pipe_.InitBuffer(work_, t_.paddedCols * sizeof(float));
    pipe_.InitBuffer(result_, 32);
  }
  __aicore__ inline void Process() {
    const DataCopyExtParams params{1, static_cast<uint32_t>(t_.cols * sizeof(float)), 0, 0, 0};
    for (uint32_t row = rowBegin_; row < rowEnd_; ++row) {
      LocalTensor<float> x = inQ_.AllocTensor<float>();
      DataCopyPad(x, xGm_[row * t_.cols], params, DataCopyPadExtParams<float>{false, 0, 0, 0});
      inQ_.EnQue(x);
      Compute();
      LocalTensor<float> y = outQ_.DeQue<float>();
      DataCopyPad(yGm_[row * t_.cols], y, params);
      outQ_.FreeTensor(y);
    }
  }

 private:
  __aicore__ inline void Compute() {
    LocalTensor<float> x = inQ_.DeQue<float>();
    LocalTensor<float> y = outQ_.AllocTensor<float>();
    LocalTensor<float> tmp = work_.Get<float>();
    LocalTensor<float> r = result_.Get<float>();
    ReduceMax(r, x, tmp, static_cast<int32_t>(t_.cols));
    const float rowMax = r.GetValue(0);
    Adds(y, x, -rowMax, static_cast<int32_t>(t_.cols));
    Exp(y, y, static_cast<int32_t>(t_.cols));
    ReduceSum(r, y, tmp, static_cast<int32_t>(t_.cols));
    const float rowSum = r.GetValue(0);
    Muls(y, y, 1.0f / rowSum, static_cast<int32_t>(t_.cols));
    outQ_.EnQue(y);
    inQ_.FreeTensor(x);
  }

  TPipe pipe_;
  TQue<TPosition::VECIN, 2> inQ_;
  TQue<TPosition::VECOUT, 2> outQ_;
  TBuf<TPosition::VECCALC> work_, result_;
  GlobalTensor<float> xGm_, yGm_;
  RowTiling t_{};
  uint32_t rowBegin_ = 0, rowEnd_ = 0;
};

extern "C" __global__ __aicore__ void softmax_rows(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  (void)workspace;
  REGISTER_TILING_DEFAULT(RowTiling);
  GET_TILING_DATA(tilingData, tiling);
  KernelSoftmax op;
  op.Init(x, y, tilingData);
  op.Process();
}
