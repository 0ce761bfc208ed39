// Memory-behaviour cases for `opkit profile`'s property tests: a kernel-launch program (GmAlloc + ICPU_RUN_KF).
//   memory_bench bank SRC1_OFFSET DST_OFFSET       one core: 200 float Adds of 64 repeats, src0 at UB offset 0 and
//                                                  src1/dst at the given byte offsets (bank layout of the A2's UB)
//   memory_bench reread BYTES PASSES BLOCK_DIM     each core reads its BYTES of GM PASSES times (16 KiB copies);
//   memory_bench cold BYTES PASSES BLOCK_DIM       the same bytes, but every pass reads new data
//   memory_bench inflight COPIES_PER_WAIT TOTAL    one core reads TOTAL 4 KiB copies, waiting for MTE2 (a flag)
//                                                  after every COPIES_PER_WAIT of them
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "kernel_operator.h"

using namespace AscendC;

struct MemTiling {
    uint32_t mode;  // 0 bank, 1 reread, 2 cold, 3 inflight
    uint32_t a;
    uint32_t b;
    uint32_t c;
};

constexpr uint32_t kCopy = 16 * 1024;  // bytes per GM copy in reread/cold

extern "C" __global__ __aicore__ void memory_bench(GM_ADDR src, GM_ADDR tiling)
{
    MemTiling t;
    std::memcpy(&t, tiling, sizeof(t));
    TPipe pipe;
    TBuf<TPosition::VECCALC> ub;
    pipe.InitBuffer(ub, 160 * 1024);
    LocalTensor<float> all = ub.Get<float>();
    GlobalTensor<float> gm;
    const uint32_t core = static_cast<uint32_t>(GetBlockIdx());
    if (t.mode == 0) {
        LocalTensor<float> x = all;
        LocalTensor<float> y = all[t.a / sizeof(float)];
        LocalTensor<float> z = all[t.b / sizeof(float)];
        for (int i = 0; i < 200; ++i) Add(z, x, y, 4096);
        return;
    }
    if (t.mode == 1 || t.mode == 2) {
        const uint64_t perCore = t.a;
        const uint64_t span = t.mode == 1 ? perCore : perCore * t.b;
        gm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(src) + core * span / sizeof(float), span / sizeof(float));
        for (uint32_t pass = 0; pass < t.b; ++pass) {
            const uint64_t base = t.mode == 1 ? 0 : pass * perCore;
            for (uint64_t off = 0; off < perCore; off += kCopy) {
                DataCopy(all, gm[(base + off) / sizeof(float)], kCopy / sizeof(float));
            }
            SetFlag<HardEvent::MTE2_S>(EVENT_ID0);
            WaitFlag<HardEvent::MTE2_S>(EVENT_ID0);
        }
        return;
    }
    gm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(src), uint64_t(t.b) * 1024);
    for (uint32_t i = 0; i < t.b; ++i) {
        DataCopy(all[(i % 8) * 1024], gm[uint64_t(i) * 1024], 1024);
        if ((i + 1) % t.a == 0) {
            SetFlag<HardEvent::MTE2_S>(EVENT_ID0);
            WaitFlag<HardEvent::MTE2_S>(EVENT_ID0);
        }
    }
}

int main(int argc, char** argv)
{
    if (argc < 4) {
        std::fprintf(stderr, "usage: memory_bench bank|reread|cold|inflight A B [BLOCK_DIM]\n");
        return 2;
    }
    const char* modes[] = {"bank", "reread", "cold", "inflight"};
    uint32_t mode = 4;
    for (uint32_t m = 0; m < 4; ++m) {
        if (std::strcmp(argv[1], modes[m]) == 0) mode = m;
    }
    if (mode == 4) {
        std::fprintf(stderr, "memory_bench: unknown mode '%s'\n", argv[1]);
        return 2;
    }
    const MemTiling t{mode, static_cast<uint32_t>(std::strtoul(argv[2], nullptr, 10)),
                      static_cast<uint32_t>(std::strtoul(argv[3], nullptr, 10)), 0};
    const uint32_t blockDim = argc > 4 ? static_cast<uint32_t>(std::strtoul(argv[4], nullptr, 10)) : 1;
    size_t bytes = 4096;
    if (mode == 1) bytes = size_t(t.a) * blockDim;
    if (mode == 2) bytes = size_t(t.a) * t.b * blockDim;
    if (mode == 3) bytes = size_t(t.b) * 4096;
    auto* src = static_cast<uint8_t*>(AscendC::GmAlloc(bytes));
    auto* tiling = static_cast<uint8_t*>(AscendC::GmAlloc(sizeof(MemTiling)));
    std::memset(src, 0, bytes);
    std::memcpy(tiling, &t, sizeof(t));
    AscendC::SetKernelMode(KernelMode::AIV_MODE);
    ICPU_RUN_KF(memory_bench, blockDim, src, tiling);
    AscendC::GmFree(src);
    AscendC::GmFree(tiling);
    return 0;
}
