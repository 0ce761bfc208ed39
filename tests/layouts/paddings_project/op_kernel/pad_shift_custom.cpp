/* PadShiftCustom kernel: y = x + shift (the paddings' sum, from the tiling), each core on its contiguous share. */
#include "kernel_operator.h"
#include "pad_shift_custom_tiling.h"
using namespace AscendC;

constexpr uint32_t TILE_LENGTH = 1024;

template <typename T>
class KernelPadShift {
public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const PadShiftCustomTilingData& t)
    {
        const uint32_t perCore = (t.totalLength + GetBlockNum() - 1) / GetBlockNum();
        const uint32_t start = perCore * GetBlockIdx();
        length_ = start >= t.totalLength ? 0 : (t.totalLength - start < perCore ? t.totalLength - start : perCore);
        shift_ = static_cast<T>(t.shift);
        xGm_.SetGlobalBuffer((__gm__ T*)x + start, length_);
        yGm_.SetGlobalBuffer((__gm__ T*)y + start, length_);
        pipe_.InitBuffer(inX_, 2, TILE_LENGTH * sizeof(T));
        pipe_.InitBuffer(outY_, 2, TILE_LENGTH * sizeof(T));
    }
    __aicore__ inline void Process()
    {
        for (uint32_t done = 0; done < length_; done += TILE_LENGTH) {
            const uint32_t count = length_ - done < TILE_LENGTH ? length_ - done : TILE_LENGTH;
            DataCopyExtParams copy{1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0};
            LocalTensor<T> x = inX_.AllocTensor<T>();
            DataCopyPad(x, xGm_[done], copy, DataCopyPadExtParams<T>{false, 0, 0, 0});
            inX_.EnQue(x);
            x = inX_.DeQue<T>();
            LocalTensor<T> y = outY_.AllocTensor<T>();
            Adds(y, x, shift_, count);
            outY_.EnQue(y);
            inX_.FreeTensor(x);
            y = outY_.DeQue<T>();
            DataCopyPad(yGm_[done], y, copy);
            outY_.FreeTensor(y);
        }
    }

private:
    TPipe pipe_;
    TQue<QuePosition::VECIN, 2> inX_;
    TQue<QuePosition::VECOUT, 2> outY_;
    GlobalTensor<T> xGm_, yGm_;
    uint32_t length_ = 0;
    T shift_;
};

extern "C" __global__ __aicore__ void pad_shift_custom(GM_ADDR x, GM_ADDR paddings, GM_ADDR y, GM_ADDR workspace,
                                                       GM_ADDR tiling)
{
    REGISTER_TILING_DEFAULT(PadShiftCustomTilingData);
    GET_TILING_DATA(tilingData, tiling);
    KernelPadShift<DTYPE_X> op;
    op.Init(x, y, tilingData);
    op.Process();
}
