// Cube cases beyond the basic pipeline: split-K across cores with atomic adds (Matmul API), batch matmul
// (IterateBatch, NORMAL layout, one bias row per batch), a constant tiling (GetMatmulApiTiling as MM_CFG), and
// Fixpipe's (de)quantisation (DEQF16 scalar; VREQ8 per channel with ReLU into NZ) after an int8 Mmad.
#include <algorithm>
#include <cstring>

#include "cube_harness.h"
#include "lib/matmul_intf.h"
#include "tiling/tiling_api.h"

using namespace AscendC;

namespace {

namespace mt = matmul_tiling;
using HalfA = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using FloatC = MatmulType<TPosition::GM, CubeFormat::ND, float>;

TCubeTiling single_tiling(int m, int n, int k, int org_k, bool bias, int batch) {
  mt::MatmulApiTiling t(*platform_ascendc::PlatformAscendCManager::GetInstance("Ascend910B2"));
  t.SetAType(mt::TPosition::GM, mt::CubeFormat::ND, mt::DataType::DT_FLOAT16);
  t.SetBType(mt::TPosition::GM, mt::CubeFormat::ND, mt::DataType::DT_FLOAT16);
  t.SetCType(mt::TPosition::GM, mt::CubeFormat::ND, mt::DataType::DT_FLOAT);
  t.SetBiasType(mt::TPosition::GM, mt::CubeFormat::ND, mt::DataType::DT_FLOAT);
  t.SetOrgShape(m, n, org_k);
  t.SetShape(m, n, k);
  t.EnableBias(bias);
  if (batch > 0) t.SetBatchInfoForNormal(batch, batch, m, n, k);
  optiling::TCubeTiling tiling;
  expect(t.GetTiling(tiling) == 0, "GetTiling failed");
  return tiling;
}

// C (m x n) = sum over cores of A[:, kslice] x B[kslice, :]: each cube core adds its partial product into C.
CASE(splitk_atomic_cores) {
  constexpr int m = 40, n = 48, k = 160, cores = 4, ks = k / cores;
  const TCubeTiling tiling = single_tiling(m, n, ks, k, false, 0);
  std::vector<half> a = pattern<half>(m * k, 7, 11, 4), b = pattern<half>(k * n, 5, 13, 4);
  std::vector<float> c(m * n, 0.0f);
  opkit::sim::Launch launch{"splitk", "Ascend910B2", cores};
  launch.set_kernel_type(KERNEL_TYPE_AIC_ONLY);
  launch.register_gm(a.data(), a.size() * 2, "a").register_gm(b.data(), b.size() * 2, "b");
  launch.register_gm(c.data(), c.size() * 4, "c");
  launch.run([&tiling](GM_ADDR ga, GM_ADDR gb, GM_ADDR gc) {
    GlobalTensor<half> aG, bG;
    GlobalTensor<float> cG;
    aG.SetGlobalBuffer((__gm__ half*)ga, m * k);
    bG.SetGlobalBuffer((__gm__ half*)gb, k * n);
    cG.SetGlobalBuffer((__gm__ float*)gc, m * n);
    Matmul<HalfA, HalfA, FloatC> mm;
    TPipe pipe;
    mm.Init(&tiling, &pipe);
    const int part = static_cast<int>(GetBlockIdx());
    mm.SetTensorA(aG[part * ks]);
    mm.SetTensorB(bG[part * ks * n]);
    mm.IterateAll(cG, 1);  // enAtomic
    mm.End();
  }, (GM_ADDR)a.data(), (GM_ADDR)b.data(), (GM_ADDR)c.data());
  save("splitk_atomic_cores_a", a);
  save("splitk_atomic_cores_b", b);
  save("splitk_atomic_cores_c", c);
}

// Three A x B + bias[q] products in one IterateBatch (NORMAL layout: matrices one after another).
CASE(batch_matmul_normal) {
  constexpr int m = 20, n = 24, k = 40, batch = 3;
  const TCubeTiling tiling = single_tiling(m, n, k, k, true, batch);
  std::vector<half> a = pattern<half>(batch * m * k, 7, 11, 4), b = pattern<half>(batch * k * n, 5, 13, 4);
  std::vector<float> bias = pattern<float>(batch * n, 3, 7, 2), c(batch * m * n, -1.0f);
  using Normal = MatmulType<TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NORMAL>;
  using NormalC = MatmulType<TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NORMAL>;
  opkit::sim::Launch launch{"bmm", "Ascend910B2", 1};
  launch.set_kernel_type(KERNEL_TYPE_AIC_ONLY);
  launch.register_gm(a.data(), a.size() * 2, "a").register_gm(b.data(), b.size() * 2, "b");
  launch.register_gm(bias.data(), bias.size() * 4, "bias").register_gm(c.data(), c.size() * 4, "c");
  launch.run([&tiling](GM_ADDR ga, GM_ADDR gb, GM_ADDR gbias, GM_ADDR gc) {
    GlobalTensor<half> aG, bG;
    GlobalTensor<float> cG, biasG;
    aG.SetGlobalBuffer((__gm__ half*)ga, batch * m * k);
    bG.SetGlobalBuffer((__gm__ half*)gb, batch * k * n);
    biasG.SetGlobalBuffer((__gm__ float*)gbias, batch * n);
    cG.SetGlobalBuffer((__gm__ float*)gc, batch * m * n);
    Matmul<Normal, Normal, NormalC, FloatC> mm;
    TPipe pipe;
    mm.Init(&tiling, &pipe);
    mm.SetTensorA(aG);
    mm.SetTensorB(bG);
    mm.SetBias(biasG);
    mm.IterateBatch(cG, batch, batch, false);
    mm.End();
  }, (GM_ADDR)a.data(), (GM_ADDR)b.data(), (GM_ADDR)bias.data(), (GM_ADDR)c.data());
  save("batch_matmul_normal_a", a);
  save("batch_matmul_normal_b", b);
  save("batch_matmul_normal_bias", bias);
  save("batch_matmul_normal_c", c);
}

// A Matmul whose MM_CFG is a constant tiling: REGIST_MATMUL_OBJ without a runtime tiling.
constexpr MatmulShapeParams kShape = {48, 64, 80, 16, 32, 32};
constexpr MatmulConfig kCfg = GetMMConfig<MatmulConfigMode::CONFIG_MDL>(kShape);
constexpr MatmulApiStaticTiling kStatic = GetMatmulApiTiling<HalfA, HalfA, FloatC, FloatC>(kCfg);

CASE(matmul_constant_tiling) {
  constexpr int m = 48, n = 64, k = 80;
  static_assert(kStatic.baseM == 16 && kStatic.baseN == 32 && kStatic.singleCoreK == k, "the constant tiling");
  std::vector<half> a = pattern<half>(m * k, 7, 11, 4), b = pattern<half>(k * n, 5, 13, 4);
  std::vector<float> c(m * n, -1.0f);
  opkit::sim::Launch launch{"const", "Ascend910B2", 1};
  launch.set_kernel_type(KERNEL_TYPE_AIC_ONLY);
  launch.register_gm(a.data(), a.size() * 2, "a").register_gm(b.data(), b.size() * 2, "b");
  launch.register_gm(c.data(), c.size() * 4, "c");
  launch.run([](GM_ADDR ga, GM_ADDR gb, GM_ADDR gc) {
    GlobalTensor<half> aG, bG;
    GlobalTensor<float> cG;
    aG.SetGlobalBuffer((__gm__ half*)ga, m * k);
    bG.SetGlobalBuffer((__gm__ half*)gb, k * n);
    cG.SetGlobalBuffer((__gm__ float*)gc, m * n);
    Matmul<HalfA, HalfA, FloatC, FloatC, kStatic> mm;
    TPipe pipe;
    mm.Init(nullptr, &pipe);
    mm.SetTensorA(aG);
    mm.SetTensorB(bG);
    mm.IterateAll(cG);
    mm.End();
  }, (GM_ADDR)a.data(), (GM_ADDR)b.data(), (GM_ADDR)c.data());
  save("matmul_constant_tiling_a", a);
  save("matmul_constant_tiling_b", b);
  save("matmul_constant_tiling_c", c);
}

uint64_t quant_word(float scale, bool is_signed) {
  uint32_t bits = 0;
  std::memcpy(&bits, &scale, 4);
  return uint64_t(bits) | (uint64_t(is_signed) << 46);
}

// int8 A (m x k) x B^T given as n x k -> int32 L0C; Fixpipe DEQF16 (scalar 0.5) to half ND, and VREQ8 (scale per
// column, ReLU) to int8 NZ (column blocks of 32, m rows each).
CASE(fixpipe_quant) {
  constexpr int m = 32, k = 64, n = 48, n32 = 64;
  std::vector<int8_t> a = pattern<int8_t>(m * k, 7, 11, 1), b = pattern<int8_t>(n * k, 5, 13, 1);
  std::vector<uint64_t> words(n);
  std::vector<float> scales(n);
  for (int j = 0; j < n; ++j) {
    scales[j] = 0.125f * float(1 + j % 5);
    words[j] = quant_word(scales[j], true);
  }
  std::vector<half> deq(m * n);
  std::vector<int8_t> req(n32 * m, 0);
  opkit::sim::Launch launch{"quant", "Ascend910B2", 1};
  launch.set_kernel_type(KERNEL_TYPE_AIC_ONLY);
  launch.register_gm(a.data(), a.size(), "a").register_gm(b.data(), b.size(), "b");
  launch.register_gm(words.data(), words.size() * 8, "words").register_gm(deq.data(), deq.size() * 2, "deq");
  launch.register_gm(req.data(), req.size(), "req");
  launch.run([](GM_ADDR ga, GM_ADDR gb, GM_ADDR gw, GM_ADDR gdeq, GM_ADDR greq) {
    GlobalTensor<int8_t> aG, bG, reqG;
    GlobalTensor<uint64_t> wG;
    GlobalTensor<half> deqG;
    aG.SetGlobalBuffer((__gm__ int8_t*)ga, m * k);
    bG.SetGlobalBuffer((__gm__ int8_t*)gb, n * k);
    wG.SetGlobalBuffer((__gm__ uint64_t*)gw, n);
    deqG.SetGlobalBuffer((__gm__ half*)gdeq, m * n);
    reqG.SetGlobalBuffer((__gm__ int8_t*)greq, n32 * m);
    TPipe pipe;
    TBuf<TPosition::A1> a1b;
    TBuf<TPosition::B1> b1b;
    TBuf<TPosition::C1> wb;
    TBuf<TPosition::A2> a2b;
    TBuf<TPosition::B2> b2b;
    TBuf<TPosition::CO1> cb;
    pipe.InitBuffer(a1b, m * k);
    pipe.InitBuffer(b1b, n * k);
    pipe.InitBuffer(wb, n * 8);
    pipe.InitBuffer(a2b, m * k);
    pipe.InitBuffer(b2b, n * k);
    pipe.InitBuffer(cb, m * n * 4);
    LocalTensor<int8_t> a1 = a1b.Get<int8_t>(), b1 = b1b.Get<int8_t>(), a2 = a2b.Get<int8_t>(), b2 = b2b.Get<int8_t>();
    LocalTensor<uint64_t> w = wb.Get<uint64_t>();
    LocalTensor<int32_t> c = cb.Get<int32_t>();
    DataCopy(a1, aG, Nd2NzParams{1, m, k, 0, k, m, 1, 0});
    DataCopy(b1, bG, Nd2NzParams{1, n, k, 0, k, n, 1, 0});
    DataCopy(w, wG, n);
    constexpr uint32_t k1 = k / 32, m1 = m / 16;
    for (uint32_t i = 0; i < m1; ++i) {
      LoadData(a2[i * k1 * 512], a1[i * 512], LoadData2DParams{0, uint8_t(k1), uint16_t(m1), 0, 0, false, 0});
    }
    LoadData(b2, b1, LoadData2DParams{0, uint8_t(k1 * n / 16), 1, 0, 0, false, 0});
    Mmad(c, a2, b2, MmadParams{m, n, k, 0, false, true});
    FixpipeParamsV220 p{n, m, m, n, false};
    p.quantPre = DEQF16;
    p.deqScalar = quant_word(0.5f, true);
    Fixpipe(deqG, c, p);
    FixpipeParamsV220 q{n, m, m, m, true};  // NZ: dstStride = m rows of 32 bytes between column blocks
    q.quantPre = VREQ8;
    Fixpipe<int8_t, int32_t, CFG_NZ>(reqG, c, w, q);
  }, (GM_ADDR)a.data(), (GM_ADDR)b.data(), (GM_ADDR)words.data(), (GM_ADDR)deq.data(), (GM_ADDR)req.data());
  save("fixpipe_quant_a", a);
  save("fixpipe_quant_b", b);
  save("fixpipe_quant_scales", scales);
  save("fixpipe_quant_deq", deq);
  save("fixpipe_quant_req", req);
}

}  // namespace

