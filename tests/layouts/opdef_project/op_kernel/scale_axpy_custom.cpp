/* ScaleAxpyCustom kernel: z = alpha * x + beta * y, each core on its contiguous share, 32-byte-aligned tiles with a
 * padded tail copy. float16/float compute in their own type, int32 scales by int(alpha) as Muls takes the tensor's type. */
#include "kernel_operator.h"
#include "scale_axpy_custom_tiling.h"
using namespace AscendC;

constexpr uint32_t TILE_LENGTH = 2048;

template <typename T>
class KernelScaleAxpy {
public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, const ScaleAxpyCustomTilingData& t)
    {
        const uint32_t perCore = (t.totalLength + GetBlockNum() - 1) / GetBlockNum();
        const uint32_t start = perCore * GetBlockIdx();
        length_ = start >= t.totalLength ? 0 : (t.totalLength - start < perCore ? t.totalLength - start : perCore);
        alpha_ = static_cast<T>(t.alpha);
        beta_ = static_cast<T>(t.beta);
        xGm_.SetGlobalBuffer((__gm__ T*)x + start, length_);
        yGm_.SetGlobalBuffer((__gm__ T*)y + start, length_);
        zGm_.SetGlobalBuffer((__gm__ T*)z + start, length_);
        pipe_.InitBuffer(inX_, 2, TILE_LENGTH * sizeof(T));
        pipe_.InitBuffer(inY_, 2, TILE_LENGTH * sizeof(T));
        pipe_.InitBuffer(outZ_, 2, TILE_LENGTH * sizeof(T));
    }
    __aicore__ inline void Process()
    {
        for (uint32_t done = 0; done < length_; done += TILE_LENGTH) {
            const uint32_t count = length_ - done < TILE_LENGTH ? length_ - done : TILE_LENGTH;
            DataCopyExtParams copy{1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0};
            DataCopyPadExtParams<T> pad{false, 0, 0, 0};
            LocalTensor<T> x = inX_.AllocTensor<T>();
            LocalTensor<T> y = inY_.AllocTensor<T>();
            DataCopyPad(x, xGm_[done], copy, pad);
            DataCopyPad(y, yGm_[done], copy, pad);
            inX_.EnQue(x);
            inY_.EnQue(y);
            x = inX_.DeQue<T>();
            y = inY_.DeQue<T>();
            LocalTensor<T> z = outZ_.AllocTensor<T>();
            Muls(z, x, alpha_, count);
            Muls(y, y, beta_, count);
            Add(z, z, y, count);
            outZ_.EnQue(z);
            inX_.FreeTensor(x);
            inY_.FreeTensor(y);
            z = outZ_.DeQue<T>();
            DataCopyPad(zGm_[done], z, copy);
            outZ_.FreeTensor(z);
        }
    }

private:
    TPipe pipe_;
    TQue<QuePosition::VECIN, 2> inX_, inY_;
    TQue<QuePosition::VECOUT, 2> outZ_;
    GlobalTensor<T> xGm_, yGm_, zGm_;
    uint32_t length_ = 0;
    T alpha_;
    T beta_;
};

extern "C" __global__ __aicore__ void scale_axpy_custom(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace,
                                                        GM_ADDR tiling)
{
    REGISTER_TILING_DEFAULT(ScaleAxpyCustomTilingData);
    GET_TILING_DATA(tilingData, tiling);
    KernelScaleAxpy<DTYPE_X> op;
    op.Init(x, y, z, tilingData);
    op.Process();
}
