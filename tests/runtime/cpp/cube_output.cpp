// How the Matmul API lays C out and what it gives per Iterate: C in ND_ALIGN (rows 32 bytes aligned, padding zeroed),
// SetOrgShape's orgKc (C's own row width), isPartialOutput (one baseK slice per Iterate, written sequentially);
// CrossCoreSetFlag's modes 0 and 1 between vector cores adding into one GM with SetAtomicAdd, and the fault when such
// an add lands on GM that was not cleared (all-ones bytes left there).
#include <cstring>

#include "cube_harness.h"
#include "lib/matmul_intf.h"
#include "tiling/tiling_api.h"

using namespace AscendC;

namespace {

namespace mt = matmul_tiling;
using HalfIn = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using FloatOut = MatmulType<TPosition::GM, CubeFormat::ND, float>;
using FloatAlign = MatmulType<TPosition::GM, CubeFormat::ND_ALIGN, float>;

TCubeTiling fixed_tiling(int m, int n, int k, mt::CubeFormat c_format, int base_m, int base_n, int base_k,
                         bool bias = false) {
  mt::MatmulApiTiling t(*platform_ascendc::PlatformAscendCManager::GetInstance("Ascend910B2"));
  t.SetAType(mt::TPosition::GM, mt::CubeFormat::ND, mt::DataType::DT_FLOAT16);
  t.SetBType(mt::TPosition::GM, mt::CubeFormat::ND, mt::DataType::DT_FLOAT16);
  t.SetCType(mt::TPosition::GM, c_format, mt::DataType::DT_FLOAT);
  t.SetBiasType(mt::TPosition::GM, mt::CubeFormat::ND, mt::DataType::DT_FLOAT);
  t.SetOrgShape(m, n, k);
  t.SetShape(m, n, k);
  t.EnableBias(bias);
  t.SetFixSplit(base_m, base_n, base_k);
  optiling::TCubeTiling tiling;
  expect(t.GetTiling(tiling) == 0, "GetTiling failed");
  return tiling;
}

constexpr MatmulConfig partial_cfg() {
  MatmulConfig c = CFG_MDL;
  c.isPartialOutput = true;
  return c;
}
constexpr MatmulConfig kPartialCfg = partial_cfg();

}  // namespace

// C = A x B (20 x 37 x 32) with C in ND_ALIGN: rows 40 floats apart, columns 37..39 zero; then the same product in ND
// with SetOrgShape's orgKc = 48: rows 48 apart, the rest of each row untouched. baseN 16: three column blocks.
CASE(matmul_nd_align) {
  constexpr int m = 20, n = 37, k = 32, aligned = 40, kc = 48;
  const TCubeTiling align_t = fixed_tiling(m, n, k, mt::CubeFormat::ND_ALIGN, 16, 16, 32);
  const TCubeTiling nd_t = fixed_tiling(m, n, k, mt::CubeFormat::ND, 16, 16, 32);
  std::vector<half> a = pattern<half>(m * k, 7, 11, 4), b = pattern<half>(k * n, 5, 13, 4);
  std::vector<float> c(m * aligned, -1.0f), c_kc(m * kc, -1.0f);
  opkit::sim::Launch launch{"nd_align", "Ascend910B2", 1};
  launch.set_kernel_type(KERNEL_TYPE_AIC_ONLY);
  launch.register_gm(a.data(), a.size() * 2, "a").register_gm(b.data(), b.size() * 2, "b");
  launch.register_gm(c.data(), c.size() * 4, "c").register_gm(c_kc.data(), c_kc.size() * 4, "c_kc");
  launch.run([&](GM_ADDR ga, GM_ADDR gb, GM_ADDR gc, GM_ADDR gk) {
    GlobalTensor<half> aG, bG;
    GlobalTensor<float> cG, kG;
    aG.SetGlobalBuffer((__gm__ half*)ga, m * k);
    bG.SetGlobalBuffer((__gm__ half*)gb, k * n);
    cG.SetGlobalBuffer((__gm__ float*)gc, m * aligned);
    kG.SetGlobalBuffer((__gm__ float*)gk, m * kc);
    TPipe pipe;
    Matmul<HalfIn, HalfIn, FloatAlign> mm;
    mm.Init(&align_t, &pipe);
    mm.SetTensorA(aG);
    mm.SetTensorB(bG);
    mm.IterateAll(cG);
    mm.End();
    pipe.Reset();
    Matmul<HalfIn, HalfIn, FloatOut> nd;
    nd.Init(&nd_t, &pipe);
    nd.SetOrgShape(m, n, k, k, kc);
    nd.SetTensorA(aG);
    nd.SetTensorB(bG);
    while (nd.Iterate()) nd.GetTensorC(kG);
    nd.End();
  }, (GM_ADDR)a.data(), (GM_ADDR)b.data(), (GM_ADDR)c.data(), (GM_ADDR)c_kc.data());
  save("matmul_nd_align_a", a);
  save("matmul_nd_align_b", b);
  save("matmul_nd_align_c", c);
  save("matmul_nd_align_c_kc", c_kc);
}