namespace {

// A per-channel quantisation mode with no quantisation words: a fault naming the form that takes them.
CASE(fault_fixpipe_vector_quant_without_words) {
  std::vector<int8_t> out(16 * 16);
  opkit::sim::Launch launch{"vq", "Ascend910B2", 1};
  launch.set_kernel_type(KERNEL_TYPE_AIC_ONLY);
  launch.register_gm(out.data(), out.size(), "out");
  launch.run([](GM_ADDR o) {
    GlobalTensor<int8_t> oG;
    oG.SetGlobalBuffer((__gm__ int8_t*)o, 256);
    TPipe pipe;
    TBuf<TPosition::CO1> cb;
    pipe.InitBuffer(cb, 16 * 16 * 4);
    FixpipeParamsV220 p{16, 16, 16, 16, false};
    p.quantPre = VREQ8;
    Fixpipe(oG, cb.Get<int32_t>(), p);
  }, (GM_ADDR)out.data());
}

}  // namespace

// Fill with InitConstValueParams: L0A (512-byte blocks) all ones, then 3 iterations of 2 blocks of 2.0 with a gap of
// 1 block; L1 (32-byte blocks) of float the same way; an L0A of ones times an L0B of ones gives K in every C element.
CASE(fill_l1_l0) {
  std::vector<half> l0a(8 * 256);
  std::vector<float> l1(10 * 8), c(32 * 32);
  opkit::sim::Launch launch{"fill", "Ascend910B2", 1};
  launch.set_kernel_type(KERNEL_TYPE_AIC_ONLY);
  launch.register_gm(c.data(), c.size() * sizeof(float), "c");
  launch.run([&](GM_ADDR gc) {
    GlobalTensor<float> cG;
    cG.SetGlobalBuffer((__gm__ float*)gc, 32 * 32);
    TPipe pipe;
    TBuf<TPosition::A1> b1;
    TBuf<TPosition::A2> a2;
    TBuf<TPosition::B2> b2;
    TBuf<TPosition::CO1> co1;
    pipe.InitBuffer(b1, 320);
    pipe.InitBuffer(a2, 8 * 512);
    pipe.InitBuffer(b2, 8 * 512);
    pipe.InitBuffer(co1, 32 * 32 * 4);
    LocalTensor<half> a = a2.Get<half>(), b = b2.Get<half>();
    LocalTensor<float> f = b1.Get<float>();
    Fill(a, InitConstValueParams<half>(1, 8, 0, half(1)));
    InitConstValue(b, InitConstValueParams<half>(8, half(1)));  // two-argument form: no blockNum, a no-op
    Fill(b, {1, 8, 0, half(1)});
    // ones x ones: 32 x 64 times 64 x 32
    Mmad(co1.Get<float>(), a, b, MmadParams(32, 32, 64, 0, false, true));
    FixpipeParamsV220 fp;
    fp.nSize = 32;
    fp.mSize = 32;
    fp.srcStride = 32;
    fp.dstStride = 32;
    Fixpipe<float, float, CFG_ROW_MAJOR>(cG, co1.Get<float>(), fp);
    Fill(a, InitConstValueParams<half>(3, 2, 1, half(2)));
    std::memcpy(l0a.data(), a.GetPhyAddr(), l0a.size() * sizeof(half));
    Fill(f, InitConstValueParams<float>(1, 10, 0, -1.0f));
    Fill(f, InitConstValueParams<float>(3, 2, 1, 3.5f));
    std::memcpy(l1.data(), f.GetPhyAddr(), l1.size() * sizeof(float));
  }, (GM_ADDR)c.data());
  save("fill_l1_l0_l0a", l0a);
  save("fill_l1_l0_l1", l1);
  save("fill_l1_l0_c", c);
}


