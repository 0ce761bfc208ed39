// scale_shift_custom.cpp: Ascend C kernel of ScaleShiftCustom. Created by opkit gen 0.1.0; yours to edit.
// Pipeline: each core takes one contiguous block of x's elements (host tiling), walks it in
// Unified Buffer tiles through double-buffered queues: CopyIn -> Compute -> CopyOut. Write your maths in Compute.
#include "kernel_operator.h"
#include "scale_shift_custom_tiling.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = SCALE_SHIFT_CUSTOM_BUFFER_NUM;

// Elements of T a copy of `count` elements occupies in UB (rows are padded to 32 bytes).
template <typename T>
__aicore__ inline uint32_t PaddedCount(uint32_t count)
{
    constexpr uint32_t perBlock = 32 / sizeof(T);
    return (count + perBlock - 1) / perBlock * perBlock;
}

template <typename T>
__aicore__ inline void CopyGmToUb(const LocalTensor<T>& dst, const GlobalTensor<T>& src, uint32_t count)
{
    DataCopyExtParams params{1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0};
    DataCopyPadExtParams<T> pad{false, 0, 0, 0};
    DataCopyPad(dst, src, params, pad);
}

template <typename T>
__aicore__ inline void CopyUbToGm(const GlobalTensor<T>& dst, const LocalTensor<T>& src, uint32_t count)
{
    DataCopyExtParams params{1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0};
    DataCopyPad(dst, src, params);
}

class KernelScaleShiftCustom {
public:
    __aicore__ inline KernelScaleShiftCustom() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR bias, GM_ADDR y, const ScaleShiftCustomTilingData& tiling)
    {
        tiling_ = tiling;
        const uint64_t start = tiling.blockLength * static_cast<uint64_t>(GetBlockIdx());
        blockStart_ = start;
        blockLength_ = start < tiling.totalLength ? tiling.totalLength - start : 0;
        if (blockLength_ > tiling.blockLength) {
            blockLength_ = tiling.blockLength;
        }
        xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ DTYPE_X*>(x));
        if (bias != nullptr) {  // optional: a null pointer when the caller leaves it out
            biasGm_.SetGlobalBuffer(reinterpret_cast<__gm__ DTYPE_BIAS*>(bias));
            biasPresent_ = true;
        }
        yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ DTYPE_Y*>(y));
        pipe_.InitBuffer(inQueueX_, BUFFER_NUM, tiling.tileLength * sizeof(DTYPE_X));
        pipe_.InitBuffer(inQueueBias_, BUFFER_NUM, tiling.tileLength * sizeof(DTYPE_BIAS));
        pipe_.InitBuffer(outQueueY_, BUFFER_NUM, tiling.tileLength * sizeof(DTYPE_Y));
    }

    __aicore__ inline void Process()
    {
        const uint32_t tile = tiling_.tileLength;
        const uint64_t tiles = (blockLength_ + tile - 1) / tile;
        for (uint64_t i = 0; i < tiles; ++i) {
            const uint64_t offset = blockStart_ + i * tile;
            const uint64_t left = blockLength_ - i * tile;
            const uint32_t count = left < tile ? static_cast<uint32_t>(left) : tile;  // the last tile may be short
            CopyIn(offset, count);
            Compute(count);
            CopyOut(offset, count);
        }
    }

private:
    __aicore__ inline void CopyIn(uint64_t offset, uint32_t count)
    {
        LocalTensor<DTYPE_X> xLocal = inQueueX_.AllocTensor<DTYPE_X>();
        CopyGmToUb(xLocal, xGm_[offset], count);
        inQueueX_.EnQue(xLocal);
        LocalTensor<DTYPE_BIAS> biasLocal = inQueueBias_.AllocTensor<DTYPE_BIAS>();
        if (biasPresent_) {
            CopyGmToUb(biasLocal, biasGm_[offset], count);
        }
        inQueueBias_.EnQue(biasLocal);
    }

    __aicore__ inline void Compute(uint32_t count)
    {
        LocalTensor<DTYPE_X> xLocal = inQueueX_.DeQue<DTYPE_X>();
        LocalTensor<DTYPE_BIAS> biasLocal = inQueueBias_.DeQue<DTYPE_BIAS>();
        LocalTensor<DTYPE_Y> yLocal = outQueueY_.AllocTensor<DTYPE_Y>();
        // ==================== YOUR MATHS: the one place to edit ====================
        // Tile of `count` elements (short on the last tile); scalar attrs are in tiling_.
        DataCopy(yLocal, xLocal, PaddedCount<DTYPE_X>(count));
        // ==================== end of your maths ====================
        outQueueY_.EnQue(yLocal);
        inQueueX_.FreeTensor(xLocal);
        inQueueBias_.FreeTensor(biasLocal);
    }

    __aicore__ inline void CopyOut(uint64_t offset, uint32_t count)
    {
        LocalTensor<DTYPE_Y> yLocal = outQueueY_.DeQue<DTYPE_Y>();
        CopyUbToGm(yGm_[offset], yLocal, count);
        outQueueY_.FreeTensor(yLocal);
    }

    TPipe pipe_;
    TQue<TPosition::VECIN, BUFFER_NUM> inQueueX_;
    TQue<TPosition::VECIN, BUFFER_NUM> inQueueBias_;
    TQue<TPosition::VECOUT, BUFFER_NUM> outQueueY_;
    GlobalTensor<DTYPE_X> xGm_;
    GlobalTensor<DTYPE_BIAS> biasGm_;
    GlobalTensor<DTYPE_Y> yGm_;
    bool biasPresent_ = false;
    ScaleShiftCustomTilingData tiling_;
    uint64_t blockStart_ = 0;
    uint64_t blockLength_ = 0;
};
}  // namespace

extern "C" __global__ __aicore__ void scale_shift_custom(GM_ADDR x, GM_ADDR bias, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    (void)workspace;
    REGISTER_TILING_DEFAULT(ScaleShiftCustomTilingData);
    GET_TILING_DATA(tilingData, tiling);
    KernelScaleShiftCustom op;
    op.Init(x, bias, y, tilingData);
    op.Process();
}
