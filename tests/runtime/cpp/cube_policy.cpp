// The Matmul API's policies and operand forms: the triangular policies (only the base blocks on one side of the
// diagonal), int8 products dequantised to half (SetQuantScalar, SetQuantVector), A from a TSCM queue in NZ and A/B
// from GM in NZ; the host tiling's core split (M before N on a tie, K with EnableMultiCoreSplitK) and a split-K product
// added into C by the cores.
#include <cstring>

#include "cube_harness.h"
#include "lib/matmul_intf.h"
#include "tiling/tiling_api.h"

using namespace AscendC;

namespace {

namespace mt = matmul_tiling;
using HalfIn = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using FloatOut = MatmulType<TPosition::GM, CubeFormat::ND, float>;

TCubeTiling one_core_tiling(int m, int n, int k, mt::DataType in, mt::DataType out, int bm, int bn, int bk,
                            mt::CubeFormat a_format = mt::CubeFormat::ND) {
  mt::MatmulApiTiling t(*platform_ascendc::PlatformAscendCManager::GetInstance("Ascend910B2"));
  t.SetAType(mt::TPosition::GM, a_format, in);
  t.SetBType(mt::TPosition::GM, mt::CubeFormat::ND, in);
  t.SetCType(mt::TPosition::GM, mt::CubeFormat::ND, out);
  t.SetOrgShape(m, n, k);
  t.SetShape(m, n, k);
  t.SetFixSplit(bm, bn, bk);
  optiling::TCubeTiling tiling;
  expect(t.GetTiling(tiling) == 0, "GetTiling failed");
  return tiling;
}

// A rows x cols ND matrix in NZ: column blocks of c0, each rows rounded up to 16 high (the padding zero).
template <typename T>
std::vector<T> to_nz(const std::vector<T>& nd, int rows, int cols, int c0) {
  const int h = (rows + 15) / 16 * 16;
  std::vector<T> nz(size_t(h) * ((cols + c0 - 1) / c0) * c0, T(0));
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) nz[(c / c0) * h * c0 + r * c0 + c % c0] = nd[r * cols + c];
  }
  return nz;
}

}  // namespace

// C = A x B (48 x 32 x 48, base blocks 16 x 16) with TrianUpperMatmulPolicy into C pre-filled with -1, and with
// TrianLowerMatmulPolicy into a second C: the blocks below (above) the diagonal stay -1.
CASE(matmul_triangle) {
  constexpr int m = 48, n = 48, k = 32;
  const TCubeTiling t = one_core_tiling(m, n, k, mt::DataType::DT_FLOAT16, mt::DataType::DT_FLOAT, 16, 16, 32);
  std::vector<half> a = pattern<half>(m * k, 7, 11, 4), b = pattern<half>(k * n, 5, 13, 4);
  std::vector<float> up(m * n, -1.0f), low(m * n, -1.0f);
  opkit::sim::Launch launch{"triangle", "Ascend910B2", 1};
  launch.set_kernel_type(KERNEL_TYPE_AIC_ONLY);
  launch.register_gm(a.data(), a.size() * 2, "a").register_gm(b.data(), b.size() * 2, "b");
  launch.register_gm(up.data(), up.size() * 4, "up").register_gm(low.data(), low.size() * 4, "low");
  launch.run([&](GM_ADDR ga, GM_ADDR gb, GM_ADDR gu, GM_ADDR gl) {
    GlobalTensor<half> aG, bG;
    GlobalTensor<float> uG, lG;
    aG.SetGlobalBuffer((__gm__ half*)ga, m * k);
    bG.SetGlobalBuffer((__gm__ half*)gb, k * n);
    uG.SetGlobalBuffer((__gm__ float*)gu, m * n);
    lG.SetGlobalBuffer((__gm__ float*)gl, m * n);
    TPipe pipe;
    Matmul<HalfIn, HalfIn, FloatOut, FloatOut, CFG_NORM, MatmulCallBackFunc<nullptr, nullptr, nullptr>,
           Impl::Detail::TrianUpperMatmulPolicy> upper;
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), upper, &t);
    upper.SetTensorA(aG);
    upper.SetTensorB(bG);
    upper.IterateAll(uG);
    upper.End();
    pipe.Reset();
    Matmul<HalfIn, HalfIn, FloatOut, FloatOut, CFG_MDL, MatmulCallBackFunc<nullptr, nullptr, nullptr>,
           Impl::Detail::TrianLowerMatmulPolicy> lower;
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), lower, &t);
    lower.SetTensorA(aG);
    lower.SetTensorB(bG);
    while (lower.Iterate()) lower.GetTensorC(lG);
    lower.End();
  }, (GM_ADDR)a.data(), (GM_ADDR)b.data(), (GM_ADDR)up.data(), (GM_ADDR)low.data());
  save("matmul_triangle_a", a);
  save("matmul_triangle_b", b);
  save("matmul_triangle_up", up);
  save("matmul_triangle_low", low);
}

