// The core's system APIs on the 910B: CheckLocalMemoryIA's UB exception, InitSocState's reset, the cache and
// ICache calls, task markers, GetProgramCounter, SetSysWorkSpacePtr (each case a `core_behaviour` case).
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "core_harness.h"
#include "kernel_operator.h"

using namespace AscendC;

namespace {

void check(bool ok, const std::string& what) {
  if (!ok) throw std::runtime_error(what);
}

// Runs `kernel(x, y)` on one block of a 910B over x[i] = i and y (zeroed); the fault's text, "" when none.
template <typename Kernel>
std::string run_xy(std::vector<float>& x, std::vector<float>& y, Kernel kernel) {
  for (size_t i = 0; i < x.size(); ++i) x[i] = float(i);
  opkit::sim::Launch launch{"sys", "Ascend910B2", 1};
  launch.register_gm(x.data(), x.size() * 4, "x").register_gm(y.data(), y.size() * 4, "y");
  try {
    launch.run(kernel, reinterpret_cast<GM_ADDR>(x.data()), reinterpret_cast<GM_ADDR>(y.data()));
  } catch (const opkit::sim::KernelFault& f) {
    return f.what();
  }
  return "";
}

void expect_fault(const std::string& got, const std::string& part) {
  check(got.find(part) != std::string::npos, "expected a fault with \"" + part + "\", got \"" + got + "\"");
}

GlobalTensor<float> gm(GM_ADDR p, uint64_t n) {
  GlobalTensor<float> g;
  g.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(p), n);
  return g;
}

// UB bytes [0, 1024) as 4 tensors of 64 floats (256 B = 8 units of 32 B each): t[k] covers units 8k .. 8k + 7.
struct Quarters {
  TPipe pipe;
  TBuf<TPosition::VECCALC> b;
  LocalTensor<float> t[4];
  Quarters() {
    pipe.InitBuffer(b, 1024);
    LocalTensor<float> all = b.Get<float>();
    for (int k = 0; k < 4; ++k) t[k] = all[64 * k];
  }
};

// Register 1 checks vector writes to units (8, 16]: t[1] except its first unit, and t[2]'s first unit.
CheckLocalMemoryIAParam vector_writes(bool on) { return {1, 8, 16, false, false, false, true, false, false, on}; }

}  // namespace

CASE(local_memory_ia_vector_write) {
  std::vector<float> x(64), y(64);
  // Reads of the range, writes outside it, and the same writes once the register is cleared: no exception.
  std::string got = run_xy(x, y, [](GM_ADDR px, GM_ADDR py) {
    Quarters q;
    CheckLocalMemoryIA(vector_writes(true));
    DataCopy(q.t[1], gm(px, 64), 64);  // an MTE write: not checked
    Adds(q.t[0], q.t[1], 1.0f, 64);    // a vector read of the range, a write outside it
    Adds(q.t[3], q.t[0], 1.0f, 64);
    check(q.t[1].GetValue(5) == 5.0f, "scalar reads are not checked");
    CheckLocalMemoryIA(vector_writes(false));
    Adds(q.t[1], q.t[3], 1.0f, 64);  // cleared: no longer checked
    DataCopy(gm(py, 64), q.t[1], 64);
  });
  check(got.empty(), "no exception expected: " + got);
  check(y[0] == 3.0f && y[63] == 66.0f, "values through the unchecked calls");
  // The checked range excludes its start unit and includes its end unit.
  got = run_xy(x, y, [](GM_ADDR, GM_ADDR) {
    Quarters q;
    CheckLocalMemoryIA(vector_writes(true));
    Duplicate(q.t[1], 0.0f, 8);  // unit 8 only: the excluded start
    Duplicate(q.t[2], 0.0f, 8);  // unit 16: the included end
  });
  expect_fault(got, "CheckLocalMemoryIA register 1): a vector write of UB bytes [512, 544)");
}

CASE(local_memory_ia_kinds) {
  std::vector<float> x(64), y(64);
  // Register 3 checks MTE writes and scalar reads of t[2]'s units (15, 23].
  auto arm = [] { CheckLocalMemoryIA({3, 15, 23, true, false, false, false, false, true, true}); };
  std::string got = run_xy(x, y, [&](GM_ADDR px, GM_ADDR) {
    Quarters q;
    arm();
    DataCopy(q.t[2], gm(px, 64), 64);
  });
  expect_fault(got, "a MTE write of UB bytes [512, 768)");
  got = run_xy(x, y, [&](GM_ADDR, GM_ADDR) {
    Quarters q;
    arm();
    q.t[2].SetValue(3, 1.0f);  // scalar writes are not checked
    (void)q.t[2].GetValue(3);
  });
  expect_fault(got, "a scalar read of UB bytes [524, 528)");
  got = run_xy(x, y, [](GM_ADDR, GM_ADDR) { CheckLocalMemoryIA({4, 0, 8, true, true, true, true, true, true, true}); });
  expect_fault(got, "enableBit 4 is not in [0, 3]");
  // A new block starts with the registers clear.
  got = run_xy(x, y, [](GM_ADDR, GM_ADDR) {
    Quarters q;
    Duplicate(q.t[2], 0.0f, 64);
  });
  check(got.empty(), "registers are per block: " + got);
}

