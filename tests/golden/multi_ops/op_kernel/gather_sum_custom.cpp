// gather_sum_custom.cpp: Ascend C kernel of GatherSumCustom. Created by opkit gen 0.1.0; yours to edit.
// Pipeline: each core takes one contiguous block of xs's elements (host tiling), walks it in
// Unified Buffer tiles through double-buffered queues: CopyIn -> Compute -> CopyOut. Write your maths in Compute.
#include "kernel_operator.h"
#include "gather_sum_custom_tiling.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = GATHER_SUM_CUSTOM_BUFFER_NUM;

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

class KernelGatherSumCustom {
public:
    __aicore__ inline KernelGatherSumCustom() {}

    __aicore__ inline void Init(GM_ADDR xs, GM_ADDR weight, GM_ADDR y, GM_ADDR mask, const GatherSumCustomTilingData& tiling)
    {
        tiling_ = tiling;
        const uint64_t start = tiling.blockLength * static_cast<uint64_t>(GetBlockIdx());
        blockStart_ = start;
        blockLength_ = start < tiling.totalLength ? tiling.totalLength - start : 0;
        if (blockLength_ > tiling.blockLength) {
            blockLength_ = tiling.blockLength;
        }
        weightGm_.SetGlobalBuffer(reinterpret_cast<__gm__ DTYPE_WEIGHT*>(weight));
        yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ DTYPE_Y*>(y));
        maskGm_.SetGlobalBuffer(reinterpret_cast<__gm__ DTYPE_MASK*>(mask));
        (void)xs;  // dynamic: a tensor list (ListTensorDesc); this skeleton does not read it
        pipe_.InitBuffer(inQueueWeight_, BUFFER_NUM, tiling.tileLength * sizeof(DTYPE_WEIGHT));
        pipe_.InitBuffer(outQueueY_, BUFFER_NUM, tiling.tileLength * sizeof(DTYPE_Y));
        pipe_.InitBuffer(outQueueMask_, BUFFER_NUM, tiling.tileLength * sizeof(DTYPE_MASK));
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
        LocalTensor<DTYPE_WEIGHT> weightLocal = inQueueWeight_.AllocTensor<DTYPE_WEIGHT>();
        CopyGmToUb(weightLocal, weightGm_[offset], count);
        inQueueWeight_.EnQue(weightLocal);
    }

    __aicore__ inline void Compute(uint32_t count)
    {
        LocalTensor<DTYPE_WEIGHT> weightLocal = inQueueWeight_.DeQue<DTYPE_WEIGHT>();
        LocalTensor<DTYPE_Y> yLocal = outQueueY_.AllocTensor<DTYPE_Y>();
        LocalTensor<DTYPE_MASK> maskLocal = outQueueMask_.AllocTensor<DTYPE_MASK>();
        // ==================== YOUR MATHS: the one place to edit ====================
        // Tile of `count` elements (short on the last tile); scalar attrs are in tiling_.
        Duplicate(yLocal.ReinterpretCast<int32_t>(), int32_t(0),
                  static_cast<int32_t>(tiling_.tileLength * sizeof(DTYPE_Y) / sizeof(int32_t)));
        Duplicate(maskLocal.ReinterpretCast<int32_t>(), int32_t(0),
                  static_cast<int32_t>(tiling_.tileLength * sizeof(DTYPE_MASK) / sizeof(int32_t)));
        (void)count;
        // ==================== end of your maths ====================
        outQueueY_.EnQue(yLocal);
        outQueueMask_.EnQue(maskLocal);
        inQueueWeight_.FreeTensor(weightLocal);
    }

    __aicore__ inline void CopyOut(uint64_t offset, uint32_t count)
    {
        LocalTensor<DTYPE_Y> yLocal = outQueueY_.DeQue<DTYPE_Y>();
        CopyUbToGm(yGm_[offset], yLocal, count);
        outQueueY_.FreeTensor(yLocal);
        LocalTensor<DTYPE_MASK> maskLocal = outQueueMask_.DeQue<DTYPE_MASK>();
        CopyUbToGm(maskGm_[offset], maskLocal, count);
        outQueueMask_.FreeTensor(maskLocal);
    }

    TPipe pipe_;
    TQue<TPosition::VECIN, BUFFER_NUM> inQueueWeight_;
    TQue<TPosition::VECOUT, BUFFER_NUM> outQueueY_;
    TQue<TPosition::VECOUT, BUFFER_NUM> outQueueMask_;
    GlobalTensor<DTYPE_WEIGHT> weightGm_;
    GlobalTensor<DTYPE_Y> yGm_;
    GlobalTensor<DTYPE_MASK> maskGm_;
    GatherSumCustomTilingData tiling_;
    uint64_t blockStart_ = 0;
    uint64_t blockLength_ = 0;
};
}  // namespace

extern "C" __global__ __aicore__ void gather_sum_custom(GM_ADDR xs, GM_ADDR weight, GM_ADDR y, GM_ADDR mask, GM_ADDR workspace, GM_ADDR tiling)
{
    (void)workspace;
    REGISTER_TILING_DEFAULT(GatherSumCustomTilingData);
    GET_TILING_DATA(tilingData, tiling);
    KernelGatherSumCustom op;
    op.Init(xs, weight, y, mask, tilingData);
    op.Process();
}
