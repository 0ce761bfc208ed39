/* The scale family's kernel: y = x * value for each core's share, value read from global memory (a scalar input).
 * Reached by `#include "scale_kernel_base.h"` through the -I its ops' CMakeLists.txt give the kernel compile. */
#ifndef SCALE_KERNEL_BASE_H
#define SCALE_KERNEL_BASE_H
#include "kernel_operator.h"

namespace Scale {
using namespace AscendC;

template <typename T>
class ScaleKernel {
public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR value, GM_ADDR y, uint32_t totalLength, uint32_t perCore)
    {
        const uint32_t start = perCore * GetBlockIdx();
        length_ = start >= totalLength ? 0 : (totalLength - start < perCore ? totalLength - start : perCore);
        valueGm_.SetGlobalBuffer((__gm__ T*)value, 1);
        value_ = valueGm_.GetValue(0);
        xGm_.SetGlobalBuffer((__gm__ T*)x + start, length_);
        yGm_.SetGlobalBuffer((__gm__ T*)y + start, length_);
        pipe_.InitBuffer(in_, 1, perCore * sizeof(T));
        pipe_.InitBuffer(out_, 1, perCore * sizeof(T));
    }
    __aicore__ inline void Process()
    {
        if (length_ == 0) {
            return;
        }
        DataCopyExtParams copy{1, static_cast<uint32_t>(length_ * sizeof(T)), 0, 0, 0};
        DataCopyPadExtParams<T> pad{false, 0, 0, 0};
        LocalTensor<T> x = in_.AllocTensor<T>();
        DataCopyPad(x, xGm_, copy, pad);
        in_.EnQue(x);
        x = in_.DeQue<T>();
        LocalTensor<T> y = out_.AllocTensor<T>();
        Muls(y, x, value_, length_);
        out_.EnQue(y);
        in_.FreeTensor(x);
        y = out_.DeQue<T>();
        DataCopyPad(yGm_, y, copy);
        out_.FreeTensor(y);
    }

private:
    TPipe pipe_;
    TQue<QuePosition::VECIN, 1> in_;
    TQue<QuePosition::VECOUT, 1> out_;
    GlobalTensor<T> xGm_, valueGm_, yGm_;
    uint32_t length_ = 0;
    T value_;
};
}  // namespace Scale
#endif  // SCALE_KERNEL_BASE_H
