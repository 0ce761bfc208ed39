// Cube cases whose results the Python side checks against numpy: Nd2Nz + LoadData + Mmad + Fixpipe over odd shapes
// (half, bfloat16, int8, float; bias; transposed inputs; split-K accumulation), the Matmul API, a mixed kernel.
#include <algorithm>
#include <cstring>

#include "cube_harness.h"
#include "lib/matmul_intf.h"
#include "tiling/tiling_api.h"

using namespace AscendC;

namespace {

uint16_t up16(uint32_t v) { return uint16_t((v + 15) / 16 * 16); }

// C (m x n, float or int32) = A (m x k) x B (k x n) [+ bias] through the cube: A is ND in GM; B is ND (k x n, loaded
// with the fractal transpose, 16-bit types) or given transposed (n x k ND, whose NZ form is L0B's layout already).
template <typename In, typename Acc, typename Out, bool kBTransposed>
struct CubeMm {
  static constexpr uint32_t c0 = 32 / sizeof(In);
  uint32_t m, k, n;
  bool bias;
  bool relu;
  bool split_k;
  QuantMode_t quant;

  void operator()(GM_ADDR a, GM_ADDR b, GM_ADDR bias_gm, GM_ADDR c) const {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
    const uint16_t mp = up16(m), np = up16(n), kp = uint16_t((k + c0 - 1) / c0 * c0);
    GlobalTensor<In> aG, bG;
    GlobalTensor<Out> cG;
    GlobalTensor<Acc> biasG;
    aG.SetGlobalBuffer((__gm__ In*)a, m * k);
    bG.SetGlobalBuffer((__gm__ In*)b, k * n);
    cG.SetGlobalBuffer((__gm__ Out*)c, m * n);
    TPipe pipe;
    TQue<TPosition::A1, 1> qa1;
    TQue<TPosition::B1, 1> qb1;
    TQue<TPosition::A2, 1> qa2;
    TQue<TPosition::B2, 1> qb2;
    TQue<TPosition::CO1, 1> qc;
    TBuf<TPosition::C1> bias_l1;
    TBuf<TPosition::C2> bias_bt;
    pipe.InitBuffer(qa1, 1, mp * kp * sizeof(In));
    pipe.InitBuffer(qb1, 1, kp * np * sizeof(In));
    pipe.InitBuffer(qa2, 1, mp * kp * sizeof(In));
    pipe.InitBuffer(qb2, 1, kp * np * sizeof(In));
    pipe.InitBuffer(qc, 1, mp * np * sizeof(Acc));
    LocalTensor<In> a1 = qa1.AllocTensor<In>(), b1 = qb1.AllocTensor<In>();
    DataCopy(a1, aG, Nd2NzParams{1, uint16_t(m), uint16_t(k), 0, uint16_t(k), mp, 1, 0});
    if (kBTransposed) {
      DataCopy(b1, bG, Nd2NzParams{1, uint16_t(n), uint16_t(k), 0, uint16_t(k), np, 1, 0});
    } else {
      DataCopy(b1, bG, Nd2NzParams{1, uint16_t(k), uint16_t(n), 0, uint16_t(n), uint16_t(kp), 1, 0});
    }
    qa1.EnQue(a1);
    qb1.EnQue(b1);
    a1 = qa1.DeQue<In>();
    b1 = qb1.DeQue<In>();
    LocalTensor<In> a2 = qa2.AllocTensor<In>(), b2 = qb2.AllocTensor<In>();
    const uint32_t frac = 512 / sizeof(In), k1 = kp / c0, m1 = mp / 16, n1 = np / 16;
    for (uint32_t i = 0; i < m1; ++i) {  // NZ column blocks of A -> L0A's row-block-major order
      LoadData(a2[i * k1 * frac], a1[i * frac], LoadData2DParams{0, uint8_t(k1), uint16_t(m1), 0, 0, false, 0});
    }
    if (kBTransposed) {
      LoadData(b2, b1, LoadData2DParams{0, uint8_t(k1 * n1), 1, 0, 0, false, 0});
    } else {
      for (uint32_t i = 0; i < k1; ++i) {
        LoadData(b2[i * n1 * frac], b1[i * frac], LoadData2DParams{0, uint8_t(n1), uint16_t(k1), 0, 0, true, 0});
      }
    }
    LocalTensor<Acc> c1 = qc.AllocTensor<Acc>();
    if (bias) {
      pipe.InitBuffer(bias_l1, np * sizeof(Acc));
      pipe.InitBuffer(bias_bt, np * sizeof(Acc));
      biasG.SetGlobalBuffer((__gm__ Acc*)bias_gm, n);
      LocalTensor<Acc> bl1 = bias_l1.Get<Acc>(), bbt = bias_bt.Get<Acc>();
      DataCopy(bl1, biasG, np);
      DataCopy(bbt, bl1, np);
      Mmad(c1, a2, b2, bbt, MmadParams{uint16_t(m), uint16_t(n), uint16_t(k), 0, false, true});
    } else if (split_k) {  // K in two runs of whole fractals, the second accumulated onto the first in L0C
      const uint32_t h1 = k1 / 2;
      for (uint32_t h = 0; h < 2; ++h) {
        const uint32_t first = h * h1, count = h == 0 ? h1 : k1 - h1;
        for (uint32_t i = 0; i < m1; ++i) {
          LoadData(a2[i * count * frac], a1, LoadData2DParams{uint16_t(first * m1 + i), uint8_t(count), uint16_t(m1), 0,
                                                              0, false, 0});
        }
        for (uint32_t kk = 0; kk < count; ++kk) {
          LoadData(b2[kk * n1 * frac], b1, LoadData2DParams{uint16_t(first + kk), uint8_t(n1), uint16_t(k1), 0, 0,
                                                            true, 0});
        }
        const uint32_t klen = h == 0 ? count * c0 : k - first * c0;
        Mmad(c1, a2, b2, MmadParams{uint16_t(m), uint16_t(n), uint16_t(klen), 0, false, h == 0});
      }
    } else {
      Mmad(c1, a2, b2, MmadParams{uint16_t(m), uint16_t(n), uint16_t(k), 0, false, true});
    }
    qa1.FreeTensor(a1);
    qb1.FreeTensor(b1);
    qa2.FreeTensor(a2);
    qb2.FreeTensor(b2);
    Fixpipe(cG, c1, FixpipeParamsV220{uint16_t(n), uint16_t(m), mp, n, relu, quant, 0, 1, 0, 0, 0});
    qc.FreeTensor(c1);
  }
};

template <typename In, typename Acc, typename Out, bool kBT>
void run_mm(const char* name, CubeMm<In, Acc, Out, kBT> mm, int mul_a, int mul_b, float div) {
  std::vector<In> a = pattern<In>(mm.m * mm.k, mul_a, 11, div), b = pattern<In>(mm.k * mm.n, mul_b, 13, div);
  std::vector<Acc> bias = pattern<Acc>(up16(mm.n), 3, 7, 2.0f);
  std::vector<Out> c(mm.m * mm.n);
  opkit::sim::Launch launch{name, "Ascend910B2", 1};
  launch.set_kernel_type(KERNEL_TYPE_AIC_ONLY);
  launch.register_gm(a.data(), a.size() * sizeof(In), "a").register_gm(b.data(), b.size() * sizeof(In), "b");
  launch.register_gm(bias.data(), bias.size() * sizeof(Acc), "bias").register_gm(c.data(), c.size() * sizeof(Out), "c");
  launch.run(mm, (GM_ADDR)a.data(), (GM_ADDR)b.data(), (GM_ADDR)bias.data(), (GM_ADDR)c.data());
  const std::string n(name);
  save((n + "_a").c_str(), a);
  save((n + "_b").c_str(), b);
  save((n + "_bias").c_str(), bias);
  save((n + "_c").c_str(), c);
}

}  // namespace