// isPartialOutput (MDL): C = A x B (32 x 32 x 96, base 16 x 32 x 32) comes as 2 blocks x 3 baseK slices, each
// written sequentially (baseM x baseN) one after another, the blocks' slices K-innermost.
CASE(matmul_partial_output) {
  constexpr int m = 32, n = 32, k = 96;
  const TCubeTiling t = fixed_tiling(m, n, k, mt::CubeFormat::ND, 16, 32, 32);
  std::vector<half> a = pattern<half>(m * k, 7, 11, 4), b = pattern<half>(k * n, 5, 13, 4);
  std::vector<float> ws(2 * 3 * 16 * 32, -1.0f);
  std::vector<int32_t> slices(1, 0);
  opkit::sim::Launch launch{"partial", "Ascend910B2", 1};
  launch.set_kernel_type(KERNEL_TYPE_AIC_ONLY);
  launch.register_gm(a.data(), a.size() * 2, "a").register_gm(b.data(), b.size() * 2, "b");
  launch.register_gm(ws.data(), ws.size() * 4, "ws");
  launch.run([&](GM_ADDR ga, GM_ADDR gb, GM_ADDR gw) {
    GlobalTensor<half> aG, bG;
    GlobalTensor<float> wG;
    aG.SetGlobalBuffer((__gm__ half*)ga, m * k);
    bG.SetGlobalBuffer((__gm__ half*)gb, k * n);
    wG.SetGlobalBuffer((__gm__ float*)gw, 2 * 3 * 16 * 32);
    TPipe pipe;
    Matmul<HalfIn, HalfIn, FloatOut, FloatOut, kPartialCfg> mm;
    mm.Init(&t, &pipe);
    mm.SetTensorA(aG);
    mm.SetTensorB(bG);
    uint32_t offset = 0;
    while (mm.Iterate()) {
      mm.GetTensorC(wG[offset], 0, true);
      offset += 16 * 32;
      ++slices[0];
    }
    mm.End();
  }, (GM_ADDR)a.data(), (GM_ADDR)b.data(), (GM_ADDR)ws.data());
  expect(slices[0] == 6, "isPartialOutput: 2 blocks x 3 baseK slices = 6 Iterates");
  save("matmul_partial_output_a", a);
  save("matmul_partial_output_b", b);
  save("matmul_partial_output_c", ws);
}