CASE(init_soc_state_resets) {
  std::vector<float> x(64), y(64, 100.0f);
  std::string got = run_xy(x, y, [](GM_ADDR px, GM_ADDR py) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 512);
    LocalTensor<float> t = b.Get<float>(64);
    DataCopy(t, gm(px, 64), 64);
    SetAtomicAdd<float>();
    AscendCUtils::SetMaskCount<float>();
    SetVectorMask<float>(0x0, 5);
    InitSocState();  // no DMA atomic, normal mask mode, all mask bits set
    Adds<float, false>(t, t, 1.0f, MASK_PLACEHOLDER, 1, UnaryRepeatParams());
    DataCopy(gm(py, 64), t, 64);
  });
  check(got.empty(), got);
  check(y[0] == 1.0f && y[5] == 6.0f && y[63] == 64.0f, "mask: all 64 floats, store: no atomic add");
}

CASE(cache_and_task_calls) {
  std::vector<float> x(64), y(64);
  std::string got = run_xy(x, y, [](GM_ADDR px, GM_ADDR py) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 512);
    LocalTensor<float> t = b.Get<float>(64);
    GlobalTensor<float> g = gm(px, 64);
    // A scalar store to GM, cleaned out of the data cache, is what the next DMA reads; likewise in UB.
    g.SetValue(3, -7.0f);
    DataCacheCleanAndInvalid<float, CacheLine::SINGLE_CACHE_LINE, DcciDst::CACHELINE_OUT>(g);
    DataCacheCleanAndInvalid<float, CacheLine::ENTIRE_DATA_CACHE>(g);
    DataCopy(t, g, 64);
    t.SetValue(4, -8.0f);
    DataCacheCleanAndInvalid<float, CacheLine::SINGLE_CACHE_LINE, DcciDst::CACHELINE_UB>(t);
    GlobalTensor<uint64_t> words;
    words.SetGlobalBuffer(reinterpret_cast<__gm__ uint64_t*>(px), 32);
    DataCachePreload(words, int64_t(64));
    DataCachePreload(words, int16_t(0));
    ICachePreLoad(7);  // < 16 KB / 2 KB on a vector core
    check(GetICachePreloadStatus() == 0, "the preload is complete");
    SetNextTaskStart();
    WaitPreTaskEnd();
    MetricsProfStart();
    Muls(t, t, 2.0f, 64);
    Nop<10>();
    MetricsProfStop();
    const int64_t pc1 = GetProgramCounter();
    const int64_t pc2 = GetProgramCounter();
    check(pc1 != 0 && pc2 != 0 && pc1 != pc2, "two call sites, two program counters");
    DataCopy(gm(py, 64), t, 64);
  });
  check(got.empty(), got);
  check(y[3] == -14.0f && y[4] == -16.0f && y[5] == 10.0f, "values through the cache calls");
  expect_fault(run_xy(x, y, [](GM_ADDR px, GM_ADDR) {
                 GlobalTensor<uint64_t> words;
                 words.SetGlobalBuffer(reinterpret_cast<__gm__ uint64_t*>(px), 32);
                 DataCachePreload(words, 64);  // an int
               }),
               "[DataCachePreload] cacheOffset must be an int16_t or int64_t byte offset");
  expect_fault(run_xy(x, y, [](GM_ADDR, GM_ADDR) { ICachePreLoad(8); }),
               "preFetchLen 8 (2 KB units) must lie in [0, 8): the AIV's ICache holds 16 KB");
  expect_fault(run_xy(x, y, [](GM_ADDR, GM_ADDR) {
                 WaitPreTaskEnd();
                 WaitPreTaskEnd();
               }),
               "[WaitPreTaskEnd] called a second time on this core");
  expect_fault(run_xy(x, y, [](GM_ADDR, GM_ADDR) {
                 SetNextTaskStart();
                 SetNextTaskStart<PIPE_MTE3, PIPE_FIX, true>();
               }),
               "[SetNextTaskStart] called a second time on this core");
}

