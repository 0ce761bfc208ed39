// gelu_custom_grad.cpp: GeluCustomGrad kernel, dx = dy * gelu'(x) for the tanh form of GELU, float16 and float.
// With s = 1 / (1 + e), e = exp(-2 sqrt(2/pi) (x + 0.044715 x^3)) (so gelu(x) = x s) and
// p = 2 sqrt(2/pi) x (1 + 3 * 0.044715 x^2), the exact derivative is
//   gelu'(x) = s + p s (1 - s) = s (1 + p (1 - s)),   with 1 - s = e s.
// 1 - s is taken as e s rather than 1 - s, which would cancel to 0 where s is near 1. The exp argument is capped
// at 80 so e stays finite (e s would be inf * 0 for very negative x); there s < 2e-35 and gelu' is 0 to within it.
// float16 tiles are Cast to float, computed there and Cast back once.
#include <type_traits>

#include "kernel_operator.h"
#include "gelu_custom_grad_tiling.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = GELU_CUSTOM_GRAD_BUFFER_NUM;
constexpr float GELU_COEFF = 0.044715f;
constexpr float GELU_COEFF_X3 = 3.0f * 0.044715f;
constexpr float TWO_SQRT_2_OVER_PI = 1.5957691216057308f;  // 2 * sqrt(2 / pi)
constexpr float EXP_ARG_CAP = 80.0f;                       // exp(80) ~ 5.5e34: finite, and so is 1 / (1 + it)

