// Cube misuse that must fault with a message naming the API and what is wrong (the Python side checks the text), and
// the host tiling's rules.
#include <cstring>

#include "cube_harness.h"
#include "lib/matmul_intf.h"
#include "tiling/tiling_api.h"

using namespace AscendC;

namespace {

// Runs `body` as the cube core of one AIC_ONLY block.
template <typename F>
void on_cube(F body) {
  std::vector<half> g(4096);
  opkit::sim::Launch launch{"cube_fault", "Ascend910B2", 1};
  launch.set_kernel_type(KERNEL_TYPE_AIC_ONLY);
  launch.register_gm(g.data(), g.size() * 2, "g");
  launch.run([&](GM_ADDR p) {
    GlobalTensor<half> gm;
    gm.SetGlobalBuffer((__gm__ half*)p, 4096);
    body(gm);
  }, (GM_ADDR)g.data());
}

}  // namespace

CASE(fault_l1_overflow) {  // 2 x 300 KB of A1 > 512 KB of L1
  on_cube([](GlobalTensor<half>&) {
    TPipe pipe;
    TQue<TPosition::A1, 2> q;
    pipe.InitBuffer(q, 2, 300 * 1024);
  });
}

CASE(fault_l0a_overflow) {  // 40 KB + 40 KB of A2 > 64 KB of L0A
  on_cube([](GlobalTensor<half>&) {
    TPipe pipe;
    TBuf<TPosition::A2> x, y;
    pipe.InitBuffer(x, 40 * 1024);
    pipe.InitBuffer(y, 40 * 1024);
  });
}

CASE(fault_bias_table_on_310p) {  // the bias table does not exist on Ascend310P
  std::vector<float> g(8);
  opkit::sim::Launch launch{"bt", "Ascend310P3", 1};
  launch.register_gm(g.data(), 32, "g");
  launch.run([](GM_ADDR) {
    TPipe pipe;
    TBuf<TPosition::C2> bt;
    pipe.InitBuffer(bt, 256);
  }, (GM_ADDR)g.data());
}

CASE(fault_mmad_wrong_position) {  // Mmad's fm must be in L0A (A2), not L1
  on_cube([](GlobalTensor<half>&) {
    TPipe pipe;
    TBuf<TPosition::A1> a1;
    TBuf<TPosition::B2> b2;
    TBuf<TPosition::CO1> c;
    pipe.InitBuffer(a1, 512);
    pipe.InitBuffer(b2, 512);
    pipe.InitBuffer(c, 1024);
    LocalTensor<float> co = c.Get<float>();
    Mmad(co, a1.Get<half>(), b2.Get<half>(), MmadParams{16, 16, 16, 0, false, true});
  });
}

CASE(fault_vector_api_on_l1) {  // a vector instruction on an L1 tensor
  on_cube([](GlobalTensor<half>&) {
    TPipe pipe;
    TBuf<TPosition::A1> a1;
    pipe.InitBuffer(a1, 512);
    LocalTensor<half> t = a1.Get<half>();
    Adds(t, t, half(1), 128);
  });
}

CASE(fault_misaligned_nd2nz) {  // a fractal copy to L1 16 bytes into a buffer
  on_cube([](GlobalTensor<half>& gm) {
    TPipe pipe;
    TBuf<TPosition::A1> a1;
    pipe.InitBuffer(a1, 4096);
    DataCopy(a1.Get<half>()[8], gm, Nd2NzParams{1, 16, 16, 0, 16, 16, 1, 0});
  });
}

CASE(fault_misaligned_load_l0a) {  // LoadData to L0A 32 bytes into a buffer: fractals are 512-byte aligned
  on_cube([](GlobalTensor<half>&) {
    TPipe pipe;
    TBuf<TPosition::A1> a1;
    TBuf<TPosition::A2> a2;
    pipe.InitBuffer(a1, 2048);
    pipe.InitBuffer(a2, 2048);
    LoadData(a2.Get<half>()[16], a1.Get<half>(), LoadData2DParams{0, 1, 1, 0, 0, false, 0});
  });
}