CASE(mmad_half_odd) { run_mm("mmad_half_odd", CubeMm<half, float, float, false>{35, 40, 50, false, false, false, NoQuant}, 7, 5, 4); }
CASE(mmad_half_bias_relu_f16out) {
  run_mm("mmad_half_bias_relu_f16out", CubeMm<half, float, half, false>{20, 33, 47, true, true, false, F322F16}, 7, 5, 4);
}
CASE(mmad_bf16) { run_mm("mmad_bf16", CubeMm<bfloat16_t, float, float, false>{17, 64, 31, false, false, false, NoQuant}, 3, 5, 8); }
CASE(mmad_int8_bt) { run_mm("mmad_int8_bt", CubeMm<int8_t, int32_t, int32_t, true>{30, 70, 40, false, false, false, NoQuant}, 7, 5, 1); }
CASE(mmad_half_split_k) {
  run_mm("mmad_half_split_k", CubeMm<half, float, float, false>{33, 80, 40, false, false, true, NoQuant}, 7, 5, 4);
}
CASE(mmad_float_bt) { run_mm("mmad_float_bt", CubeMm<float, float, float, true>{16, 20, 24, false, false, false, NoQuant}, 7, 5, 4); }

// int4b_t: A 16 x 128 and B 128 x 32 of 4-bit values (-8..7) packed two to a byte, the first in the low nibble, in
// L0A (ZZ, fractal rows of 64 values) and L0B (ZN) - B one fractal (1024 values) past a view's start to check
// operator[] in values; Mmad into int32. A GlobalTensor<int4b_t> view 64 values on starts 32 bytes on.
CASE(mmad_int4) {
  constexpr int M = 16, K = 128, N = 32, C0 = 64, K1 = K / C0, N1 = N / 16;
  std::vector<int8_t> a(M * K), b(K * N);
  for (int i = 0; i < M * K; ++i) a[i] = int8_t((i * 7) % 16 - 8);
  for (int i = 0; i < K * N; ++i) b[i] = int8_t((i * 5 + 3) % 16 - 8);
  std::vector<uint8_t> l0a(M * K / 2), l0b(K * N / 2);
  auto put = [](std::vector<uint8_t>& v, int i, int8_t x) {
    uint8_t& byte = v[i / 2];
    byte = i % 2 == 0 ? uint8_t((byte & 0xF0) | (x & 0xF)) : uint8_t((byte & 0x0F) | ((x & 0xF) << 4));
  };
  for (int m = 0; m < M; ++m) {
    for (int k = 0; k < K; ++k) put(l0a, ((m / 16) * K1 + k / C0) * 16 * C0 + (m % 16) * C0 + k % C0, a[m * K + k]);
  }
  for (int k = 0; k < K; ++k) {
    for (int n = 0; n < N; ++n) put(l0b, ((k / C0) * N1 + n / 16) * 16 * C0 + (n % 16) * C0 + k % C0, b[k * N + n]);
  }
  std::vector<int32_t> c(M * N);
  std::vector<uint8_t> gm(64);
  opkit::sim::Launch launch{"mmad_int4", "Ascend910B2", 1};
  launch.set_kernel_type(KERNEL_TYPE_AIC_ONLY);
  launch.register_gm(gm.data(), gm.size(), "gm");
  launch.run([&](GM_ADDR g) {
    GlobalTensor<int4b_t> gI4;
    gI4.SetGlobalBuffer((__gm__ int4b_t*)g, 128);
    expect(reinterpret_cast<uint8_t*>(gI4[64].GetPhyAddr()) == gm.data() + 32,
           "GlobalTensor<int4b_t>[64] is 32 bytes on");
    LocalTensor<int4b_t> a2(TPosition::A2, 0, M * K), b2all(TPosition::B2, 0, 1024 + K * N);
    LocalTensor<int4b_t> b2 = b2all[1024];
    LocalTensor<int32_t> co1(TPosition::CO1, 0, M * N);
    expect(reinterpret_cast<uint8_t*>(b2.GetPhyAddr()) == reinterpret_cast<uint8_t*>(b2all.GetPhyAddr()) + 512,
           "LocalTensor<int4b_t>[1024] is 512 bytes on");
    std::memcpy(a2.GetPhyAddr(), l0a.data(), l0a.size());
    std::memcpy(b2.GetPhyAddr(), l0b.data(), l0b.size());
    Mmad(co1, a2, b2, MmadParams(M, N, K, 0, false, true));
    const int32_t* p = co1.GetPhyAddr();
    for (int m = 0; m < M; ++m) {
      for (int n = 0; n < N; ++n) c[m * N + n] = p[(n / 16) * M * 16 + m * 16 + n % 16];
    }
  }, (GM_ADDR)gm.data());
  save("mmad_int4_a", a);
  save("mmad_int4_b", b);
  save("mmad_int4_c", c);
}