CASE(fault_partial_output_bias) {  // CANN: "PartialOutput not support bias"
  const TCubeTiling t = fixed_tiling(32, 32, 64, mt::CubeFormat::ND, 16, 32, 32, true);
  std::vector<half> a(32 * 64, half(1.0f)), b(64 * 32, half(1.0f));
  std::vector<float> bias(32, 0.0f), c(32 * 32, 0.0f);
  opkit::sim::Launch launch{"partial_bias", "Ascend910B2", 1};
  launch.set_kernel_type(KERNEL_TYPE_AIC_ONLY);
  launch.register_gm(a.data(), a.size() * 2, "a").register_gm(b.data(), b.size() * 2, "b");
  launch.register_gm(bias.data(), bias.size() * 4, "bias").register_gm(c.data(), c.size() * 4, "c");
  launch.run([&](GM_ADDR ga, GM_ADDR gb, GM_ADDR gbias, GM_ADDR gc) {
    GlobalTensor<half> aG, bG;
    GlobalTensor<float> biasG, cG;
    aG.SetGlobalBuffer((__gm__ half*)ga, 32 * 64);
    bG.SetGlobalBuffer((__gm__ half*)gb, 64 * 32);
    biasG.SetGlobalBuffer((__gm__ float*)gbias, 32);
    cG.SetGlobalBuffer((__gm__ float*)gc, 32 * 32);
    TPipe pipe;
    Matmul<HalfIn, HalfIn, FloatOut, FloatOut, kPartialCfg> mm;
    mm.Init(&t, &pipe);
    mm.SetTensorA(aG);
    mm.SetTensorB(bG);
    mm.SetBias(biasG);
    while (mm.Iterate()) mm.GetTensorC(cG, 0, true);
  }, (GM_ADDR)a.data(), (GM_ADDR)b.data(), (GM_ADDR)bias.data(), (GM_ADDR)c.data());
}

namespace {

// Each vector core adds x * (its block idx) into z with SetAtomicAdd, then the group syncs (mode 0: all 6 vector
// cores of 3 AI Cores; mode 1: the two of one AI Core, each pair into its own 8 floats), and the first of the group
// copies z to out: right only if every add of the group landed before the wait returned.
template <uint8_t mode>
void atomic_then_sync(GM_ADDR z, GM_ADDR out) {
  if ASCEND_IS_AIC return;
  constexpr int len = 8;
  const int64_t at = mode == 1 ? GetBlockIdx() / 2 * len : 0;
  GlobalTensor<float> zG, oG;
  zG.SetGlobalBuffer((__gm__ float*)z + at, len);
  oG.SetGlobalBuffer((__gm__ float*)out + at, len);
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 2 * len * 4);
  LocalTensor<float> x = buf.Get<float>(), y = x[len];
  Duplicate(x, float(GetBlockIdx()), len);
  SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
  SetAtomicAdd<float>();
  DataCopy(zG, x, len);
  CrossCoreSetFlag<mode, PIPE_MTE3>(1);
  CrossCoreWaitFlag(1);
  SetAtomicNone();
  if (GetBlockIdx() == (mode == 1 ? GetBlockIdx() / 2 * 2 : 0)) {
    DataCopy(y, zG, len);
    SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    DataCopy(oG, y, len);
  }
}

template <uint8_t mode>
std::vector<float> run_atomic_sync(uint8_t z_fill) {
  std::vector<float> z(3 * 8), out(3 * 8, -1.0f);
  std::memset(z.data(), z_fill, z.size() * 4);
  opkit::sim::Launch launch{"atomic_sync", "Ascend910B2", 3};
  launch.set_kernel_type(KERNEL_TYPE_MIX_AIC_1_2);
  launch.register_gm(z.data(), z.size() * 4, "z").register_gm(out.data(), out.size() * 4, "out");
  launch.run(atomic_then_sync<mode>, (GM_ADDR)z.data(), (GM_ADDR)out.data());
  return out;
}

}  // namespace

CASE(cross_core_modes_0_1) {
  const std::vector<float> all = run_atomic_sync<0>(0);
  for (int i = 0; i < 8; ++i) expect(all[i] == 15.0f, "mode 0: the sum of all 6 vector cores' ids (0+...+5)");
  const std::vector<float> pairs = run_atomic_sync<1>(0);
  for (int b = 0; b < 3; ++b) {
    for (int i = 0; i < 8; ++i) expect(pairs[b * 8 + i] == float(4 * b + 1), "mode 1: 2b + (2b + 1) per AI Core");
  }
}

