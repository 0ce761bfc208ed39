/* ScaleAxpySink kernel: z = alpha * x + beta * y, each core on its share in tiles, a padded copy for the tail. */
#include "kernel_operator.h"
#include "scale_axpy_sink_tiling_struct.h"
using namespace AscendC;

constexpr uint32_t TILE_LENGTH = 512;

class KernelScaleAxpy {
public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, const ScaleAxpySinkTilingData& t)
    {
        const uint32_t perCore = (t.totalLength + GetBlockNum() - 1) / GetBlockNum();
        const uint32_t start = perCore * GetBlockIdx();
        length_ = start >= t.totalLength ? 0 : (t.totalLength - start < perCore ? t.totalLength - start : perCore);
        alpha_ = t.alpha;
        beta_ = static_cast<float>(t.beta);
        xGm_.SetGlobalBuffer((__gm__ float*)x + start, length_);
        yGm_.SetGlobalBuffer((__gm__ float*)y + start, length_);
        zGm_.SetGlobalBuffer((__gm__ float*)z + start, length_);
        pipe_.InitBuffer(inX_, 2, TILE_LENGTH * sizeof(float));
        pipe_.InitBuffer(inY_, 2, TILE_LENGTH * sizeof(float));
        pipe_.InitBuffer(outZ_, 2, TILE_LENGTH * sizeof(float));
    }
    __aicore__ inline void Process()
    {
        for (uint32_t done = 0; done < length_; done += TILE_LENGTH) {
            const uint32_t count = length_ - done < TILE_LENGTH ? length_ - done : TILE_LENGTH;
            DataCopyExtParams copy{1, static_cast<uint32_t>(count * sizeof(float)), 0, 0, 0};
            DataCopyPadExtParams<float> pad{false, 0, 0, 0};
            LocalTensor<float> x = inX_.AllocTensor<float>();
            LocalTensor<float> y = inY_.AllocTensor<float>();
            DataCopyPad(x, xGm_[done], copy, pad);
            DataCopyPad(y, yGm_[done], copy, pad);
            inX_.EnQue(x);
            inY_.EnQue(y);
            x = inX_.DeQue<float>();
            y = inY_.DeQue<float>();
            LocalTensor<float> z = outZ_.AllocTensor<float>();
            Muls(z, x, alpha_, count);
            Muls(y, y, beta_, count);
            Add(z, z, y, count);
            outZ_.EnQue(z);
            inX_.FreeTensor(x);
            inY_.FreeTensor(y);
            z = outZ_.DeQue<float>();
            DataCopyPad(zGm_[done], z, copy);
            outZ_.FreeTensor(z);
        }
    }

private:
    TPipe pipe_;
    TQue<QuePosition::VECIN, 2> inX_, inY_;
    TQue<QuePosition::VECOUT, 2> outZ_;
    GlobalTensor<float> xGm_, yGm_, zGm_;
    uint32_t length_ = 0;
    float alpha_ = 1.0f;
    float beta_ = 1.0f;
};

extern "C" __global__ __aicore__ void scale_axpy_sink(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace,
                                                      GM_ADDR tiling)
{
    REGISTER_TILING_DEFAULT(ScaleAxpySinkTilingData);
    GET_TILING_DATA(tilingData, tiling);
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    KernelScaleAxpy op;
    op.Init(x, y, z, tilingData);
    op.Process();
}