// load3d through the registers: a 32 x 1 feature map of 32 half channels (two C1 blocks of 1 KB) in L1. The Pro form
// (shape from SetFmatrix, extConfig M 32, K 32) plain, then with SetLoadDataBoundary(1024) (the second block's reads
// wrap to L1's start); the v2 form with IsResetLoad3dConfig {false, false}: SetFmatrix's top pad of 1 and
// SetLoadDataPaddingValue's 7 instead of the parameters' own.
CASE(load3d_registers) {
  std::vector<half> src = pattern<half>(1024, 7, 251, 1), plain(1024), wrapped(1024), regs(1024);
  opkit::sim::Launch launch{"load3d", "Ascend910B2", 1};
  launch.set_kernel_type(KERNEL_TYPE_AIC_ONLY);
  launch.register_gm(src.data(), src.size() * sizeof(half), "src");
  launch.run([&](GM_ADDR gs) {
    GlobalTensor<half> sG;
    sG.SetGlobalBuffer((__gm__ half*)gs, 1024);
    LocalTensor<half> l1(TPosition::A1, 0, 1024), l0a(TPosition::A2, 0, 1024);
    DataCopy(l1, sG, 1024);
    const uint8_t no_pad[PAD_SIZE] = {0, 0, 0, 0}, top_pad[PAD_SIZE] = {0, 0, 1, 0};
    SetFmatrix(32, 1, no_pad, FmatrixMode::FMATRIX_LEFT);
    SetLoadDataRepeat({0, 1, 0});
    LoadData3DParamsV2Pro pro;
    pro.channelSize = 32;
    pro.extConfig = (uint64_t(32) << 16) | 32;
    LoadData(l0a, l1, pro);
    std::memcpy(plain.data(), l0a.GetPhyAddr(), 2048);
    SetLoadDataBoundary(1024);
    LoadData(l0a, l1, pro);
    std::memcpy(wrapped.data(), l0a.GetPhyAddr(), 2048);
    SetLoadDataBoundary(0);
    SetFmatrix(32, 1, top_pad, FmatrixMode::FMATRIX_LEFT);
    SetLoadDataPaddingValue(half(7));
    LoadData3DParamsV2<half> v2;  // its own shape (l1H 5) and pad value (0) are not used
    v2.l1H = 5;
    v2.l1W = 1;
    v2.channelSize = 32;
    v2.kExtension = 32;
    v2.mExtension = 32;
    static constexpr IsResetLoad3dConfig FROM_REGS = {false, false};
    LoadData<half, FROM_REGS>(l0a, l1, v2);
    std::memcpy(regs.data(), l0a.GetPhyAddr(), 2048);
  }, (GM_ADDR)src.data());
  save("load3d_registers_src", src);
  save("load3d_registers_plain", plain);
  save("load3d_registers_wrapped", wrapped);
  save("load3d_registers_regs", regs);
}


