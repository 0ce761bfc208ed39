// Cube cases on several cores: the Matmul API (host tiling, REGIST_MATMUL_OBJ, tails, bias, transposed inputs, UB
// output), a mixed kernel (matmul on the cube core, LeakyRelu on its two vector cores, cross-core flags), core ids.
#include <algorithm>

#include "cube_harness.h"
#include "cube_tiling.h"
#include "lib/matmul_intf.h"

using namespace AscendC;

namespace {

using MmHalf = Matmul<MatmulType<TPosition::GM, CubeFormat::ND, half>, MatmulType<TPosition::GM, CubeFormat::ND, half>,
                      MatmulType<TPosition::GM, CubeFormat::ND, float>, MatmulType<TPosition::GM, CubeFormat::ND, float>>;

// One core's share of C = A x B + bias, as CANN's matmul samples split it (M blocks first).
void matmul_kernel(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR flags, GM_ADDR tiling_gm) {
  TPipe pipe;
  const TCubeTiling tiling = *reinterpret_cast<const TCubeTiling*>(tiling_gm);
  const bool trans_a = flags[0] != 0, trans_b = flags[1] != 0;
  GlobalTensor<half> aG, bG;
  GlobalTensor<float> cG, biasG;
  aG.SetGlobalBuffer((__gm__ half*)a, tiling.M * tiling.Ka);
  bG.SetGlobalBuffer((__gm__ half*)b, tiling.Ka * tiling.N);
  cG.SetGlobalBuffer((__gm__ float*)c, tiling.M * tiling.N);
  biasG.SetGlobalBuffer((__gm__ float*)bias, tiling.N);
  MmHalf mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  const int idx = static_cast<int>(GetBlockIdx());
  if (idx >= tiling.usedCoreNum) return;
  const int m_blocks = (tiling.M + tiling.singleCoreM - 1) / tiling.singleCoreM;
  const int mi = idx % m_blocks, ni = idx / m_blocks;
  const int tail_m = std::min(tiling.singleCoreM, tiling.M - mi * tiling.singleCoreM);
  const int tail_n = std::min(tiling.singleCoreN, tiling.N - ni * tiling.singleCoreN);
  mm.SetTensorA(aG[trans_a ? mi * tiling.singleCoreM : mi * tiling.singleCoreM * tiling.Ka], trans_a);
  mm.SetTensorB(bG[trans_b ? ni * tiling.singleCoreN * tiling.Kb : ni * tiling.singleCoreN], trans_b);
  if (tiling.isBias) mm.SetBias(biasG[ni * tiling.singleCoreN]);
  mm.SetTail(tail_m, tail_n);
  mm.IterateAll(cG[mi * tiling.singleCoreM * tiling.N + ni * tiling.singleCoreN]);
  mm.End();
}

void run_matmul(const char* name, int m, int n, int k, int dim, bool bias, bool ta, bool tb) {
  TCubeTiling tiling = host_tiling(m, n, k, dim, bias, ta, tb);
  std::vector<half> a = pattern<half>(size_t(m) * k, 7, 11, 4), b = pattern<half>(size_t(k) * n, 5, 13, 4);
  std::vector<float> bv = pattern<float>(n, 3, 7, 2), c(size_t(m) * n, -1.0f);
  std::vector<uint8_t> flags{uint8_t(ta), uint8_t(tb)};
  opkit::sim::Launch launch{name, "Ascend910B2", (tiling.usedCoreNum + 1) / 2};
  launch.set_kernel_type(KERNEL_TYPE_MIX_AIC_1_2);
  launch.register_gm(a.data(), a.size() * 2, "a").register_gm(b.data(), b.size() * 2, "b");
  launch.register_gm(bv.data(), bv.size() * 4, "bias").register_gm(c.data(), c.size() * 4, "c");
  launch.register_gm(flags.data(), flags.size(), "flags").register_gm(&tiling, sizeof(tiling), "tiling");
  launch.run(matmul_kernel, (GM_ADDR)a.data(), (GM_ADDR)b.data(), (GM_ADDR)bv.data(), (GM_ADDR)c.data(),
             (GM_ADDR)flags.data(), (GM_ADDR)&tiling);
  const std::string s(name);
  save((s + "_a").c_str(), a);
  save((s + "_b").c_str(), b);
  save((s + "_bias").c_str(), bv);
  save((s + "_c").c_str(), c);
}

// The mixed kernel: the cube core of each block computes its 32 rows of C into a GM workspace and sets flag 3 (mode
// 2); each of its vector cores waits, applies LeakyRelu to its 16 rows and writes them out.
constexpr int kRows = 32, kK = 48, kN = 32;
void mixed_kernel(GM_ADDR a, GM_ADDR b, GM_ADDR ws, GM_ADDR out) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
  TPipe pipe;
  if ASCEND_IS_AIC {
    const int64_t blk = GetBlockIdx();
    GlobalTensor<half> aG, bG;
    GlobalTensor<float> wG;
    aG.SetGlobalBuffer((__gm__ half*)a + blk * kRows * kK, kRows * kK);
    bG.SetGlobalBuffer((__gm__ half*)b, kK * kN);
    wG.SetGlobalBuffer((__gm__ float*)ws + blk * kRows * kN, kRows * kN);
    TBuf<TPosition::A1> a1b;
    TBuf<TPosition::B1> b1b;
    TBuf<TPosition::A2> a2b;
    TBuf<TPosition::B2> b2b;
    TBuf<TPosition::CO1> cb;
    pipe.InitBuffer(a1b, kRows * kK * 2);
    pipe.InitBuffer(b1b, kK * kN * 2);
    pipe.InitBuffer(a2b, kRows * kK * 2);
    pipe.InitBuffer(b2b, kK * kN * 2);
    pipe.InitBuffer(cb, kRows * kN * 4);
    LocalTensor<half> a1 = a1b.Get<half>(), b1 = b1b.Get<half>(), a2 = a2b.Get<half>(), b2 = b2b.Get<half>();
    LocalTensor<float> c1 = cb.Get<float>();
    DataCopy(a1, aG, Nd2NzParams{1, kRows, kK, 0, kK, kRows, 1, 0});
    DataCopy(b1, bG, Nd2NzParams{1, kK, kN, 0, kN, kK, 1, 0});
    for (int i = 0; i < kRows / 16; ++i) {
      LoadData(a2[i * kK * 16], a1[i * 256], LoadData2DParams{0, kK / 16, kRows / 16, 0, 0, false, 0});
    }
    for (int i = 0; i < kK / 16; ++i) {
      LoadData(b2[i * kN * 16], b1[i * 256], LoadData2DParams{0, kN / 16, kK / 16, 0, 0, true, 0});
    }
    Mmad(c1, a2, b2, MmadParams{kRows, kN, kK, 0, false, true});
    Fixpipe(wG, c1, FixpipeParamsV220{kN, kRows, kRows, kN, false});
    CrossCoreSetFlag<2, PIPE_FIX>(3);
  }
  if ASCEND_IS_AIV {
    const int64_t row0 = GetBlockIdx() * (kRows / 2);  // vector core 2b + s takes rows [16 * (2b + s), +16)
    GlobalTensor<float> wG, oG;
    wG.SetGlobalBuffer((__gm__ float*)ws + row0 * kN, kRows / 2 * kN);
    oG.SetGlobalBuffer((__gm__ float*)out + row0 * kN, kRows / 2 * kN);
    TQue<TPosition::VECIN, 1> qin;
    TQue<TPosition::VECOUT, 1> qout;
    pipe.InitBuffer(qin, 1, kRows / 2 * kN * 4);
    pipe.InitBuffer(qout, 1, kRows / 2 * kN * 4);
    CrossCoreWaitFlag(3);
    LocalTensor<float> x = qin.AllocTensor<float>();
    DataCopy(x, wG, kRows / 2 * kN);
    qin.EnQue(x);
    x = qin.DeQue<float>();
    LocalTensor<float> y = qout.AllocTensor<float>();
    LeakyRelu(y, x, 0.1f, kRows / 2 * kN);
    qin.FreeTensor(x);
    qout.EnQue(y);
    y = qout.DeQue<float>();
    DataCopy(oG, y, kRows / 2 * kN);
    qout.FreeTensor(y);
  }
}

}  // namespace