// int8 A (20 x 64) x B (64 x 40) -> int32 -> half, dequantised by one word (scale 0.1 as an fp32's bits) and by a
// word per column (scales with more than 10 mantissa bits, which the device cuts).
CASE(matmul_dequant) {
  constexpr int m = 20, n = 40, k = 64;
  const TCubeTiling t = one_core_tiling(m, n, k, mt::DataType::DT_INT8, mt::DataType::DT_FLOAT16, 16, 32, 32);
  std::vector<int8_t> a = pattern<int8_t>(m * k, 7, 23, 1), b = pattern<int8_t>(k * n, 5, 19, 1);
  std::vector<half> c_scalar(m * n), c_vector(m * n);
  std::vector<uint64_t> words(n);
  std::vector<float> scales(n);
  for (int j = 0; j < n; ++j) {
    scales[j] = 0.0123f * float(j + 1) + 0.3f;
    uint32_t bits = 0;
    std::memcpy(&bits, &scales[j], 4);
    words[j] = bits;
  }
  float tenth = 0.1f;
  uint32_t tenth_bits = 0;
  std::memcpy(&tenth_bits, &tenth, 4);
  using I8 = MatmulType<TPosition::GM, CubeFormat::ND, int8_t>;
  using H = MatmulType<TPosition::GM, CubeFormat::ND, half>;
  opkit::sim::Launch launch{"dequant", "Ascend910B2", 1};
  launch.set_kernel_type(KERNEL_TYPE_AIC_ONLY);
  launch.register_gm(a.data(), a.size(), "a").register_gm(b.data(), b.size(), "b");
  launch.register_gm(c_scalar.data(), c_scalar.size() * 2, "c_scalar");
  launch.register_gm(c_vector.data(), c_vector.size() * 2, "c_vector");
  launch.register_gm(words.data(), words.size() * 8, "words");
  launch.run([&](GM_ADDR ga, GM_ADDR gb, GM_ADDR gs, GM_ADDR gv, GM_ADDR gw) {
    GlobalTensor<int8_t> aG, bG;
    GlobalTensor<half> sG, vG;
    GlobalTensor<uint64_t> wG;
    aG.SetGlobalBuffer((__gm__ int8_t*)ga, m * k);
    bG.SetGlobalBuffer((__gm__ int8_t*)gb, k * n);
    sG.SetGlobalBuffer((__gm__ half*)gs, m * n);
    vG.SetGlobalBuffer((__gm__ half*)gv, m * n);
    wG.SetGlobalBuffer((__gm__ uint64_t*)gw, n);
    TPipe pipe;
    Matmul<I8, I8, H, MatmulType<TPosition::GM, CubeFormat::ND, int32_t>, CFG_MDL> mm;
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
    mm.SetQuantScalar(tenth_bits);
    mm.SetTensorA(aG);
    mm.SetTensorB(bG);
    mm.IterateAll(sG);
    mm.SetQuantVector(wG);
    mm.SetTensorA(aG);
    mm.IterateAll(vG);
    mm.End();
  }, (GM_ADDR)a.data(), (GM_ADDR)b.data(), (GM_ADDR)c_scalar.data(), (GM_ADDR)c_vector.data(),
             (GM_ADDR)words.data());
  save("matmul_dequant_a", a);
  save("matmul_dequant_b", b);
  save("matmul_dequant_scales", scales);
  save("matmul_dequant_c_scalar", c_scalar);
  save("matmul_dequant_c_vector", c_vector);
}