// dav-2201's FixpipeConfig takes isToUB (the 950's Fixpipe to UB) and ignores it, as CANN's does.
constexpr FixpipeConfig kRowMajorToGm = {CO2Layout::ROW_MAJOR, false};
static_assert(kRowMajorToGm.format == CO2Layout::ROW_MAJOR && !kRowMajorToGm.isToUB);

// 4:2 sparse: A (32 x 128 int8) in L0A, the densified B (64 dense K values x 32 columns) and its 2-bit indices in
// L1 after one unused fractal (startIndex 1), loaded by LoadDataWithSparse; MmadWithSparse, then again with
// cmatrixInitVal false (accumulates). Index pairs cycle through the documented table's 8 rows.
CASE(sparse_mmad) {
  constexpr int M = 32, K = 128, N = 32, KD = K / 2, N1 = N / 16, K1 = K / 32;
  std::vector<int8_t> a = pattern<int8_t>(M * K, 7, 19, 1), bd = pattern<int8_t>(N * KD, 5, 23, 1);
  std::vector<uint8_t> pairs(N * KD);  // the index of each dense value, n-major
  const uint8_t table[8][2] = {{2, 2}, {1, 2}, {0, 2}, {1, 1}, {0, 1}, {0, 0}, {2, 0}, {1, 0}};
  for (int n = 0; n < N; ++n) {
    for (int g = 0; g < KD / 2; ++g) {
      const uint8_t* row = table[(n * 3 + g) % 8];
      pairs[n * KD + 2 * g] = row[0];
      pairs[n * KD + 2 * g + 1] = row[1];
    }
  }
  std::vector<int8_t> l1b((1 + K1 / 2 * N1) * 512, 99), l0a(M * K);
  std::vector<uint8_t> l1i((1 + K1 / 2 * N1) * 128, 0xff);
  for (int m = 0; m < M; ++m) {
    for (int k = 0; k < K; ++k) l0a[((m / 16) * K1 + k / 32) * 512 + (m % 16) * 32 + k % 32] = a[m * K + k];
  }
  for (int n = 0; n < N; ++n) {
    for (int d = 0; d < KD; ++d) {
      const int at = ((d / 32) * N1 + n / 16) * 512 + (n % 16) * 32 + d % 32;  // Zn, after the unused fractal
      l1b[512 + at] = bd[n * KD + d];
      uint8_t& byte = l1i[128 + at / 4];
      byte = uint8_t((byte & ~(3 << (2 * (at % 4)))) | (pairs[n * KD + d] << (2 * (at % 4))));
    }
  }
  std::vector<int32_t> once(M * N), twice(M * N);
  opkit::sim::Launch launch{"sparse", "Ascend910B2", 1};
  launch.set_kernel_type(KERNEL_TYPE_AIC_ONLY);
  launch.run([&]() {
    LocalTensor<int8_t> b1(TPosition::B1, 0, l1b.size()), a2(TPosition::A2, 0, M * K), b2(TPosition::B2, 0, KD * N);
    LocalTensor<uint8_t> i1(TPosition::B1, 64 * 1024, l1i.size());
    // Labelled half its size: a tensor on an L0C address is bounded by L0C, not by its label (as on the device).
    LocalTensor<int32_t> c(TPosition::CO1, 0, M * N / 2);
    std::memcpy(b1.GetPhyAddr(), l1b.data(), l1b.size());
    std::memcpy(i1.GetPhyAddr(), l1i.data(), l1i.size());
    std::memcpy(a2.GetPhyAddr(), l0a.data(), l0a.size());
    LoadData2DParams lp;
    lp.startIndex = 1;
    lp.repeatTimes = K1 / 2 * N1;
    LoadDataWithSparse(b2, b1, i1, lp);
    MmadWithSparse(c, a2, b2, MmadParams(M, N, K, 0, false, true));
    auto nz_to_nd = [&](std::vector<int32_t>& out) {  // L0C NZ: column blocks of 16, each M rows
      const int32_t* p = c.GetPhyAddr();
      for (int m = 0; m < M; ++m) {
        for (int n = 0; n < N; ++n) out[m * N + n] = p[(n / 16) * M * 16 + m * 16 + n % 16];
      }
    };
    nz_to_nd(once);
    MmadWithSparse(c, a2, b2, MmadParams(M, N, K, 0, false, false));
    nz_to_nd(twice);
  });
  save("sparse_mmad_a", a);
  save("sparse_mmad_bd", bd);
  save("sparse_mmad_idx", pairs);
  save("sparse_mmad_once", once);
  save("sparse_mmad_twice", twice);
}

