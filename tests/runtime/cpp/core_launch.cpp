// Launches: many blocks, SyncAll across more blocks than threads, faults that stop a launch, CANN's ICPU host API.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "core_harness.h"
#include "kernel_operator.h"

using namespace AscendC;

static void check(bool ok, const std::string& what) {
  if (!ok) throw std::runtime_error(what);
}

constexpr int32_t kTile = 64;

// Each block adds its two tiles of x and y through queues (the shape of every CANN sample kernel).
extern "C" __global__ __aicore__ void queue_add(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
  const int64_t per_block = kTile * 2;
  GlobalTensor<float> gx, gy, gz;
  gx.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x) + GetBlockIdx() * per_block, per_block);
  gy.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y) + GetBlockIdx() * per_block, per_block);
  gz.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(z) + GetBlockIdx() * per_block, per_block);
  TPipe pipe;
  TQue<QuePosition::VECIN, 2> in_x, in_y;
  TQue<QuePosition::VECOUT, 2> out_z;
  pipe.InitBuffer(in_x, 2, kTile * sizeof(float));
  pipe.InitBuffer(in_y, 2, kTile * sizeof(float));
  pipe.InitBuffer(out_z, 2, kTile * sizeof(float));
  for (int32_t t = 0; t < 2; ++t) {
    LocalTensor<float> lx = in_x.AllocTensor<float>(), ly = in_y.AllocTensor<float>();
    DataCopy(lx, gx[t * kTile], kTile);
    DataCopy(ly, gy[t * kTile], kTile);
    in_x.EnQue(lx);
    in_y.EnQue(ly);
    LocalTensor<float> ax = in_x.DeQue<float>(), ay = in_y.DeQue<float>();
    LocalTensor<float> lz = out_z.AllocTensor<float>();
    for (int32_t i = 0; i < kTile; ++i) lz.SetValue(i, ax.GetValue(i) + ay.GetValue(i) + float(GetBlockNum()));
    out_z.EnQue(lz);
    in_x.FreeTensor(ax);
    in_y.FreeTensor(ay);
    LocalTensor<float> oz = out_z.DeQue<float>();
    DataCopy(gz[t * kTile], oz, kTile);
    out_z.FreeTensor(oz);
  }
}

static void run_add(int blocks) {
  const size_t n = size_t(blocks) * kTile * 2;
  std::vector<float> x(n), y(n), z(n, -1.0f);
  for (size_t i = 0; i < n; ++i) {
    x[i] = float(i);
    y[i] = 0.5f * float(i);
  }
  opkit::sim::Launch launch{"queue_add", "Ascend910B2", blocks};
  launch.register_gm(x.data(), n * 4, "x").register_gm(y.data(), n * 4, "y").register_gm(z.data(), n * 4, "z");
  launch.run(queue_add, reinterpret_cast<GM_ADDR>(x.data()), reinterpret_cast<GM_ADDR>(y.data()),
             reinterpret_cast<GM_ADDR>(z.data()));
  for (size_t i = 0; i < n; ++i) check(z[i] == 1.5f * float(i) + float(blocks), "z[" + std::to_string(i) + "]");
}

CASE(many_blocks) { run_add(40); }

// Block b writes slot b, waits, then reads its neighbour's slot: wrong without a real barrier.
static void run_exchange(int blocks, int64_t faulty_block) {
  std::vector<int32_t> slots(size_t(blocks) * 8, 0), seen(size_t(blocks) * 8, 0);
  opkit::sim::Launch launch{"exchange", "Ascend910B2", blocks};
  launch.register_gm(slots.data(), slots.size() * 4, "slots").register_gm(seen.data(), seen.size() * 4, "seen");
  launch.run([faulty_block](GM_ADDR s, GM_ADDR out) {
    GlobalTensor<int32_t> gs, go;
    gs.SetGlobalBuffer(reinterpret_cast<int32_t*>(s));
    go.SetGlobalBuffer(reinterpret_cast<int32_t*>(out));
    const int64_t b = GetBlockIdx(), n = GetBlockNum();
    if (b == faulty_block) gs.SetValue(uint64_t(n) * 8, 1);  // past the end of "slots"
    for (int round = 1; round <= 2; ++round) {
      gs.SetValue(uint64_t(b) * 8, int32_t(b * 10 + round));
      SyncAll();
      go.SetValue(uint64_t(b) * 8, gs.GetValue(uint64_t((b + 1) % n) * 8));
      SyncAll();
    }
  }, reinterpret_cast<GM_ADDR>(slots.data()), reinterpret_cast<GM_ADDR>(seen.data()));
  for (int b = 0; b < blocks; ++b) check(seen[size_t(b) * 8] == ((b + 1) % blocks) * 10 + 2, "exchange");
}

