// A cube kernel in the style of CANN's matmul basic-API samples, for `opkit profile`'s cube-pipe tests: a
// kernel-launch program that profiles when OPKIT_PROFILE names a file.
//   cube_bench MODE M K N [BLOCKS]
// Each block computes C (M x N float) = A (M x K half, ND) x B (K x N, given as its N x K transpose, ND), K in tiles
// of 256: DataCopy Nd2Nz of both tiles into L1 (MTE2, double-buffered queues), LoadData into L0A/L0B (MTE1), Mmad
// accumulating in L0C (M), flags MTE1_M / M_MTE1 between them, then one Fixpipe of C to GM (FIX) after M_FIX.
// MODE "aic": KERNEL_TYPE_AIC_ONLY. "mix": MIX_AIC_1_2, the cube core as above and each of the two vector cores
// adding two 8192-half vectors after the cube core's CrossCoreSetFlag. "vec": AIV-only, the vector add alone. "api":
// the same C = A x B (B given K x N) through the Matmul API (MIX_AIC_1_2, CANN's host tiling over BLOCKS x 2 vector
// cores, IterateAll on each vector core's share).
// Prints the largest |C - A x B| (0 for "vec") so that a test can tell the kernel computed.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "lib/matmul_intf.h"
#include "tiling/tiling_api.h"

using namespace AscendC;

namespace {

constexpr uint32_t kTileK = 256, kVec = 8192;  // K tiles of 512-byte rows: every tile's copies alike

struct MmShape {
  uint32_t m, k, n;
};

uint16_t up16(uint32_t v) { return uint16_t((v + 15) / 16 * 16); }

void cube_part(GM_ADDR a, GM_ADDR b, GM_ADDR c, MmShape s) {
  const uint16_t mp = up16(s.m), np = up16(s.n);
  const uint32_t c0 = 16, k1 = kTileK / c0, m1 = mp / 16, n1 = np / 16, frac = 256;
  const uint32_t block = GetBlockIdx();
  GlobalTensor<half> aG, bG;
  GlobalTensor<float> cG;
  aG.SetGlobalBuffer((__gm__ half*)a, uint64_t(s.m) * s.k);
  bG.SetGlobalBuffer((__gm__ half*)b, uint64_t(s.n) * s.k);
  cG.SetGlobalBuffer((__gm__ float*)c + uint64_t(block) * s.m * s.n, uint64_t(s.m) * s.n);
  TPipe pipe;
  TQue<TPosition::A1, 1> qa1;
  TQue<TPosition::B1, 1> qb1;
  TBuf<TPosition::A2> a2buf;
  TBuf<TPosition::B2> b2buf;
  TBuf<TPosition::CO1> cbuf;
  pipe.InitBuffer(qa1, 2, mp * kTileK * sizeof(half));
  pipe.InitBuffer(qb1, 2, np * kTileK * sizeof(half));
  pipe.InitBuffer(a2buf, mp * kTileK * sizeof(half));
  pipe.InitBuffer(b2buf, np * kTileK * sizeof(half));
  pipe.InitBuffer(cbuf, mp * np * sizeof(float));
  LocalTensor<half> a2 = a2buf.Get<half>(), b2 = b2buf.Get<half>();
  LocalTensor<float> c1 = cbuf.Get<float>();
  for (uint32_t k0 = 0; k0 < s.k; k0 += kTileK) {
    LocalTensor<half> a1 = qa1.AllocTensor<half>(), b1 = qb1.AllocTensor<half>();
    DataCopy(a1, aG[k0], Nd2NzParams{1, uint16_t(s.m), uint16_t(kTileK), 0, uint16_t(s.k), mp, 1, 0});
    DataCopy(b1, bG[k0], Nd2NzParams{1, uint16_t(s.n), uint16_t(kTileK), 0, uint16_t(s.k), np, 1, 0});
    qa1.EnQue(a1);
    qb1.EnQue(b1);
    a1 = qa1.DeQue<half>();
    b1 = qb1.DeQue<half>();
    if (k0 > 0) WaitFlag<HardEvent::M_MTE1>(0);  // the last Mmad read L0A/L0B
    for (uint32_t i = 0; i < m1; ++i) {  // NZ column blocks of A -> L0A's row-block-major order
      LoadData(a2[i * k1 * frac], a1[i * frac], LoadData2DParams{0, uint8_t(k1), uint16_t(m1), 0, 0, false, 0});
    }
    LoadData(b2, b1, LoadData2DParams{0, uint8_t(k1 * n1), 1, 0, 0, false, 0});
    qa1.FreeTensor(a1);
    qb1.FreeTensor(b1);
    SetFlag<HardEvent::MTE1_M>(0);
    WaitFlag<HardEvent::MTE1_M>(0);
    Mmad(c1, a2, b2, MmadParams{uint16_t(s.m), uint16_t(s.n), uint16_t(kTileK), 0, false, k0 == 0});
    if (k0 + kTileK < s.k) SetFlag<HardEvent::M_MTE1>(0);
  }
  SetFlag<HardEvent::M_FIX>(0);
  WaitFlag<HardEvent::M_FIX>(0);
  Fixpipe(cG, c1, FixpipeParamsV220{uint16_t(s.n), uint16_t(s.m), mp, s.n, false, NoQuant, 0, 1, 0, 0, 0});
}

void vec_part(GM_ADDR x, GM_ADDR z) {
  GlobalTensor<half> xG, zG;
  xG.SetGlobalBuffer((__gm__ half*)x, kVec);
  zG.SetGlobalBuffer((__gm__ half*)z + uint64_t(GetBlockIdx()) * kVec, kVec);
  TPipe pipe;
  TQue<TPosition::VECIN, 1> qx;
  TQue<TPosition::VECOUT, 1> qz;
  pipe.InitBuffer(qx, 1, kVec * sizeof(half));
  pipe.InitBuffer(qz, 1, kVec * sizeof(half));
  LocalTensor<half> xl = qx.AllocTensor<half>();
  DataCopy(xl, xG, kVec);
  qx.EnQue(xl);
  xl = qx.DeQue<half>();
  LocalTensor<half> zl = qz.AllocTensor<half>();
  Add(zl, xl, xl, kVec);
  qz.EnQue(zl);
  qx.FreeTensor(xl);
  zl = qz.DeQue<half>();
  DataCopy(zG, zl, kVec);
  qz.FreeTensor(zl);
}

void aic_kernel(GM_ADDR a, GM_ADDR b, GM_ADDR c, MmShape s) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
  cube_part(a, b, c, s);
}