// Mmad with cmatrixSource and no bias tensor: C starts from the bias table (C2) at its start (asc-devkit's mmad
// example, scenario 1). A 16 x 32 half in L0A, B 32 x 16 in L0B, 16 float seeds in C2.
CASE(mmad_bias_table_seed) {
  std::vector<half> a = pattern<half>(16 * 32, 5, 17, 4), b = pattern<half>(32 * 16, 3, 13, 2);
  std::vector<float> seed = pattern<float>(16, 7, 31, 1), c(16 * 16);
  opkit::sim::Launch launch{"mmad_bt", "Ascend910B2", 1};
  launch.set_kernel_type(KERNEL_TYPE_AIC_ONLY);
  launch.run([&]() {
    LocalTensor<half> a2(TPosition::A2, 0, 16 * 32), b2(TPosition::B2, 0, 32 * 16);
    LocalTensor<float> bt(TPosition::C2, 0, 16), co1(TPosition::CO1, 0, 16 * 16);
    half* pa = a2.GetPhyAddr();
    half* pb = b2.GetPhyAddr();
    for (int m = 0; m < 16; ++m) {  // ZZ: fractal (0, k / 16), rows inside
      for (int k = 0; k < 32; ++k) pa[(k / 16) * 256 + m * 16 + k % 16] = a[m * 32 + k];
    }
    for (int k = 0; k < 32; ++k) {  // ZN: fractal (k / 16, 0), n rows of 16 k values
      for (int n = 0; n < 16; ++n) pb[(k / 16) * 256 + n * 16 + k % 16] = b[k * 16 + n];
    }
    std::memcpy(bt.GetPhyAddr(), seed.data(), seed.size() * sizeof(float));
    Mmad(co1, a2, b2, MmadParams(16, 16, 32, 0, true, false));
    std::memcpy(c.data(), co1.GetPhyAddr(), c.size() * sizeof(float));  // one column block: row-major 16 x 16
  });
  save("mmad_bias_table_seed_a", a);
  save("mmad_bias_table_seed_b", b);
  save("mmad_bias_table_seed_seed", seed);
  save("mmad_bias_table_seed_c", c);
}