CASE(fault_load_past_buffer) {  // 3 fractals from a 2-fractal L1 buffer
  on_cube([](GlobalTensor<half>&) {
    TPipe pipe;
    TBuf<TPosition::B1> b1;
    TBuf<TPosition::B2> b2;
    pipe.InitBuffer(b1, 1024);
    pipe.InitBuffer(b2, 2048);
    LoadData(b2.Get<half>(), b1.Get<half>(), LoadData2DParams{0, 3, 1, 0, 0, true, 0});
  });
}

CASE(fault_fill_past_buffer) {  // Fill of L0A: 2 iterations of 2 blocks with a gap of 1 = 5 x 512 bytes > 2 KB
  on_cube([](GlobalTensor<half>&) {
    TPipe pipe;
    TBuf<TPosition::A2> a2;
    pipe.InitBuffer(a2, 2048);
    Fill(a2.Get<half>(), InitConstValueParams<half>(2, 2, 1, half(1)));
  });
}

CASE(fault_sparse_index_3) {  // 4:2 indices are 0-2: all-ones index bytes name position 3 of a 3-wide window
  on_cube([](GlobalTensor<half>&) {
    LocalTensor<int8_t> b1(TPosition::B1, 0, 512), a2(TPosition::A2, 0, 16 * 64), b2(TPosition::B2, 0, 512);
    LocalTensor<uint8_t> i1(TPosition::B1, 1024, 128);
    LocalTensor<int32_t> c(TPosition::CO1, 0, 256);
    std::memset(b1.GetPhyAddr(), 1, 512);
    std::memset(i1.GetPhyAddr(), 0xff, 128);
    LoadData2DParams lp;
    lp.repeatTimes = 1;
    LoadDataWithSparse(b2, b1, i1, lp);
    MmadWithSparse(c, a2, b2, MmadParams(16, 16, 64, 0, false, true));
  });
}

CASE(fault_missing_cross_set) {  // the vector cores wait for a flag their cube core never sets: a fault, not a hang
  std::vector<float> g(8);
  opkit::sim::Launch launch{"wait", "Ascend910B2", 2};
  launch.set_kernel_type(KERNEL_TYPE_MIX_AIC_1_2);
  launch.register_gm(g.data(), 32, "g");
  launch.run([](GM_ADDR) {
    if ASCEND_IS_AIC CrossCoreSetFlag<2, PIPE_FIX>(4);  // flag 4, where the vector cores wait for 5
    if ASCEND_IS_AIV CrossCoreWaitFlag(5);
  }, (GM_ADDR)g.data());
}

CASE(fault_cross_flag_vector_only) {
  std::vector<float> g(8);
  opkit::sim::Launch launch{"aiv", "Ascend910B2", 1};
  launch.set_kernel_type(KERNEL_TYPE_AIV_ONLY);
  launch.register_gm(g.data(), 32, "g");
  launch.run([](GM_ADDR) { CrossCoreWaitFlag(1); }, (GM_ADDR)g.data());
}

CASE(fault_declared_type_mismatch) {  // declares MIX_AIC_1_2 but the launch was told AIV only
  std::vector<float> g(8);
  opkit::sim::Launch launch{"mismatch", "Ascend910B2", 1};
  launch.set_kernel_type(KERNEL_TYPE_AIV_ONLY);
  launch.register_gm(g.data(), 32, "g");
  launch.run([](GM_ADDR) { KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2); }, (GM_ADDR)g.data());
}

CASE(fault_bad_cube_tiling) {  // a hand-written TCubeTiling with baseM 100
  on_cube([](GlobalTensor<half>& gm) {
    TPipe pipe;
    TCubeTiling t{};
    t.M = t.N = t.Ka = t.Kb = 128;
    t.singleCoreM = t.singleCoreN = t.singleCoreK = 128;
    t.baseM = 100;
    t.baseN = 64;
    t.baseK = 64;
    Matmul<MatmulType<TPosition::GM, CubeFormat::ND, half>, MatmulType<TPosition::GM, CubeFormat::ND, half>,
           MatmulType<TPosition::GM, CubeFormat::ND, float>> mm;
    mm.Init(&t, &pipe);
    (void)gm;
  });
}