CASE(syncall_across_blocks) { run_exchange(16, -1); }
CASE(syncall_fault_while_others_wait) { run_exchange(16, 5); }

CASE(syncall_block_returns_early) {
  opkit::sim::Launch launch{"early", "Ascend910B2", 4};
  launch.run([] {
    if (GetBlockIdx() == 2) return;
    SyncAll();
  });
}

// Block 0 faults at once; the others would loop for minutes if they did not stop at their next API call.
CASE(fault_stops_other_blocks) {
  const auto start = std::chrono::steady_clock::now();
  try {
    opkit::sim::Launch launch{"stop", "Ascend910B2", 8};
    launch.run([] {
      TPipe pipe;
      TBuf<TPosition::VECCALC> b, next;  // index 999 lands in next's bytes: a fault
      pipe.InitBuffer(b, 64);
      pipe.InitBuffer(next, 4096);
      if (GetBlockIdx() == 0) b.Get<float>().GetValue(999);
      for (int64_t i = 0; i < int64_t(1) << 40; ++i) b.Get<float>().SetValue(0, 1.0f);
    });
  } catch (const opkit::sim::KernelFault& f) {
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    check(f.block() == 0 && f.api() == "LocalTensor::GetValue", "the fault of block 0 surfaces");
    check(s < 10.0, "other blocks stopped");
    run_add(3);  // and the next launch works
    throw;
  }
}

CASE(next_launch_after_fault) {
  for (int i = 0; i < 3; ++i) {
    try {
      run_exchange(6, 2);
      check(false, "expected a fault");
    } catch (const opkit::sim::KernelFault&) {
    }
    run_add(5);
    run_exchange(6, -1);
  }
}

extern "C" __global__ __aicore__ void icpu_kernel(GM_ADDR x, GM_ADDR tiling) {
  GlobalTensor<int32_t> gx;
  gx.SetGlobalBuffer(reinterpret_cast<int32_t*>(x));
  const int32_t step = *reinterpret_cast<int32_t*>(tiling);
  gx.SetValue(uint64_t(GetBlockIdx()) * step, TILING_KEY_IS(7) ? 7 : 1);
}

// A CANN kernel-launch sample's host program, unchanged.
CASE(icpu_run_kf) {
  uint8_t* x = static_cast<uint8_t*>(AscendC::GmAlloc(8 * 4 * sizeof(int32_t)));
  uint8_t* tiling = static_cast<uint8_t*>(AscendC::GmAlloc(sizeof(int32_t)));
  *reinterpret_cast<int32_t*>(tiling) = 4;
  AscendC::SetKernelMode(KernelMode::AIV_MODE);
  ICPU_SET_TILING_KEY(7);
  ICPU_RUN_KF(icpu_kernel, 8, x, tiling);
  for (int b = 0; b < 8; ++b) check(reinterpret_cast<int32_t*>(x)[b * 4] == 7, "ICPU_RUN_KF ran every block");
  AscendC::GmFree(x);
  AscendC::GmFree(tiling);
}

// Out of bounds under ICPU_RUN_KF: printed with the argument's name, then exit status 1 (as CANN aborts).
CASE(icpu_run_kf_fault) {
  uint8_t* x = static_cast<uint8_t*>(AscendC::GmAlloc(8 * sizeof(int32_t)));
  uint8_t* tiling = static_cast<uint8_t*>(AscendC::GmAlloc(sizeof(int32_t)));
  *reinterpret_cast<int32_t*>(tiling) = 4;
  ICPU_SET_TILING_KEY(0);
  ICPU_RUN_KF(icpu_kernel, 3, x, tiling);
}

CASE(gm_free_unknown) {
  int32_t local = 0;
  AscendC::GmFree(&local);
}