// A (32 x 48) in NZ copied whole into a TSCM queue (L1), B in ND from GM; then A in NZ and B transposed (40 x 48 as
// N x K, its 40 rows padded to 48) in NZ, both from GM.
CASE(matmul_nz_operands) {
  constexpr int m = 32, n = 40, k = 48;
  const TCubeTiling t = one_core_tiling(m, n, k, mt::DataType::DT_FLOAT16, mt::DataType::DT_FLOAT, 16, 16, 16,
                                        mt::CubeFormat::NZ);
  std::vector<half> a = pattern<half>(m * k, 7, 11, 4), b = pattern<half>(k * n, 5, 13, 4);
  std::vector<half> bt(n * k);
  for (int kk = 0; kk < k; ++kk) {
    for (int j = 0; j < n; ++j) bt[j * k + kk] = b[kk * n + j];
  }
  std::vector<half> a_nz = to_nz(a, m, k, 16), bt_nz = to_nz(bt, n, k, 16);
  std::vector<float> c_tscm(m * n), c_gm(m * n);
  using NzIn = MatmulType<TPosition::GM, CubeFormat::NZ, half>;
  using ScmIn = MatmulType<TPosition::TSCM, CubeFormat::NZ, half>;
  opkit::sim::Launch launch{"nz_operands", "Ascend910B2", 1};
  launch.set_kernel_type(KERNEL_TYPE_AIC_ONLY);
  launch.register_gm(a_nz.data(), a_nz.size() * 2, "a_nz").register_gm(b.data(), b.size() * 2, "b");
  launch.register_gm(bt_nz.data(), bt_nz.size() * 2, "bt_nz");
  launch.register_gm(c_tscm.data(), c_tscm.size() * 4, "c_tscm").register_gm(c_gm.data(), c_gm.size() * 4, "c_gm");
  launch.run([&](GM_ADDR ga, GM_ADDR gb, GM_ADDR gbt, GM_ADDR gc, GM_ADDR gd) {
    GlobalTensor<half> aG, bG, btG;
    GlobalTensor<float> cG, dG;
    aG.SetGlobalBuffer((__gm__ half*)ga, m * k);
    bG.SetGlobalBuffer((__gm__ half*)gb, k * n);
    btG.SetGlobalBuffer((__gm__ half*)gbt, n * k);
    cG.SetGlobalBuffer((__gm__ float*)gc, m * n);
    dG.SetGlobalBuffer((__gm__ float*)gd, m * n);
    TPipe pipe;
    TSCM<TPosition::GM, 1> scm;
    pipe.InitBuffer(scm, 1, m * k * sizeof(half));
    LocalTensor<half> s = scm.AllocTensor<half>();
    DataCopy(s, aG, m * k);
    scm.EnQue(s);
    LocalTensor<half> sl = scm.DeQue<half>();
    Matmul<ScmIn, HalfIn, FloatOut> from_scm;
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), from_scm, &t);
    from_scm.SetTensorA(sl);
    from_scm.SetTensorB(bG);
    from_scm.IterateAll(cG);
    from_scm.End();
    scm.FreeTensor(sl);
    Matmul<NzIn, NzIn, FloatOut> nz;
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), nz, &t);
    nz.SetTensorA(aG);
    nz.SetTensorB(btG, true);
    nz.IterateAll(dG);
    nz.End();
  }, (GM_ADDR)a_nz.data(), (GM_ADDR)b.data(), (GM_ADDR)bt_nz.data(), (GM_ADDR)c_tscm.data(), (GM_ADDR)c_gm.data());
  save("matmul_nz_operands_a", a);
  save("matmul_nz_operands_b", b);
  save("matmul_nz_operands_c_tscm", c_tscm);
  save("matmul_nz_operands_c_gm", c_gm);
}

