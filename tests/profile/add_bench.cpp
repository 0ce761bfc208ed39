// Half-precision add in the style of CANN's add best-practice sample, for `opkit profile`'s calibration and property
// tests: a kernel-launch program (GmAlloc + ICPU_RUN_KF) that profiles when OPKIT_PROFILE names a file.
//   add_bench TOTAL BLOCK_DIM TILE BUFFER_NUM [GM_OFFSET_ELEMS] [MODE]
// Each core takes whole tiles of TILE elements (the tiles split as evenly as the cores allow), copies x and y in,
// adds, copies z out, through queues of BUFFER_NUM buffers. GM_OFFSET_ELEMS shifts every tensor's start (a
// misaligned copy). MODE "vector" (default) adds with one Add per tile; "scalar" adds element by element with
// GetValue/SetValue (what a kernel without vector instructions does).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "kernel_operator.h"

using namespace AscendC;

struct AddBenchTiling {
    uint32_t totalTiles;
    uint32_t tileLength;
    uint32_t bufferNum;
    uint32_t scalar;
};

class KernelAddBench {
public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, const AddBenchTiling& t)
    {
        tileLength_ = t.tileLength;
        scalar_ = t.scalar != 0;
        const uint32_t cores = static_cast<uint32_t>(GetBlockNum());
        const uint32_t core = static_cast<uint32_t>(GetBlockIdx());
        const uint32_t base = t.totalTiles / cores;
        const uint32_t extra = t.totalTiles % cores;
        tiles_ = base + (core < extra ? 1 : 0);
        const uint64_t first = uint64_t(core) * base + (core < extra ? core : extra);
        const uint64_t start = first * tileLength_;
        xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(x) + start, uint64_t(tiles_) * tileLength_);
        yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(y) + start, uint64_t(tiles_) * tileLength_);
        zGm_.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(z) + start, uint64_t(tiles_) * tileLength_);
        pipe_.InitBuffer(inQueueX_, t.bufferNum, tileLength_ * sizeof(half));
        pipe_.InitBuffer(inQueueY_, t.bufferNum, tileLength_ * sizeof(half));
        pipe_.InitBuffer(outQueueZ_, t.bufferNum, tileLength_ * sizeof(half));
    }

    __aicore__ inline void Process()
    {
        for (uint32_t i = 0; i < tiles_; ++i) {
            CopyIn(i);
            Compute();
            CopyOut(i);
        }
    }

private:
    __aicore__ inline void CopyIn(uint32_t i)
    {
        LocalTensor<half> xLocal = inQueueX_.AllocTensor<half>();
        LocalTensor<half> yLocal = inQueueY_.AllocTensor<half>();
        DataCopy(xLocal, xGm_[uint64_t(i) * tileLength_], tileLength_);
        DataCopy(yLocal, yGm_[uint64_t(i) * tileLength_], tileLength_);
        inQueueX_.EnQue(xLocal);
        inQueueY_.EnQue(yLocal);
    }

    __aicore__ inline void Compute()
    {
        LocalTensor<half> xLocal = inQueueX_.DeQue<half>();
        LocalTensor<half> yLocal = inQueueY_.DeQue<half>();
        LocalTensor<half> zLocal = outQueueZ_.AllocTensor<half>();
        if (scalar_) {
            for (uint32_t j = 0; j < tileLength_; ++j) {
                zLocal.SetValue(j, static_cast<half>(static_cast<float>(xLocal.GetValue(j)) +
                                                     static_cast<float>(yLocal.GetValue(j))));
            }
        } else {
            Add(zLocal, xLocal, yLocal, tileLength_);
        }
        outQueueZ_.EnQue<half>(zLocal);
        inQueueX_.FreeTensor(xLocal);
        inQueueY_.FreeTensor(yLocal);
    }

    __aicore__ inline void CopyOut(uint32_t i)
    {
        LocalTensor<half> zLocal = outQueueZ_.DeQue<half>();
        DataCopy(zGm_[uint64_t(i) * tileLength_], zLocal, tileLength_);
        outQueueZ_.FreeTensor(zLocal);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, 2> inQueueX_;
    TQue<QuePosition::VECIN, 2> inQueueY_;
    TQue<QuePosition::VECOUT, 2> outQueueZ_;
    GlobalTensor<half> xGm_;
    GlobalTensor<half> yGm_;
    GlobalTensor<half> zGm_;
    uint32_t tileLength_ = 0;
    uint32_t tiles_ = 0;
    bool scalar_ = false;
};

extern "C" __global__ __aicore__ void add_bench(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR tiling)
{
    AddBenchTiling t;
    std::memcpy(&t, tiling, sizeof(t));
    KernelAddBench op;
    op.Init(x, y, z, t);
    op.Process();
}

int main(int argc, char** argv)
{
    if (argc < 5) {
        std::fprintf(stderr, "usage: add_bench TOTAL BLOCK_DIM TILE BUFFER_NUM [GM_OFFSET_ELEMS] [vector|scalar]\n");
        return 2;
    }
    const uint64_t total = std::strtoull(argv[1], nullptr, 10);
    const uint32_t blockDim = static_cast<uint32_t>(std::strtoul(argv[2], nullptr, 10));
    const uint32_t tile = static_cast<uint32_t>(std::strtoul(argv[3], nullptr, 10));
    const uint32_t bufferNum = static_cast<uint32_t>(std::strtoul(argv[4], nullptr, 10));
    const uint64_t shift = argc > 5 ? std::strtoull(argv[5], nullptr, 10) : 0;
    const bool scalar = argc > 6 && std::strcmp(argv[6], "scalar") == 0;
    const size_t bytes = (total + shift) * sizeof(half);
    auto* x = static_cast<uint8_t*>(AscendC::GmAlloc(bytes));
    auto* y = static_cast<uint8_t*>(AscendC::GmAlloc(bytes));
    auto* z = static_cast<uint8_t*>(AscendC::GmAlloc(bytes));
    auto* tiling = static_cast<uint8_t*>(AscendC::GmAlloc(sizeof(AddBenchTiling)));
    const AddBenchTiling t{static_cast<uint32_t>(total / tile), tile, bufferNum, scalar ? 1u : 0u};
    std::memcpy(tiling, &t, sizeof(t));
    AscendC::SetKernelMode(KernelMode::AIV_MODE);
    uint8_t* xs = x + shift * sizeof(half);
    uint8_t* ys = y + shift * sizeof(half);
    uint8_t* zs = z + shift * sizeof(half);
    const auto start = std::chrono::steady_clock::now();
    ICPU_RUN_KF(add_bench, blockDim, xs, ys, zs, tiling);
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    std::printf("launch_s=%.6f\n", took.count());  // what benchmarks/bench_profile.py compares
    AscendC::GmFree(x);
    AscendC::GmFree(y);
    AscendC::GmFree(z);
    AscendC::GmFree(tiling);
    return 0;
}
