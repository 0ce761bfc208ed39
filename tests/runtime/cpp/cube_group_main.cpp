// Driver of the cube group tests: `cg <mode> <dir>`. A mixed kernel of 2 AI Cores (2 cube, 4 vector cores) makes one
// CubeResGroupHandle over both cube cores with a queue per vector core; each vector core sends matmul jobs (8 rows of
// C = A x B + bias, A 160x64 half, B 64x32 half, bias 32 float) to its cube core, which runs them in its callback. In
// mode `ok` each vector core posts 5 jobs (two in flight, so its queue wraps) and vector core 0 sends one merged job
// that covers vector core 1's first rows too (vector core 1 posts a FAKE message, the callback frees it and skips it).
// a, b, bias and c go to <dir>/*.bin for numpy. Other modes misuse the API; a fault prints "fault: ..." and exits 3.
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "lib/matmul_intf.h"
#include "tiling/platform/platform_ascendc.h"
#include "tiling/tiling_api.h"

using namespace AscendC;

namespace {

constexpr int kM = 160, kN = 32, kK = 64, kRows = 8, kJobs = 5, kQueues = 4;
std::string g_mode;

struct JobMsg {
  CubeGroupMsgHead head;
  uint8_t funcID;  // 0: one job; 1: this job and the next queue's (merged, the next queue posts FAKE)
  uint8_t pad;
  uint32_t row;    // first row of C
  uint8_t rest[56];
};

using AType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using CType = MatmulType<TPosition::GM, CubeFormat::ND, float>;
using MmType = MatmulImpl<AType, AType, CType, CType, CFG_NORM>;

// The operands, set by the host before the launch (the callback's Init sees only the tiling).
struct Gm {
  GM_ADDR a;
  GM_ADDR b;
  GM_ADDR bias;
  GM_ADDR c;
};
Gm g_gm;

template <class MatmulApiCfg, typename Msg>
struct JobCallback {
  static void Run(MatmulApiCfg& mm, uint32_t row, int rows) {
    GlobalTensor<half> aG, bG;
    GlobalTensor<float> biasG, cG;
    aG.SetGlobalBuffer((__gm__ half*)g_gm.a + row * kK, rows * kK);
    bG.SetGlobalBuffer((__gm__ half*)g_gm.b, kK * kN);
    biasG.SetGlobalBuffer((__gm__ float*)g_gm.bias, kN);
    cG.SetGlobalBuffer((__gm__ float*)g_gm.c + row * kN, rows * kN);
    mm.SetTensorA(aG);
    mm.SetTensorB(bG);
    mm.SetBias(biasG);
    mm.SetTail(rows, kN, kK);
    mm.IterateAll(cG);
    mm.End();
  }
  static void Call(MatmulApiCfg& mm, __gm__ Msg* rcvMsg, CubeResGroupHandle<Msg>& handle) {
    if (rcvMsg->funcID == 1) {
      Run(mm, rcvMsg->row, kRows);
      Run(mm, rcvMsg->row + kJobs * kRows, kRows);  // the next queue's first job
      handle.FreeMessage(rcvMsg, CubeMsgState::VALID);
      handle.FreeMessage(rcvMsg + 1, CubeMsgState::FAKE);
      handle.SetSkipMsg(g_mode == "skip" ? 2 : 1);
      return;
    }
    Run(mm, rcvMsg->row, kRows);
    if (g_mode != "nofree") handle.FreeMessage(rcvMsg);
  }
  static void Init(JobCallback<MatmulApiCfg, Msg>& self, MatmulApiCfg& mm, GM_ADDR tilingGM) {
    self.tiling = *reinterpret_cast<__gm__ TCubeTiling*>(tilingGM);
    mm.SetSubBlockIdx(0);
    mm.Init(&self.tiling, GetTPipePtr());
  }
  TCubeTiling tiling;
};

void cube_group_kernel(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR workspace, GM_ADDR tiling) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
  TPipe pipe;
  (void)a, (void)b, (void)bias, (void)c;
  KfcWorkspace desc(workspace);
  const uint8_t queues = g_mode == "size" ? 6 : kQueues;
  auto handle = CreateCubeResGroup<1, MmType, JobCallback, JobMsg>(desc, 0, 4, queues, tiling);
  const uint32_t q = uint32_t(GetBlockIdx());
  if (g_mode != "noassign") handle.AssignQueue(g_mode == "queue" ? 4 : g_mode == "twice" ? q % 2 : q);
  if ASCEND_IS_AIC { return; }
  if (g_mode == "noquit" && q == 3) return;
  uint16_t inflight[2] = {};
  for (int j = 0; j < kJobs; ++j) {
    JobMsg msg{};
    msg.head = CubeGroupMsgHead{CubeMsgState::VALID, uint8_t(q)};
    msg.row = uint32_t((q * kJobs + j) * kRows);
    if (g_mode == "state_free") msg.head.msgState = CubeMsgState::FREE;
    if (g_mode == "overalloc") {
      for (uint32_t i = 0; i <= MAX_MSG_PER_AIV; ++i) handle.AllocMessage();  // 5 slots of a 4-deep queue, none posted
    }
    auto* slot = handle.AllocMessage();
    if (g_mode == "unposted_wait") {
      handle.Wait<true>(0);
      return;
    }
    if (g_mode == "past") slot += 1;
    uint16_t off;
    if (j == 0 && q == 1) {
      off = handle.PostFakeMsg(slot);  // vector core 0's merged job covers these rows
    } else {
      msg.funcID = (j == 0 && q == 0) ? 1 : 0;
      off = handle.PostMessage(slot, msg);
    }
    if (j >= 1) handle.Wait<true>(inflight[(j - 1) % 2]);
    inflight[j % 2] = off;
  }
  handle.Wait<true>(inflight[(kJobs - 1) % 2]);
  bool done = handle.Wait<false>(inflight[(kJobs - 1) % 2]);
  if (!done) Trap();
  handle.SetQuit(handle.AllocMessage());
}