// Fixpipe NZ2ND of ndNum 3 matrices (asc-devkit's batch_matmul example): L0C holds three 20 x 16 float matrices
// (two 16-row blocks each, 512 values = srcNdStride 2 blocks of 256 apart); GM gets them dstNdStride 400 apart.
CASE(fixpipe_nd_num) {
  std::vector<float> l0c = pattern<float>(3 * 512, 11, 97, 2), out(3 * 400, -1.0f);
  opkit::sim::Launch launch{"fixpipe_nd", "Ascend910B2", 1};
  launch.set_kernel_type(KERNEL_TYPE_AIC_ONLY);
  launch.register_gm(out.data(), out.size() * sizeof(float), "out");
  launch.run([&](GM_ADDR go) {
    GlobalTensor<float> oG;
    oG.SetGlobalBuffer((__gm__ float*)go, 3 * 400);
    LocalTensor<float> co1(TPosition::CO1, 0, 3 * 512);
    std::memcpy(co1.GetPhyAddr(), l0c.data(), l0c.size() * sizeof(float));
    FixpipeParamsV220 fp;
    fp.nSize = 16;
    fp.mSize = 20;
    fp.srcStride = 32;
    fp.dstStride = 16;
    fp.ndNum = 3;
    fp.srcNdStride = 2;
    fp.dstNdStride = 400;
    Fixpipe<float, float, CFG_ROW_MAJOR>(oG, co1, fp);
  }, (GM_ADDR)out.data());
  save("fixpipe_nd_num_l0c", l0c);
  save("fixpipe_nd_num_out", out);
}

