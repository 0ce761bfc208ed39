// gelu_custom.cpp: GeluCustom kernel, the tanh form of GELU for float16 and float (DTYPE_X, DTYPE_Y):
//   y = 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))) = x / (1 + exp(-2 sqrt(2/pi) (x + 0.044715 x^3)))
// built from vector instructions. The exp form needs no tanh and stays finite: for very negative x the exp
// overflows to inf and x / inf is -0, the limit. float16 tiles are Cast to float, computed there and Cast back
// once, so a float16 result carries a single rounding (as production kernels do on 910B).
#include <type_traits>

#include "kernel_operator.h"
#include "gelu_custom_tiling.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = GELU_CUSTOM_BUFFER_NUM;
constexpr float GELU_COEFF = 0.044715f;
constexpr float NEG_TWO_SQRT_2_OVER_PI = -1.5957691216057308f;  // -2 * sqrt(2 / pi)

template <typename T>
__aicore__ inline bool IsWholeBlocks(uint32_t count)
{
    return count * sizeof(T) % GELU_CUSTOM_BLOCK_BYTES == 0;
}

template <typename T>
__aicore__ inline void LoadTile(const LocalTensor<T>& dst, const GlobalTensor<T>& src, uint32_t count)
{
    if (IsWholeBlocks<T>(count)) {
        DataCopy(dst, src, count);
        return;
    }
    DataCopyExtParams params{1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0};
    DataCopyPadExtParams<T> pad{false, 0, 0, 0};
    DataCopyPad(dst, src, params, pad);
}

template <typename T>
__aicore__ inline void StoreTile(const GlobalTensor<T>& dst, const LocalTensor<T>& src, uint32_t count)
{
    if (IsWholeBlocks<T>(count)) {
        DataCopy(dst, src, count);
        return;
    }
    DataCopyExtParams params{1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0};
    DataCopyPad(dst, src, params);
}

// dst = gelu(x) in float; tmp is scratch of `count` floats. dst may be x.
__aicore__ inline void GeluFloat(const LocalTensor<float>& dst, const LocalTensor<float>& x,
                                 const LocalTensor<float>& tmp, uint32_t count)
{
    Mul(tmp, x, x, count);                            // x^2
    PipeBarrier<PIPE_V>();
    Muls(tmp, tmp, GELU_COEFF, count);
    PipeBarrier<PIPE_V>();
    Adds(tmp, tmp, 1.0f, count);                      // 1 + 0.044715 x^2
    PipeBarrier<PIPE_V>();
    Mul(tmp, tmp, x, count);                          // x + 0.044715 x^3
    PipeBarrier<PIPE_V>();
    Muls(tmp, tmp, NEG_TWO_SQRT_2_OVER_PI, count);
    PipeBarrier<PIPE_V>();
    Exp(tmp, tmp, count);
    PipeBarrier<PIPE_V>();
    Adds(tmp, tmp, 1.0f, count);                      // 1 + exp(-2 sqrt(2/pi) (x + 0.044715 x^3))
    PipeBarrier<PIPE_V>();
    Div(dst, x, tmp, count);
}

// T: the element type of every tensor of the op (the prototype pairs them one to one).
template <typename T>
class KernelGelu {
public:
    __aicore__ inline KernelGelu() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const GeluCustomTilingData& tiling)
    {
        tileLength_ = tiling.tileLength;
        const uint64_t start = tiling.blockLength * static_cast<uint64_t>(GetBlockIdx());
        const uint64_t left = start < tiling.totalLength ? tiling.totalLength - start : 0;
        blockLength_ = left < tiling.blockLength ? left : tiling.blockLength;
        xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x) + start, blockLength_);
        yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(y) + start, blockLength_);
        pipe_.InitBuffer(inQueueX_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(outQueueY_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(tmpBuf_, tileLength_ * sizeof(float));
        if constexpr (!std::is_same<T, float>::value) {
            pipe_.InitBuffer(castBuf_, tileLength_ * sizeof(float));
        }
    }

    __aicore__ inline void Process()
    {
        const uint64_t tileNum = (blockLength_ + tileLength_ - 1) / tileLength_;
        for (uint64_t i = 0; i < tileNum; ++i) {
            const uint64_t offset = i * tileLength_;
            const uint64_t left = blockLength_ - offset;
            const uint32_t count = left < tileLength_ ? static_cast<uint32_t>(left) : tileLength_;
            CopyIn(offset, count);
            Compute(count);
            CopyOut(offset, count);
        }
    }

private:
    __aicore__ inline void CopyIn(uint64_t offset, uint32_t count)
    {
        LocalTensor<T> xLocal = inQueueX_.AllocTensor<T>();
        LoadTile(xLocal, xGm_[offset], count);
        inQueueX_.EnQue(xLocal);
    }

    __aicore__ inline void Compute(uint32_t count)
    {
        LocalTensor<T> xLocal = inQueueX_.DeQue<T>();
        LocalTensor<T> yLocal = outQueueY_.AllocTensor<T>();
        LocalTensor<float> tmp = tmpBuf_.Get<float>();
        if constexpr (std::is_same<T, float>::value) {
            GeluFloat(yLocal, xLocal, tmp, count);
        } else {
            LocalTensor<float> xFloat = castBuf_.Get<float>();
            Cast(xFloat, xLocal, RoundMode::CAST_NONE, count);       // exact: every half is a float
            PipeBarrier<PIPE_V>();
            GeluFloat(xFloat, xFloat, tmp, count);
            PipeBarrier<PIPE_V>();
            Cast(yLocal, xFloat, RoundMode::CAST_RINT, count);       // round half to even, as torch and numpy do
        }
        outQueueY_.EnQue<T>(yLocal);
        inQueueX_.FreeTensor(xLocal);
    }

    __aicore__ inline void CopyOut(uint64_t offset, uint32_t count)
    {
        LocalTensor<T> yLocal = outQueueY_.DeQue<T>();
        StoreTile(yGm_[offset], yLocal, count);
        outQueueY_.FreeTensor(yLocal);
    }

    TPipe pipe_;
    TQue<TPosition::VECIN, BUFFER_NUM> inQueueX_;
    TQue<TPosition::VECOUT, BUFFER_NUM> outQueueY_;
    TBuf<TPosition::VECCALC> tmpBuf_;
    TBuf<TPosition::VECCALC> castBuf_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    uint64_t blockLength_ = 0;
    uint32_t tileLength_ = 0;
};
}  // namespace

extern "C" __global__ __aicore__ void gelu_custom(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    (void)workspace;
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    REGISTER_TILING_DEFAULT(GeluCustomTilingData);
    GET_TILING_DATA(tilingData, tiling);
    KernelGelu<DTYPE_X> op;
    op.Init(x, y, tilingData);
    op.Process();
}