template <typename T>
void save(const std::string& path, const std::vector<T>& v) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr || std::fwrite(v.data(), sizeof(T), v.size(), f) != v.size()) std::exit(2);
  std::fclose(f);
}

TCubeTiling job_tiling() {
  auto* plat = platform_ascendc::PlatformAscendCManager::GetInstance("Ascend910B2");
  matmul_tiling::MultiCoreMatmulTiling t(*plat);
  namespace mt = matmul_tiling;
  t.SetDim(1);
  t.SetAType(mt::TPosition::GM, mt::CubeFormat::ND, mt::DataType::DT_FLOAT16);
  t.SetBType(mt::TPosition::GM, mt::CubeFormat::ND, mt::DataType::DT_FLOAT16);
  t.SetCType(mt::TPosition::GM, mt::CubeFormat::ND, mt::DataType::DT_FLOAT);
  t.SetBiasType(mt::TPosition::GM, mt::CubeFormat::ND, mt::DataType::DT_FLOAT);
  t.SetShape(kRows, kN, kK);
  t.SetOrgShape(kRows, kN, kK);
  t.SetBias(true);
  t.SetBufferSpace(-1, -1, -1);
  optiling::TCubeTiling tiling;
  if (t.GetTiling(tiling) != 0) std::exit(2);
  return tiling;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) return 2;
  g_mode = argv[1];
  const std::string dir = argv[2];
  std::vector<half> a(kM * kK), b(kK * kN);
  std::vector<float> bias(kN), c(kM * kN, std::numeric_limits<float>::quiet_NaN());
  for (int i = 0; i < kM * kK; ++i) a[i] = half(float((i * 7) % 11 - 5) / 4);
  for (int i = 0; i < kK * kN; ++i) b[i] = half(float((i * 5) % 13 - 6) / 4);
  for (int i = 0; i < kN; ++i) bias[i] = float(i % 7 - 3);
  TCubeTiling tiling = job_tiling();
  // Two groups' worth of messages (a group of 2 cube cores x 2 queues x 4 rows x 64 bytes needs 1 KiB), zeroed as CANN
  // asks; `unzeroed`: all-ones bytes left by earlier use.
  std::vector<uint8_t> ws(2048, g_mode == "unzeroed" ? 0xff : 0);
  opkit::sim::Launch launch{"cube_group", "Ascend910B2", 2};
  launch.set_kernel_type(KERNEL_TYPE_MIX_AIC_1_2);
  launch.register_gm(a.data(), a.size() * 2, "a").register_gm(b.data(), b.size() * 2, "b");
  launch.register_gm(bias.data(), bias.size() * 4, "bias").register_gm(c.data(), c.size() * 4, "c");
  launch.register_gm(ws.data(), ws.size(), "workspace").register_gm(&tiling, sizeof(tiling), "tiling");
  g_gm = Gm{(GM_ADDR)a.data(), (GM_ADDR)b.data(), (GM_ADDR)bias.data(), (GM_ADDR)c.data()};
  // `relaunch`: the jobs twice on the same workspace, not zeroed in between.
  const int runs = g_mode == "relaunch" ? 2 : 1;
  if (runs == 2) g_mode = "ok";
  try {
    for (int r = 0; r < runs; ++r) {
      launch.run(cube_group_kernel, (GM_ADDR)a.data(), (GM_ADDR)b.data(), (GM_ADDR)bias.data(), (GM_ADDR)c.data(),
                 (GM_ADDR)ws.data(), (GM_ADDR)&tiling);
    }
  } catch (const opkit::sim::KernelFault& e) {
    std::printf("fault: %s\n", e.what());
    return 3;
  }
  save(dir + "/a.bin", a);
  save(dir + "/b.bin", b);
  save(dir + "/bias.bin", bias);
  save(dir + "/c.bin", c);
  return 0;
}