namespace {

// The register form of Fixpipe, DataCopy(GM, L0C, DataCopyCO12DstParams), on two 16 x 16 int32 matrices in L0C (NZ,
// 256 values apart): DEQF16 with SetFixpipePreQuantFlag's scale 0.5; VDEQF16 with SetFixPipeConfig's word per column
// (0.125 x (1 + j % 5)); and both matrices at once (nz2ndEn with SetFixpipeNz2ndFlag(2, 1, 300)) under DEQF16.
CASE(fixpipe_registers) {
  std::vector<int32_t> l0c(512);
  for (size_t i = 0; i < l0c.size(); ++i) l0c[i] = int32_t(i * 7 % 61) - 30;
  std::vector<uint64_t> words(16);
  for (int j = 0; j < 16; ++j) words[size_t(j)] = quant_word(0.125f * float(1 + j % 5), true);
  std::vector<half> scalar(256), channel(256), both(600, half(-1.0f));
  opkit::sim::Launch launch{"fixpipe_regs", "Ascend910B2", 1};
  launch.set_kernel_type(KERNEL_TYPE_AIC_ONLY);
  launch.register_gm(scalar.data(), 512, "scalar").register_gm(channel.data(), 512, "channel");
  launch.register_gm(both.data(), 1200, "both");
  launch.run_body([&] {
    auto out = [](std::vector<half>& v) {
      GlobalTensor<half> g;
      g.SetGlobalBuffer(v.data(), v.size());
      return g;
    };
    LocalTensor<int32_t> co1(TPosition::CO1, 0, 512);
    std::memcpy(co1.GetPhyAddr(), l0c.data(), l0c.size() * 4);
    LocalTensor<uint64_t> w(TPosition::C1, 0, 16);
    std::memcpy(w.GetPhyAddr(), words.data(), words.size() * 8);
    DataCopyCO12DstParams p;
    p.nSize = 16;
    p.mSize = 16;
    p.srcStride = 16;
    p.dstStride = 16;
    p.nz2ndEn = true;
    p.quantPre = DEQF16;
    SetFixpipePreQuantFlag(quant_word(0.5f, true));
    DataCopy(out(scalar), co1, p);
    SetFixPipeConfig(w);
    p.quantPre = VDEQF16;
    DataCopy(out(channel), co1, p);
    SetFixpipeNz2ndFlag(2, 1, 300);
    p.quantPre = DEQF16;
    DataCopy(out(both), co1, p);
  });
  save("fixpipe_registers_l0c", l0c);
  save("fixpipe_registers_scalar", scalar);
  save("fixpipe_registers_channel", channel);
  save("fixpipe_registers_both", both);
}

}  // namespace
