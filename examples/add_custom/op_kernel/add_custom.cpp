// add_custom.cpp: AddCustom kernel, z = x + y elementwise, for every dtype of the prototype (DTYPE_X/Y/Z).
// Each core takes one contiguous block of elements (host tiling) and walks it in Unified Buffer tiles through
// double-buffered queues: CopyIn -> Compute -> CopyOut. Whole tiles move with DataCopy; the last tile of a block
// may be shorter than a 32-byte multiple and moves with DataCopyPad, which pads in UB and writes back exact bytes.
#include "kernel_operator.h"
#include "add_custom_tiling.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = ADD_CUSTOM_BUFFER_NUM;

class KernelAdd {
public:
    __aicore__ inline KernelAdd() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, const AddCustomTilingData& tiling)
    {
        tileLength_ = tiling.tileLength;
        const uint64_t start = tiling.blockLength * static_cast<uint64_t>(GetBlockIdx());
        const uint64_t left = start < tiling.totalLength ? tiling.totalLength - start : 0;
        blockLength_ = left < tiling.blockLength ? left : tiling.blockLength;
        xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ DTYPE_X*>(x) + start, blockLength_);
        yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ DTYPE_Y*>(y) + start, blockLength_);
        zGm_.SetGlobalBuffer(reinterpret_cast<__gm__ DTYPE_Z*>(z) + start, blockLength_);
        pipe_.InitBuffer(inQueueX_, BUFFER_NUM, tileLength_ * sizeof(DTYPE_X));
        pipe_.InitBuffer(inQueueY_, BUFFER_NUM, tileLength_ * sizeof(DTYPE_Y));
        pipe_.InitBuffer(outQueueZ_, BUFFER_NUM, tileLength_ * sizeof(DTYPE_Z));
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
    template <typename T>
    __aicore__ inline static bool IsWholeBlocks(uint32_t count)
    {
        return count * sizeof(T) % ADD_CUSTOM_BLOCK_BYTES == 0;
    }

    template <typename T>
    __aicore__ inline static void LoadTile(const LocalTensor<T>& dst, const GlobalTensor<T>& src, uint32_t count)
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
    __aicore__ inline static void StoreTile(const GlobalTensor<T>& dst, const LocalTensor<T>& src, uint32_t count)
    {
        if (IsWholeBlocks<T>(count)) {
            DataCopy(dst, src, count);
            return;
        }
        DataCopyExtParams params{1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0};
        DataCopyPad(dst, src, params);
    }

    __aicore__ inline void CopyIn(uint64_t offset, uint32_t count)
    {
        LocalTensor<DTYPE_X> xLocal = inQueueX_.AllocTensor<DTYPE_X>();
        LocalTensor<DTYPE_Y> yLocal = inQueueY_.AllocTensor<DTYPE_Y>();
        LoadTile(xLocal, xGm_[offset], count);
        LoadTile(yLocal, yGm_[offset], count);
        inQueueX_.EnQue(xLocal);
        inQueueY_.EnQue(yLocal);
    }

    __aicore__ inline void Compute(uint32_t count)
    {
        LocalTensor<DTYPE_X> xLocal = inQueueX_.DeQue<DTYPE_X>();
        LocalTensor<DTYPE_Y> yLocal = inQueueY_.DeQue<DTYPE_Y>();
        LocalTensor<DTYPE_Z> zLocal = outQueueZ_.AllocTensor<DTYPE_Z>();
        Add(zLocal, xLocal, yLocal, count);
        outQueueZ_.EnQue<DTYPE_Z>(zLocal);
        inQueueX_.FreeTensor(xLocal);
        inQueueY_.FreeTensor(yLocal);
    }

    __aicore__ inline void CopyOut(uint64_t offset, uint32_t count)
    {
        LocalTensor<DTYPE_Z> zLocal = outQueueZ_.DeQue<DTYPE_Z>();
        StoreTile(zGm_[offset], zLocal, count);
        outQueueZ_.FreeTensor(zLocal);
    }

    TPipe pipe_;
    TQue<TPosition::VECIN, BUFFER_NUM> inQueueX_;
    TQue<TPosition::VECIN, BUFFER_NUM> inQueueY_;
    TQue<TPosition::VECOUT, BUFFER_NUM> outQueueZ_;
    GlobalTensor<DTYPE_X> xGm_;
    GlobalTensor<DTYPE_Y> yGm_;
    GlobalTensor<DTYPE_Z> zGm_;
    uint64_t blockLength_ = 0;
    uint32_t tileLength_ = 0;
};
}  // namespace

extern "C" __global__ __aicore__ void add_custom(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling)
{
    (void)workspace;
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    REGISTER_TILING_DEFAULT(AddCustomTilingData);
    GET_TILING_DATA(tilingData, tiling);
    KernelAdd op;
    op.Init(x, y, z, tilingData);
    op.Process();
}