// The same adds onto GM that was not cleared and holds all-ones bytes (garbage left by earlier use: NaN as float).
CASE(fault_atomic_add_onto_uncleared_gm) { run_atomic_sync<0>(0xff); }

namespace {

// The split-K pattern: every block clears z, then adds its id into it with SetAtomicAdd. Without a SyncAll between
// the clears and the adds, a block that starts late clears the adds of blocks that already finished (on the device
// too, whenever a block starts late): a fault naming the race. With the SyncAll the sum is exact.
template <bool sync>
void clear_then_add(GM_ADDR z) {
  constexpr int len = 8;
  GlobalTensor<float> zG;
  zG.SetGlobalBuffer((__gm__ float*)z, len);
  InitGlobalMemory(zG, len, 0.0f);
  if constexpr (sync) SyncAll();
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, len * 4);
  LocalTensor<float> x = buf.Get<float>();
  Duplicate(x, float(GetBlockIdx()), len);
  SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
  SetAtomicAdd<float>();
  DataCopy(zG, x, len);
  SetAtomicNone();
}

// More blocks than the launch has threads (the test runs it with OPKIT_SIM_THREADS=2), so that some block starts only
// after another has finished.
constexpr int kRaceBlocks = 40;

template <bool sync>
std::vector<float> run_clear_then_add() {
  std::vector<float> z(8, 0.0f);
  opkit::sim::Launch launch{"clear_then_add", "Ascend910B2", kRaceBlocks};
  launch.set_kernel_type(KERNEL_TYPE_AIV_ONLY);
  launch.register_gm(z.data(), z.size() * 4, "z");
  launch.run(clear_then_add<sync>, (GM_ADDR)z.data());
  return z;
}

}  // namespace

CASE(clear_syncall_then_atomic_add) {
  const std::vector<float> z = run_clear_then_add<true>();
  for (float v : z) expect(v == float(kRaceBlocks * (kRaceBlocks - 1) / 2), "the sum of all block ids");
}

CASE(fault_clear_races_atomic_adds) { run_clear_then_add<false>(); }

namespace {

// The unaligned-copy pattern (a padded tail added atomically past each block's slice): every block clears its own 8
// floats, then adds 8 values and 8 zeros from there, so its zeros land in the next block's slice, before or after that
// block's clear, and in the never-written slice past the last block. Adding zero changes nothing whatever the order:
// no fault, each slice holds its own block's values and the last slice keeps the fill.
void clear_then_spill_zeros(GM_ADDR z) {
  constexpr int len = 8;
  GlobalTensor<float> zG;
  zG.SetGlobalBuffer((__gm__ float*)z + GetBlockIdx() * len, 2 * len);
  InitGlobalMemory(zG, len, 0.0f);
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 2 * len * 4);
  LocalTensor<float> x = buf.Get<float>();
  Duplicate(x, 0.0f, 2 * len);
  Duplicate(x, float(GetBlockIdx() + 1), len);
  SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
  SetAtomicAdd<float>();
  DataCopy(zG, x, 2 * len);
  SetAtomicNone();
}

}  // namespace

CASE(atomic_zero_tail_spill) {
  std::vector<float> z((kRaceBlocks + 1) * 8);
  std::memset(z.data(), 0xff, z.size() * 4);
  opkit::sim::Launch launch{"clear_then_spill_zeros", "Ascend910B2", kRaceBlocks};
  launch.set_kernel_type(KERNEL_TYPE_AIV_ONLY);
  launch.register_gm(z.data(), z.size() * 4, "z");
  launch.run(clear_then_spill_zeros, (GM_ADDR)z.data());
  for (int b = 0; b < kRaceBlocks; ++b) {
    for (int i = 0; i < 8; ++i) expect(z[b * 8 + i] == float(b + 1), "each slice holds its block's values");
  }
  uint32_t bits = 0;
  std::memcpy(&bits, &z[kRaceBlocks * 8], 4);
  expect(bits == 0xffffffffu, "the slice past the last block keeps the fill: zeros added to it changed nothing");
}