// GetTiling's results over shapes, types and core counts obey CANN's documented constraints.
CASE(tiling_rules) {
  namespace mt = matmul_tiling;
  auto* plat = platform_ascendc::PlatformAscendCManager::GetInstance("Ascend910B2");
  struct Shape { int m, n, k, dim; mt::DataType dt; int fix_m, fix_n; };
  const Shape shapes[] = {{512, 1024, 512, 48, mt::DataType::DT_FLOAT16, -1, -1},
                          {1024, 640, 256, 2, mt::DataType::DT_FLOAT16, 256, 128},
                          {1024, 640, 256, 48, mt::DataType::DT_FLOAT16, -1, 160},
                          {33, 17, 1000, 8, mt::DataType::DT_INT8, -1, -1},
                          {4096, 4096, 4096, 24, mt::DataType::DT_FLOAT, -1, -1},
                          {1, 1, 1, 1, mt::DataType::DT_BF16, -1, -1}};
  for (const Shape& s : shapes) {
    mt::MultiCoreMatmulTiling t(*plat);
    t.SetDim(s.dim);
    t.SetAType(mt::TPosition::GM, mt::CubeFormat::ND, s.dt);
    t.SetBType(mt::TPosition::GM, mt::CubeFormat::ND, s.dt);
    t.SetCType(mt::TPosition::GM, mt::CubeFormat::ND, s.dt == mt::DataType::DT_INT8 ? mt::DataType::DT_INT32
                                                                                    : mt::DataType::DT_FLOAT);
    t.SetShape(s.m, s.n, s.k);
    t.SetOrgShape(s.m, s.n, s.k);
    t.SetFixSplit(s.fix_m, s.fix_n, -1);
    t.SetBias(true);
    optiling::TCubeTiling r;
    expect(t.GetTiling(r) == 0, "GetTiling failed");
    const int bytes = mt::dtype_bytes(s.dt), c0 = 32 / bytes;
    expect(r.baseM % 16 == 0 && r.baseN % 16 == 0 && r.baseK % c0 == 0, "base blocks are whole fractals");
    expect(s.fix_m < 0 || r.baseM == s.fix_m, "fixed baseM kept");
    expect(s.fix_n < 0 || r.baseN == s.fix_n, "fixed baseN kept");
    expect(int64_t(r.baseM) * r.baseK * bytes * r.dbL0A <= 64 * 1024, "L0A");
    expect(int64_t(r.baseN) * r.baseK * bytes * r.dbL0B <= 64 * 1024, "L0B");
    expect(int64_t(r.baseM) * r.baseN * 4 * r.dbL0C <= 128 * 1024, "L0C");
    expect(int64_t(r.depthA1) * r.baseM * r.baseK * bytes + int64_t(r.depthB1) * r.baseN * r.baseK * bytes +
               r.baseN * 4 <= 512 * 1024, "L1");
    expect(r.usedCoreNum >= 1 && r.usedCoreNum <= s.dim, "usedCoreNum within dim");
    const int mb = (s.m + r.singleCoreM - 1) / r.singleCoreM, nb = (s.n + r.singleCoreN - 1) / r.singleCoreN;
    expect(mb * nb == r.usedCoreNum, "the cores cover C exactly");
    expect(r.singleCoreK == s.k && r.M == s.m && r.N == s.n && r.Ka == s.k && r.isBias == 1, "shapes");
    // CANN's bytes for a plain (no batch) tiling: batchM/N and singleBatchM/N 1, BatchNum 0 (asc-devkit's
    // matmul_aot_compilation holds them for 512 x 512 x 128)
    expect(r.batchM == 1 && r.batchN == 1 && r.singleBatchM == 1 && r.singleBatchN == 1 && r.BatchNum == 0,
           "no-batch fields");
  }
  mt::MatmulApiTiling bad(*plat);  // fixed base blocks that cannot fit L0C
  bad.SetAType(mt::TPosition::GM, mt::CubeFormat::ND, mt::DataType::DT_FLOAT16);
  bad.SetBType(mt::TPosition::GM, mt::CubeFormat::ND, mt::DataType::DT_FLOAT16);
  bad.SetShape(1024, 1024, 64);
  bad.SetFixSplit(512, 512, -1);
  optiling::TCubeTiling r;
  expect(bad.GetTiling(r) == -1, "an impossible fixed split is refused");
}