// MultiCoreMatmulTiling: 512 x 512 x 128 on 2 cores splits M; 32 x 16 x 1024 on 24 cores with
// EnableMultiCoreSplitK splits K, and the cores add their partial products into C (zeroed first) with enAtomic.
CASE(matmul_core_split) {
  auto* plat = platform_ascendc::PlatformAscendCManager::GetInstance("Ascend910B2");
  auto make = [&](int m, int n, int k, int dim, bool split_k) {
    mt::MultiCoreMatmulTiling t(*plat);
    t.SetDim(dim);
    t.SetAType(mt::TPosition::GM, mt::CubeFormat::ND, mt::DataType::DT_FLOAT16);
    t.SetBType(mt::TPosition::GM, mt::CubeFormat::ND, mt::DataType::DT_FLOAT16);
    t.SetCType(mt::TPosition::GM, mt::CubeFormat::ND, mt::DataType::DT_FLOAT);
    t.SetOrgShape(m, n, k);
    t.SetShape(m, n, k);
    t.EnableMultiCoreSplitK(split_k);
    optiling::TCubeTiling tiling;
    expect(t.GetTiling(tiling) == 0, "GetTiling failed");
    return tiling;
  };
  const optiling::TCubeTiling square = make(512, 512, 128, 2, false);
  constexpr int m = 32, n = 16, k = 1024;
  const optiling::TCubeTiling sk = make(m, n, k, 24, true);
  save("matmul_core_split_fields", std::vector<int32_t>{square.usedCoreNum, square.singleCoreM, square.singleCoreN,
                                                        square.singleCoreK, sk.usedCoreNum, sk.singleCoreM,
                                                        sk.singleCoreN, sk.singleCoreK});
  const TCubeTiling t = sk;
  std::vector<half> a = pattern<half>(m * k, 7, 11, 4), b = pattern<half>(k * n, 5, 13, 4);
  std::vector<float> c(m * n, 0.0f);
  opkit::sim::Launch launch{"split_k", "Ascend910B2", uint32_t(t.usedCoreNum)};
  launch.set_kernel_type(KERNEL_TYPE_AIC_ONLY);
  launch.register_gm(a.data(), a.size() * 2, "a").register_gm(b.data(), b.size() * 2, "b");
  launch.register_gm(c.data(), c.size() * 4, "c");
  launch.run([&](GM_ADDR ga, GM_ADDR gb, GM_ADDR gc) {
    const int m_cores = (m + t.singleCoreM - 1) / t.singleCoreM, n_cores = (n + t.singleCoreN - 1) / t.singleCoreN;
    const int blk = int(GetBlockIdx()), mn = blk % (m_cores * n_cores), ki = blk / (m_cores * n_cores);
    const int mi = mn % m_cores, ni = mn / m_cores;
    GlobalTensor<half> aG, bG;
    GlobalTensor<float> cG;
    aG.SetGlobalBuffer((__gm__ half*)ga, m * k);
    bG.SetGlobalBuffer((__gm__ half*)gb, k * n);
    cG.SetGlobalBuffer((__gm__ float*)gc, m * n);
    TPipe pipe;
    Matmul<HalfIn, HalfIn, FloatOut> mm;
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
    mm.SetTail(std::min(t.singleCoreM, m - mi * t.singleCoreM), std::min(t.singleCoreN, n - ni * t.singleCoreN),
               std::min(t.singleCoreK, k - ki * t.singleCoreK));
    mm.SetTensorA(aG[mi * t.singleCoreM * k + ki * t.singleCoreK]);
    mm.SetTensorB(bG[ki * t.singleCoreK * n + ni * t.singleCoreN]);
    mm.IterateAll(cG[mi * t.singleCoreM * n + ni * t.singleCoreN], 1);
    mm.End();
  }, (GM_ADDR)a.data(), (GM_ADDR)b.data(), (GM_ADDR)c.data());
  save("matmul_core_split_a", a);
  save("matmul_core_split_b", b);
  save("matmul_core_split_c", c);
}

namespace {
// CopyA1 of the callback case: tilingPtr points at {Ka, tile rows, tile columns}, dataPtr is A's GM address (the
// Matmul's own A is a zero matrix, so only this copy can bring the values in).
struct CbInfo {
  int ka, tile_m, tile_k;
};
void copy_a1_nd2nz(const LocalTensor<int8_t>& aMatrix, const __gm__ void* gm, int row, int col, int useM, int useK,
                   const uint64_t tilingPtr, const uint64_t dataPtr) {
  (void)gm;
  const CbInfo* info = reinterpret_cast<const CbInfo*>(tilingPtr);
  GlobalTensor<half> src;
  src.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(dataPtr));
  LocalTensor<half> dst = aMatrix.ReinterpretCast<half>();
  Nd2NzParams p;
  p.ndNum = 1;
  p.nValue = uint16_t(useM);
  p.dValue = uint16_t(useK);
  p.srcNdMatrixStride = 0;
  p.srcDValue = uint16_t(info->ka);
  p.dstNzC0Stride = uint16_t((useM + 15) / 16 * 16);
  p.dstNzNStride = 1;
  p.dstNzMatrixStride = 0;
  DataCopy(dst, src[row * info->tile_m * info->ka + col * info->tile_k], p);
}
}  // namespace