// ---- the watchdog: a launch past its time limit is cancelled, saying where each block still running is ----

// Block 1 spins without calling any API (only the watchdog's signal can stop it); block 0 loops on SetValue.
extern "C" __global__ __aicore__ void never_returns(GM_ADDR x) {
  GlobalTensor<float> g;
  g.SetGlobalBuffer(reinterpret_cast<float*>(x), 16);
  if (GetBlockIdx() == 1) {
    volatile uint64_t spins = 0;
    for (;;) spins = spins + 1;
  }
  for (;;) g.SetValue(0, 1.0f);  // LINE:never_returns
}

static void launch_never_returns(int blocks, double timeout) {
  static float x[16];
  opkit::sim::Launch launch{"hang", "Ascend910B2", blocks};
  launch.register_gm(x, sizeof(x), "x");
  if (timeout >= 0) launch.set_timeout(timeout);
  launch.run(never_returns, reinterpret_cast<GM_ADDR>(x));
}

// Twice over: the launch is cancelled (the second fault is printed), then the same threads run a normal launch.
CASE(watchdog_cancels) {
  for (int round = 0; round < 2; ++round) {
    const auto start = std::chrono::steady_clock::now();
    try {
      launch_never_returns(2, 0.3);
      check(false, "expected the watchdog to cancel the launch");
    } catch (const opkit::sim::KernelFault& f) {
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      check(s >= 0.3 && s < 5.0, "cancelled soon after the limit, not before");
      if (round == 1) std::printf("fault: %s\n", f.what());
    }
    run_add(4);
  }
}

// One block runs on the calling thread: the watchdog stops it there too.
CASE(watchdog_cancels_single_block) {
  try {
    launch_never_returns(1, 0.2);
  } catch (const opkit::sim::KernelFault& f) {
    std::printf("fault: %s\n", f.what());
  }
  run_add(1);
}

// OPKIT_KERNEL_TIMEOUT is the default limit.
CASE(watchdog_env_limit) { launch_never_returns(2, -1); }

// ---- a crash inside a block is a fault, and the process goes on ----

extern "C" __global__ __aicore__ void wild_pointer(GM_ADDR x) {
  GlobalTensor<float> g;
  g.SetGlobalBuffer(reinterpret_cast<float*>(x), 16);
  g.SetValue(0, 2.0f);  // LINE:wild_pointer
  if (GetBlockIdx() == 1) *reinterpret_cast<volatile float*>(uintptr_t(16)) = 1.0f;
}

extern "C" __global__ __aicore__ void divide_by_tiling(GM_ADDR x) {
  volatile int32_t zero = 0;
  reinterpret_cast<int32_t*>(x)[0] = 7 / zero;
}

static void launch_crashing(void (*kernel)(GM_ADDR), int blocks) {
  static float x[16];
  opkit::sim::Launch launch{"crash", "Ascend910B2", blocks};
  launch.register_gm(x, sizeof(x), "x");
  launch.run(kernel, reinterpret_cast<GM_ADDR>(x));
}

CASE(crash_is_a_fault) {
  for (int round = 0; round < 2; ++round) {
    try {
      launch_crashing(round == 0 ? wild_pointer : divide_by_tiling, 4);
      check(false, "expected a fault");
    } catch (const opkit::sim::KernelFault& f) {
      std::printf("fault: %s\n", f.what());
    }
    run_add(4);  // the same threads go on
  }
}

// ---- the CCE builtin variables block_idx/block_num of newer .asc kernels ----

extern "C" __global__ __aicore__ void builtin_vars(GM_ADDR x) {
  GlobalTensor<int32_t> g;
  g.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(x) + block_idx * 2, 2);
  g.SetValue(0, static_cast<int32_t>(block_idx));
  g.SetValue(1, static_cast<int32_t>(block_num));
}

CASE(block_idx_variable) {
  static int32_t x[12];
  opkit::sim::Launch launch{"vars", "Ascend910B2", 6};
  launch.register_gm(x, sizeof(x), "x");
  launch.run(builtin_vars, reinterpret_cast<GM_ADDR>(x));
  for (int b = 0; b < 6; ++b) check(x[2 * b] == b && x[2 * b + 1] == 6, "block_idx/block_num read the block's own");
}