CASE(sys_workspace_ptr) {
  std::vector<float> x(64), y(64);
  std::string got = run_xy(x, y, [](GM_ADDR px, GM_ADDR py) {
    SetSysWorkSpacePtr(px);
    check(GetSysWorkSpacePtr() == px, "GetSysWorkSpacePtr returns what SetSysWorkSpacePtr set");
    SetSysWorkSpacePtr(py);
    check(GetSysWorkSpacePtr() == py, "and the latest one");
  });
  check(got.empty(), got);
}

// CANN's deprecated Gemm/Conv2D planners (called inside a kernel, as CANN's Gemm samples do): K tiles that fill half
// of L0A/L0B (64 KB each), M and N in one iteration.
CASE(gemm_conv2d_tilings) {
  std::vector<float> x(8), y(8);
  std::string got = run_xy(x, y, [](GM_ADDR, GM_ADDR) {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    // half 40 x 100 x 70: rounded 48, 112, 80; K tile min(32768 / (48 x 2), 32768 / (80 x 2), 100) = 100 -> 6 rows
    // of 16; 7 K blocks in 2 iterations, the last 1; 100 % 96 = 4 tail elements; M 40 is not 3 whole blocks.
    GemmTiling g = GetGemmTiling<half>(40, 100, 70);
    check(g.c0Size == 16 && g.dtypeSize == 2 && g.roundM == 48 && g.roundK == 112 && g.roundN == 80, "gemm rounding");
    check(g.kTileBlock == 6 && g.kBlockNum == 7 && g.kIterNum == 2 && g.kTailBlock == 1 && g.kHasTail, "gemm K tiles");
    check(g.kHasTailEle && g.kTailEle == 4 && g.mBlockNum == 3 && g.mTileBlock == 3 && g.mHasTail, "gemm K/M tails");
    check(g.nBlockNum == 5 && g.nTileBlock == 5 && g.nTailBlock == 5 && !g.nHasTail && g.mIterNum == 1, "gemm N");
    GemmTiling i8 = GetGemmTiling<int8_t>(32, 64, 32);  // c0 32: one K iteration of 2 blocks, no tails
    check(i8.c0Size == 32 && i8.dtypeSize == 1 && i8.kTileBlock == 2 && i8.kIterNum == 1 && !i8.kHasTail &&
          !i8.kHasTailEle && i8.kTailEle == 0 && !i8.mHasTail, "gemm int8");
    // half 8 x 8 image, 3 x 3 kernel, stride 1, pad 1: 8 x 8 out, M 64, N 20, K 32 x 9 = 288; K tile
    // min(32768 / (64 x 2), 32768 / (32 x 2), 288) = 256 -> 16 blocks; 18 K blocks in 2 iterations.
    const uint32_t img[2] = {8, 8}, kernel[2] = {3, 3}, stride[2] = {1, 1}, pad[4] = {1, 1, 1, 1}, dil[2] = {1, 1};
    Conv2dParams p(img, kernel, stride, 32, 20, pad, dil, 0, false);
    Conv2dTilling c = GetConv2dTiling<half>(p);
    check(c.ho == 8 && c.wo == 8 && c.howo == 64 && c.mNum == 64 && c.nNum == 20 && c.kNum == 288, "conv2d shape");
    check(c.kTileBlock == 16 && c.kBlockNum == 18 && c.kIterNum == 2 && c.kTailBlock == 2 && c.kHasTail, "conv2d K");
    check(c.mTileNums == 64 && !c.mHasTail && c.mTailNums == 64 && c.nTileBlock == 2 && !c.nHasTail, "conv2d M/N");
    // 9 x 7 image, 3 x 2 kernel, stride 2, pads left 0 right 1 top 1 bottom 0, dilation (1, 2): 4 x 3 out.
    const uint32_t img2[2] = {9, 7}, kernel2[2] = {3, 2}, stride2[2] = {2, 2}, pad2[4] = {0, 1, 1, 0};
    const uint32_t dil2[2] = {1, 2};
    Conv2dParams q(img2, kernel2, stride2, 16, 16, pad2, dil2, 0, false);
    Conv2dTilling d = GetConv2dTiling<int8_t>(q);
    check(d.ho == 4 && d.wo == 3 && d.c0Size == 32 && d.dTypeSize == 1 && d.mHasTail && d.mTailNums == 12,
          "conv2d strided, dilated, padded");
#pragma GCC diagnostic pop
  });
  check(got.empty(), got);
  expect_fault(run_xy(x, y, [](GM_ADDR, GM_ADDR) {
                 Conv2dParams none;  // all zeros: a stride of 0 would divide by zero
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
                 (void)GetConv2dTiling<half>(none);
#pragma GCC diagnostic pop
               }),
               "[GetConv2dTiling] stride, dilation and kernelShape must be at least 1");
}
