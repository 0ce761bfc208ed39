/* The kernel class of both ops: out = alpha * x (+ var), each core on its contiguous share, 32-byte-aligned tiles with
 * a padded tail copy. `out` may be `var` itself: each tile is read before it is written. */
#ifndef INPLACE_KERNEL_H
#define INPLACE_KERNEL_H
#include "kernel_operator.h"
#include "inplace_tiling.h"
using namespace AscendC;

constexpr uint32_t INPLACE_TILE = 1024;

template <typename T, bool ADD_VAR>
class KernelInplace {
public:
    __aicore__ inline void Init(GM_ADDR var, GM_ADDR x, GM_ADDR out, const InplaceTilingData& t)
    {
        const uint32_t perCore = (t.totalLength + GetBlockNum() - 1) / GetBlockNum();
        const uint32_t start = perCore * GetBlockIdx();
        length_ = start >= t.totalLength ? 0 : (t.totalLength - start < perCore ? t.totalLength - start : perCore);
        alpha_ = static_cast<T>(t.alpha);
        if (ADD_VAR) {
            varGm_.SetGlobalBuffer((__gm__ T*)var + start, length_);
        }
        xGm_.SetGlobalBuffer((__gm__ T*)x + start, length_);
        outGm_.SetGlobalBuffer((__gm__ T*)out + start, length_);
        pipe_.InitBuffer(inVar_, 1, INPLACE_TILE * sizeof(T));
        pipe_.InitBuffer(inX_, 1, INPLACE_TILE * sizeof(T));
        pipe_.InitBuffer(out_, 1, INPLACE_TILE * sizeof(T));
    }
    __aicore__ inline void Process()
    {
        for (uint32_t done = 0; done < length_; done += INPLACE_TILE) {
            const uint32_t count = length_ - done < INPLACE_TILE ? length_ - done : INPLACE_TILE;
            DataCopyExtParams copy{1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0};
            DataCopyPadExtParams<T> pad{false, 0, 0, 0};
            LocalTensor<T> x = inX_.AllocTensor<T>();
            DataCopyPad(x, xGm_[done], copy, pad);
            inX_.EnQue(x);
            x = inX_.DeQue<T>();
            LocalTensor<T> y = out_.AllocTensor<T>();
            Muls(y, x, alpha_, count);
            if (ADD_VAR) {
                LocalTensor<T> v = inVar_.AllocTensor<T>();
                DataCopyPad(v, varGm_[done], copy, pad);
                inVar_.EnQue(v);
                v = inVar_.DeQue<T>();
                Add(y, y, v, count);
                inVar_.FreeTensor(v);
            }
            inX_.FreeTensor(x);
            out_.EnQue(y);
            y = out_.DeQue<T>();
            DataCopyPad(outGm_[done], y, copy);
            out_.FreeTensor(y);
        }
    }

private:
    TPipe pipe_;
    TQue<QuePosition::VECIN, 1> inVar_, inX_;
    TQue<QuePosition::VECOUT, 1> out_;
    GlobalTensor<T> varGm_, xGm_, outGm_;
    uint32_t length_ = 0;
    T alpha_;
};
#endif  // INPLACE_KERNEL_H