CASE(matmul_api_bias_tails) { run_matmul("matmul_api_bias_tails", 100, 200, 70, 8, true, false, false); }
CASE(matmul_api_transposed) { run_matmul("matmul_api_transposed", 64, 96, 40, 4, false, true, true); }

CASE(mixed_leakyrelu) {
  const int blocks = 3;
  std::vector<half> a = pattern<half>(size_t(blocks) * kRows * kK, 7, 11, 4), b = pattern<half>(kK * kN, 5, 13, 4);
  std::vector<float> ws(size_t(blocks) * kRows * kN), out(ws.size());
  opkit::sim::Launch launch{"mixed_kernel", "Ascend910B2", blocks};  // its declared type, by name
  launch.register_gm(a.data(), a.size() * 2, "a").register_gm(b.data(), b.size() * 2, "b");
  launch.register_gm(ws.data(), ws.size() * 4, "workspace").register_gm(out.data(), out.size() * 4, "out");
  launch.run(mixed_kernel, (GM_ADDR)a.data(), (GM_ADDR)b.data(), (GM_ADDR)ws.data(), (GM_ADDR)out.data());
  save("mixed_leakyrelu_a", a);
  save("mixed_leakyrelu_b", b);
  save("mixed_leakyrelu_c", out);
}

// Which core each runner is: a MIX_AIC_1_2 launch of 3 blocks runs 3 cube and 6 vector cores with CANN's ids.
CASE(mix_core_ids) {
  std::vector<int32_t> seen(3 * 8, -1);
  opkit::sim::Launch launch{"ids", "Ascend910B2", 3};
  launch.set_kernel_type(KERNEL_TYPE_MIX_AIC_1_2);
  launch.register_gm(seen.data(), seen.size() * 4, "seen");
  launch.run([](GM_ADDR p) {
    int32_t* s = reinterpret_cast<int32_t*>(p);
    const int64_t slot = ASCEND_IS_AIC ? 18 + GetBlockIdx() * 2 : GetBlockIdx() * 3;
    s[slot] = int32_t(GetBlockIdx());
    if ASCEND_IS_AIV {
      s[slot + 1] = int32_t(GetSubBlockIdx());
      s[slot + 2] = int32_t(GetSubBlockNum());
      SyncAll();  // the vector cores' barrier: all 6 arrive
    } else {
      s[slot + 1] = int32_t(GetSubBlockNum());
    }
  }, (GM_ADDR)seen.data());
  for (int v = 0; v < 6; ++v) {
    expect(seen[v * 3] == v && seen[v * 3 + 1] == v % 2 && seen[v * 3 + 2] == 2, "vector core ids");
  }
  for (int c = 0; c < 3; ++c) expect(seen[18 + c * 2] == c && seen[18 + c * 2 + 1] == 1, "cube core ids");
}