void mix_kernel(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR x, GM_ADDR z, MmShape s) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
  if ASCEND_IS_AIC {
    cube_part(a, b, c, s);
    CrossCoreSetFlag<2, PIPE_FIX>(3);
  }
  if ASCEND_IS_AIV {
    CrossCoreWaitFlag(3);
    vec_part(x, z);
  }
}

void vec_kernel(GM_ADDR x, GM_ADDR z) { vec_part(x, z); }

using MmHalf = Matmul<MatmulType<TPosition::GM, CubeFormat::ND, half>, MatmulType<TPosition::GM, CubeFormat::ND, half>,
                      MatmulType<TPosition::GM, CubeFormat::ND, float>>;

void api_kernel(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR tiling_gm) {
  TPipe pipe;
  const TCubeTiling tiling = *reinterpret_cast<const TCubeTiling*>(tiling_gm);
  GlobalTensor<half> aG, bG;
  GlobalTensor<float> cG;
  aG.SetGlobalBuffer((__gm__ half*)a, tiling.M * tiling.Ka);
  bG.SetGlobalBuffer((__gm__ half*)b, tiling.Ka * tiling.N);
  cG.SetGlobalBuffer((__gm__ float*)c, tiling.M * tiling.N);
  MmHalf mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  const int idx = static_cast<int>(GetBlockIdx());
  if (idx >= tiling.usedCoreNum) return;
  const int m_blocks = (tiling.M + tiling.singleCoreM - 1) / tiling.singleCoreM;
  const int mi = idx % m_blocks, ni = idx / m_blocks;
  mm.SetTensorA(aG[mi * tiling.singleCoreM * tiling.Ka]);
  mm.SetTensorB(bG[ni * tiling.singleCoreN]);
  mm.SetTail(std::min(tiling.singleCoreM, tiling.M - mi * tiling.singleCoreM),
             std::min(tiling.singleCoreN, tiling.N - ni * tiling.singleCoreN));
  mm.IterateAll(cG[mi * tiling.singleCoreM * tiling.N + ni * tiling.singleCoreN]);
  mm.End();
}

