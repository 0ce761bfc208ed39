// RMS norm over half rows: y = x / sqrt(mean(x^2) + eps) * gamma, computed in float (Cast half->float and back).
#include "kernel_operator.h"
#include "kernel_tiling.h"

using namespace AscendC;

class KernelRmsNorm {
 public:
  __aicore__ inline KernelRmsNorm() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR gamma, GM_ADDR y, const RowTiling& tiling) {
    t_ = tiling;
    const uint32_t first = t_.rowsPerBlock * static_cast<uint32_t>(GetBlockIdx());
    rowBegin_ = first < t_.rows ? first : t_.rows;
    rowEnd_ = first + t_.rowsPerBlock < t_.rows ? first + t_.rowsPerBlock : t_.rows;
    xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(x), t_.rows * t_.cols);
    gammaGm_.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(gamma), t_.cols);
    yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(y), t_.rows * t_.cols);
    pipe_.InitBuffer(inQ_, 2, t_.paddedCols * sizeof(half));
    pipe_.InitBuffer(outQ_, 2, t_.paddedCols * sizeof(half));
    pipe_.InitBuffer(gammaBuf_, t_.paddedCols * sizeof(float));
    pipe_.InitBuffer(xf_, t_.paddedCols * sizeof(float));
    pipe_.InitBuffer(sq_, t_.paddedCols * sizeof(float));
    pipe_.InitBuffer(tmp_, t_.paddedCols * sizeof(float));
    pipe_.InitBuffer(result_, 32);
  }
  __aicore__ inline void Process() {
    const DataCopyExtParams params{1, static_cast<uint32_t>(t_.cols * sizeof(half)), 0, 0, 0};
    LocalTensor<float> gammaF = gammaBuf_.Get<float>();
    LocalTensor<half> gammaH = inQ_.AllocTensor<half>();
    DataCopyPad(gammaH, gammaGm_, params, DataCopyPadExtParams<half>{false, 0, 0, 0});
    inQ_.EnQue(gammaH);
    gammaH = inQ_.DeQue<half>();
    Cast(gammaF, gammaH, RoundMode::CAST_NONE, t_.cols);
    inQ_.FreeTensor(gammaH);
    for (uint32_t row = rowBegin_; row < rowEnd_; ++row) {
      LocalTensor<half> x = inQ_.AllocTensor<half>();
      DataCopyPad(x, xGm_[row * t_.cols], params, DataCopyPadExtParams<half>{false, 0, 0, 0});
      inQ_.EnQue(x);
      Compute(gammaF);
      LocalTensor<half> y = outQ_.DeQue<half>();
      DataCopyPad(yGm_[row * t_.cols], y, params);
      outQ_.FreeTensor(y);
    }
  }

 private:
  __aicore__ inline void Compute(const LocalTensor<float>& gammaF) {
    const int32_t n = static_cast<int32_t>(t_.cols);
    LocalTensor<half> x = inQ_.DeQue<half>();
    LocalTensor<float> xf = xf_.Get<float>();
    LocalTensor<float> sq = sq_.Get<float>();
    LocalTensor<float> r = result_.Get<float>();
    Cast(xf, x, RoundMode::CAST_NONE, n);
    inQ_.FreeTensor(x);
    Mul(sq, xf, xf, n);
    ReduceSum(r, sq, tmp_.Get<float>(), n);
    const float meanSq = r.GetValue(0) / static_cast<float>(t_.cols);
    Duplicate(r, meanSq + t_.epsilon, 8);
    Sqrt(r, r, 8);
    const float scale = 1.0f / r.GetValue(0);
    Muls(xf, xf, scale, n);
    Mul(xf, xf, gammaF, n);
    LocalTensor<half> y = outQ_.AllocTensor<half>();
    Cast(y, xf, RoundMode::CAST_RINT, n);
    outQ_.EnQue(y);
  }

  TPipe pipe_;
  TQue<TPosition::VECIN, 2> inQ_;
  TQue<TPosition::VECOUT, 2> outQ_;
  TBuf<TPosition::VECCALC> gammaBuf_, xf_, sq_, tmp_, result_;
  GlobalTensor<half> xGm_, gammaGm_, yGm_;
  RowTiling t_{};
  uint32_t rowBegin_ = 0, rowEnd_ = 0;
};

extern "C" __global__ __aicore__ void rms_norm(GM_ADDR x, GM_ADDR gamma, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  (void)workspace;
  REGISTER_TILING_DEFAULT(RowTiling);
  GET_TILING_DATA(tilingData, tiling);
  KernelRmsNorm op;
  op.Init(x, gamma, y, tilingData);
  op.Process();
}