// C = A x B (40 x 96 x 32, base 16 x 16 x 32, one baseK per K step) with MatmulCallBackFunc<nullptr, copy_a1_nd2nz,
// nullptr>: every L1 tile of A (3 x 3 per column of blocks, the last 8 rows high) comes through the kernel's copy.
CASE(matmul_callback_copy_a1) {
  constexpr int m = 40, n = 32, k = 96;
  TCubeTiling t = one_core_tiling(m, n, k, mt::DataType::DT_FLOAT16, mt::DataType::DT_FLOAT, 16, 16, 32);
  t.stepKa = t.stepKb = 1;  // one baseK per L1 tile: three K tiles per block
  t.depthA1 = t.depthB1 = 2;
  const CbInfo info{k, t.baseM * std::max(1, t.stepM), t.baseK * std::max(1, t.stepKa)};
  std::vector<half> a = pattern<half>(m * k, 7, 11, 4), zeros(m * k, half(0.0f)), b = pattern<half>(k * n, 5, 13, 4);
  std::vector<float> c(m * n);
  opkit::sim::Launch launch{"callback", "Ascend910B2", 1};
  launch.set_kernel_type(KERNEL_TYPE_AIC_ONLY);
  launch.register_gm(a.data(), a.size() * 2, "a").register_gm(zeros.data(), zeros.size() * 2, "zeros");
  launch.register_gm(b.data(), b.size() * 2, "b").register_gm(c.data(), c.size() * 4, "c");
  launch.run([&](GM_ADDR ga, GM_ADDR gz, GM_ADDR gb, GM_ADDR gc) {
    GlobalTensor<half> zG, bG;
    GlobalTensor<float> cG;
    zG.SetGlobalBuffer((__gm__ half*)gz, m * k);
    bG.SetGlobalBuffer((__gm__ half*)gb, k * n);
    cG.SetGlobalBuffer((__gm__ float*)gc, m * n);
    TPipe pipe;
    Matmul<HalfIn, HalfIn, FloatOut, FloatOut, CFG_NORM, MatmulCallBackFunc<nullptr, copy_a1_nd2nz, nullptr>> mm;
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
    mm.SetUserDefInfo(reinterpret_cast<uint64_t>(&info));
    mm.SetSelfDefineData(reinterpret_cast<uint64_t>(ga));
    mm.SetTensorA(zG);
    mm.SetTensorB(bG);
    mm.IterateAll(cG);
    mm.End();
  }, (GM_ADDR)a.data(), (GM_ADDR)zeros.data(), (GM_ADDR)b.data(), (GM_ADDR)c.data());
  save("matmul_callback_copy_a1_a", a);
  save("matmul_callback_copy_a1_b", b);
  save("matmul_callback_copy_a1_c", c);
  save("matmul_callback_copy_a1_tile", std::vector<int32_t>{info.tile_m, info.tile_k});
}

// LoadDataWithTranspose of int8: three 32 x 32 squares (six 16 x 32 fractals) from L1; into L0B with dstGap 1,
// dstFracGap 0 (each square's two fractals together), and with dstGap 0, dstFracGap 2 (first fractals, then seconds).
CASE(load_transpose_b8) {
  std::vector<int8_t> src = pattern<int8_t>(3 * 1024, 7, 251, 1), together(3 * 1024, 0), split(3 * 1024, 0);
  opkit::sim::Launch launch{"b8", "Ascend910B2", 1};
  launch.set_kernel_type(KERNEL_TYPE_AIC_ONLY);
  launch.register_gm(src.data(), src.size(), "src");
  launch.run([&](GM_ADDR gs) {
    GlobalTensor<int8_t> sG;
    sG.SetGlobalBuffer((__gm__ int8_t*)gs, 3072);
    TPipe pipe;
    TBuf<TPosition::A1> l1;
    TBuf<TPosition::B2> l0b;
    pipe.InitBuffer(l1, 3072);
    pipe.InitBuffer(l0b, 3072);
    LocalTensor<int8_t> s = l1.Get<int8_t>(), d = l0b.Get<int8_t>();
    DataCopy(s, sG, 3072);
    // L0B has no path to GM: the test reads the fractals through the simulator's host view of the buffer
    LoadDataWithTranspose(d, s, LoadData2dTransposeParams(0, 3, 1, 1, 0));
    std::memcpy(together.data(), d.GetPhyAddr(), 3072);
    LoadDataWithTranspose(d, s, LoadData2dTransposeParams(0, 3, 1, 0, 2));
    std::memcpy(split.data(), d.GetPhyAddr(), 3072);
  }, (GM_ADDR)src.data());
  save("load_transpose_b8_src", src);
  save("load_transpose_b8_together", together);
  save("load_transpose_b8_split", split);
}