template <typename T>
__aicore__ inline bool IsWholeBlocks(uint32_t count)
{
    return count * sizeof(T) % GELU_CUSTOM_GRAD_BLOCK_BYTES == 0;
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

// Float scratch of one tile, named for what each holds during GeluGradFloat.
struct GradScratch {
    LocalTensor<float> x2;   // x^2, then p, then gelu'(x)
    LocalTensor<float> e;    // e, then 1 - s
    LocalTensor<float> d;    // 1 + e
    LocalTensor<float> s;    // s
};

// dst = dy * gelu'(x) in float. dst may be dy or x.
__aicore__ inline void GeluGradFloat(const LocalTensor<float>& dst, const LocalTensor<float>& dy,
                                     const LocalTensor<float>& x, const GradScratch& t, uint32_t count)
{
    Mul(t.x2, x, x, count);
    PipeBarrier<PIPE_V>();
    Muls(t.e, t.x2, GELU_COEFF, count);
    PipeBarrier<PIPE_V>();
    Adds(t.e, t.e, 1.0f, count);
    PipeBarrier<PIPE_V>();
    Mul(t.e, t.e, x, count);                               // x + 0.044715 x^3
    PipeBarrier<PIPE_V>();
    Muls(t.e, t.e, -TWO_SQRT_2_OVER_PI, count);
    PipeBarrier<PIPE_V>();
    Mins(t.e, t.e, EXP_ARG_CAP, count);
    PipeBarrier<PIPE_V>();
    Exp(t.e, t.e, count);                                  // e
    Duplicate(t.s, 1.0f, count);
    PipeBarrier<PIPE_V>();
    Adds(t.d, t.e, 1.0f, count);                           // 1 + e
    PipeBarrier<PIPE_V>();
    Div(t.s, t.s, t.d, count);                             // s
    PipeBarrier<PIPE_V>();
    Mul(t.e, t.e, t.s, count);                             // 1 - s
    Muls(t.x2, t.x2, GELU_COEFF_X3, count);
    PipeBarrier<PIPE_V>();
    Adds(t.x2, t.x2, 1.0f, count);
    PipeBarrier<PIPE_V>();
    Mul(t.x2, t.x2, x, count);
    PipeBarrier<PIPE_V>();
    Muls(t.x2, t.x2, TWO_SQRT_2_OVER_PI, count);           // p
    PipeBarrier<PIPE_V>();
    Mul(t.x2, t.x2, t.e, count);
    PipeBarrier<PIPE_V>();
    Adds(t.x2, t.x2, 1.0f, count);
    PipeBarrier<PIPE_V>();
    Mul(t.x2, t.x2, t.s, count);                           // gelu'(x)
    PipeBarrier<PIPE_V>();
    Mul(dst, dy, t.x2, count);
}

// T: the element type of every tensor of the op (the prototype pairs them one to one).
template <typename T>
class KernelGeluGrad {
public:
    __aicore__ inline KernelGeluGrad() {}

    __aicore__ inline void Init(GM_ADDR dy, GM_ADDR x, GM_ADDR dx, const GeluCustomGradTilingData& tiling)
    {
        tileLength_ = tiling.tileLength;
        const uint64_t start = tiling.blockLength * static_cast<uint64_t>(GetBlockIdx());
        const uint64_t left = start < tiling.totalLength ? tiling.totalLength - start : 0;
        blockLength_ = left < tiling.blockLength ? left : tiling.blockLength;
        dyGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(dy) + start, blockLength_);
        xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x) + start, blockLength_);
        dxGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(dx) + start, blockLength_);
        pipe_.InitBuffer(inQueueDy_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(inQueueX_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(outQueueDx_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(tmpBuf_, GELU_CUSTOM_GRAD_TMP_NUM * tileLength_ * sizeof(float));
        if constexpr (!std::is_same<T, float>::value) {
            pipe_.InitBuffer(castBuf_, 2 * tileLength_ * sizeof(float));
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
        LocalTensor<T> dyLocal = inQueueDy_.AllocTensor<T>();
        LocalTensor<T> xLocal = inQueueX_.AllocTensor<T>();
        LoadTile(dyLocal, dyGm_[offset], count);
        LoadTile(xLocal, xGm_[offset], count);
        inQueueDy_.EnQue(dyLocal);
        inQueueX_.EnQue(xLocal);
    }

    __aicore__ inline GradScratch Scratch()
    {
        // One TBuf cut into GELU_CUSTOM_GRAD_TMP_NUM tile-sized float tensors (tileLength_ floats are whole
        // 32-byte blocks, so every offset is aligned).
        const uint32_t bytes = tileLength_ * sizeof(float);
        return GradScratch{tmpBuf_.GetWithOffset<float>(tileLength_, 0),
                           tmpBuf_.GetWithOffset<float>(tileLength_, bytes),
                           tmpBuf_.GetWithOffset<float>(tileLength_, 2 * bytes),
                           tmpBuf_.GetWithOffset<float>(tileLength_, 3 * bytes)};
    }

    __aicore__ inline void Compute(uint32_t count)
    {
        LocalTensor<T> dyLocal = inQueueDy_.DeQue<T>();
        LocalTensor<T> xLocal = inQueueX_.DeQue<T>();
        LocalTensor<T> dxLocal = outQueueDx_.AllocTensor<T>();
        const GradScratch scratch = Scratch();
        if constexpr (std::is_same<T, float>::value) {
            GeluGradFloat(dxLocal, dyLocal, xLocal, scratch, count);
        } else {
            LocalTensor<float> dyFloat = castBuf_.GetWithOffset<float>(tileLength_, 0);
            LocalTensor<float> xFloat = castBuf_.GetWithOffset<float>(tileLength_, tileLength_ * sizeof(float));
            Cast(dyFloat, dyLocal, RoundMode::CAST_NONE, count);    // exact: every half is a float
            Cast(xFloat, xLocal, RoundMode::CAST_NONE, count);
            PipeBarrier<PIPE_V>();
            GeluGradFloat(dyFloat, dyFloat, xFloat, scratch, count);
            PipeBarrier<PIPE_V>();
            Cast(dxLocal, dyFloat, RoundMode::CAST_RINT, count);    // round half to even, as torch and numpy do
        }
        outQueueDx_.EnQue<T>(dxLocal);
        inQueueDy_.FreeTensor(dyLocal);
        inQueueX_.FreeTensor(xLocal);
    }

    __aicore__ inline void CopyOut(uint64_t offset, uint32_t count)
    {
        LocalTensor<T> dxLocal = outQueueDx_.DeQue<T>();
        StoreTile(dxGm_[offset], dxLocal, count);
        outQueueDx_.FreeTensor(dxLocal);
    }

    TPipe pipe_;
    TQue<TPosition::VECIN, BUFFER_NUM> inQueueDy_;
    TQue<TPosition::VECIN, BUFFER_NUM> inQueueX_;
    TQue<TPosition::VECOUT, BUFFER_NUM> outQueueDx_;
    TBuf<TPosition::VECCALC> tmpBuf_;
    TBuf<TPosition::VECCALC> castBuf_;
    GlobalTensor<T> dyGm_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> dxGm_;
    uint64_t blockLength_ = 0;
    uint32_t tileLength_ = 0;
};
}  // namespace

extern "C" __global__ __aicore__ void gelu_custom_grad(GM_ADDR dy, GM_ADDR x, GM_ADDR dx, GM_ADDR workspace,
                                                       GM_ADDR tiling)
{
    (void)workspace;
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    REGISTER_TILING_DEFAULT(GeluCustomGradTilingData);
    GET_TILING_DATA(tilingData, tiling);
    KernelGeluGrad<DTYPE_DY> op;
    op.Init(dy, x, dx, tilingData);
    op.Process();
}