TCubeTiling host_tiling(int m, int n, int k, int dim) {
  namespace mt = matmul_tiling;
  mt::MultiCoreMatmulTiling t(*platform_ascendc::PlatformAscendCManager::GetInstance("Ascend910B2"));
  t.SetDim(dim);
  t.SetAType(mt::TPosition::GM, mt::CubeFormat::ND, mt::DataType::DT_FLOAT16);
  t.SetBType(mt::TPosition::GM, mt::CubeFormat::ND, mt::DataType::DT_FLOAT16);
  t.SetCType(mt::TPosition::GM, mt::CubeFormat::ND, mt::DataType::DT_FLOAT);
  t.SetBiasType(mt::TPosition::GM, mt::CubeFormat::ND, mt::DataType::DT_FLOAT);
  t.SetShape(m, n, k);
  t.SetOrgShape(m, n, k);
  t.SetBias(false);
  t.SetBufferSpace(-1, -1, -1);
  optiling::TCubeTiling tiling;
  if (t.GetTiling(tiling) != 0) {
    std::fprintf(stderr, "GetTiling failed\n");
    std::exit(1);
  }
  return tiling;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: cube_bench aic|mix|vec M K N [BLOCKS]\n");
    return 2;
  }
  const std::string mode = argv[1];
  const MmShape s{uint32_t(std::atoi(argv[2])), uint32_t(std::atoi(argv[3])), uint32_t(std::atoi(argv[4]))};
  int64_t blocks = argc > 5 ? std::atoll(argv[5]) : 1;
  if (s.k % kTileK != 0) {
    std::fprintf(stderr, "K must be a multiple of %u\n", kTileK);
    return 2;
  }
  std::vector<half> a(size_t(s.m) * s.k), b(size_t(s.n) * s.k), x(kVec, half(1.5f));
  for (size_t i = 0; i < a.size(); ++i) a[i] = half(float(int(i % 7) - 3) / 4);
  for (size_t i = 0; i < b.size(); ++i) b[i] = half(float(int(i % 5) - 2) / 2);
  std::vector<float> c(size_t(blocks) * s.m * s.n);
  std::vector<half> z(size_t(blocks) * 2 * kVec);
  opkit::sim::Launch launch{"cube_bench", "Ascend910B2", blocks};
  launch.register_gm(a.data(), a.size() * sizeof(half), "a").register_gm(b.data(), b.size() * sizeof(half), "b");
  launch.register_gm(c.data(), c.size() * sizeof(float), "c").register_gm(x.data(), x.size() * sizeof(half), "x");
  launch.register_gm(z.data(), z.size() * sizeof(half), "z");
  if (mode == "aic") {
    launch.set_kernel_type(KERNEL_TYPE_AIC_ONLY);
    launch.run(aic_kernel, (GM_ADDR)a.data(), (GM_ADDR)b.data(), (GM_ADDR)c.data(), s);
  } else if (mode == "mix") {
    launch.set_kernel_type(KERNEL_TYPE_MIX_AIC_1_2);
    launch.run(mix_kernel, (GM_ADDR)a.data(), (GM_ADDR)b.data(), (GM_ADDR)c.data(), (GM_ADDR)x.data(),
               (GM_ADDR)z.data(), s);
  } else if (mode == "vec") {
    launch.run(vec_kernel, (GM_ADDR)x.data(), (GM_ADDR)z.data());
  } else if (mode == "api") {  // B as K x N: the transpose of the other modes' N x K
    std::vector<half> bt(b.size());
    for (uint32_t q = 0; q < s.k; ++q) for (uint32_t j = 0; j < s.n; ++j) bt[q * s.n + j] = b[j * s.k + q];
    TCubeTiling tiling = host_tiling(int(s.m), int(s.n), int(s.k), int(2 * blocks));
    opkit::sim::Launch api{"cube_bench", "Ascend910B2", (tiling.usedCoreNum + 1) / 2};
    api.set_kernel_type(KERNEL_TYPE_MIX_AIC_1_2);
    api.register_gm(a.data(), a.size() * sizeof(half), "a").register_gm(bt.data(), bt.size() * sizeof(half), "b");
    api.register_gm(c.data(), c.size() * sizeof(float), "c").register_gm(&tiling, sizeof(tiling), "tiling");
    api.run(api_kernel, (GM_ADDR)a.data(), (GM_ADDR)bt.data(), (GM_ADDR)c.data(), (GM_ADDR)&tiling);
    blocks = 1;  // one C
  } else {
    std::fprintf(stderr, "unknown mode %s\n", mode.c_str());
    return 2;
  }
  double worst = 0;
  if (mode != "vec") {
    for (int64_t blk = 0; blk < blocks; ++blk) {
      for (uint32_t i = 0; i < s.m; ++i) {
        for (uint32_t j = 0; j < s.n; ++j) {
          double ref = 0;
          for (uint32_t q = 0; q < s.k; ++q) ref += double(float(a[i * s.k + q])) * double(float(b[j * s.k + q]));
          worst = std::fmax(worst, std::fabs(ref - c[(blk * s.m + i) * s.n + j]));
        }
      }
    }
  }
  std::printf("max_abs_err %g\n", worst);
  return 0;
}
