// Memory a kernel may use beyond its own queue and GM buffers, as the device allows it: a queue buffer handed from
// one queue to another by EnQue (rms_norm_grad), and a `static const __gm__` table in the kernel's binary (diag_v2).
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "core_harness.h"
#include "kernel_operator.h"

using namespace AscendC;

static void check(bool ok, const std::string& what) {
  if (!ok) throw std::runtime_error(what);
}

// One block over GM buffers x (input, x[i] = i) and y (output).
template <typename Kernel>
static void run_xy(std::vector<float>& y, Kernel kernel) {
  static std::vector<float> x(64);
  for (size_t i = 0; i < x.size(); ++i) x[i] = float(i);
  opkit::sim::Launch launch{"core", "Ascend910B2", 1};
  launch.register_gm(x.data(), x.size() * 4, "x").register_gm(y.data(), y.size() * 4, "y");
  launch.run(kernel, reinterpret_cast<GM_ADDR>(x.data()), reinterpret_cast<GM_ADDR>(y.data()));
}

// rms_norm_grad's form: a row computed in a buffer of one VECOUT queue goes out through another VECOUT queue (EnQue
// there, DeQue, copy out, FreeTensor there); the first queue then allocates the same buffer again.
CASE(queue_handover) {
  std::vector<float> y(64, -1.0f);
  run_xy(y, [](GM_ADDR px, GM_ADDR py) {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> in;
    TQue<QuePosition::VECOUT, 1> middle, out;
    pipe.InitBuffer(in, 1, 256);
    pipe.InitBuffer(middle, 1, 256);
    pipe.InitBuffer(out, 1, 256);
    GlobalTensor<float> x, yg;
    x.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(px), 64);
    yg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(py), 64);
    LocalTensor<float> a = in.AllocTensor<float>();
    DataCopy(a, x, 64);
    in.EnQue(a);
    LocalTensor<float> b = in.DeQue<float>();
    LocalTensor<float> row = middle.AllocTensor<float>();
    Muls(row, b, 2.0f, 64);
    in.FreeTensor(b);
    out.EnQue(row);  // middle's buffer, handed to `out`
    check(out.GetTensorCountInQue() == 1 && middle.GetTensorCountInQue() == 0, "EnQue counted in the wrong queue");
    LocalTensor<float> done = out.DeQue<float>();
    check(done.GetPhyAddr() == row.GetPhyAddr(), "DeQue did not return the handed-over buffer");
    DataCopy(yg, done, 64);
    out.FreeTensor(done);
    LocalTensor<float> again = middle.AllocTensor<float>();  // FREE again: its owner takes it back
    check(again.GetPhyAddr() == row.GetPhyAddr(), "the owner's buffer was not freed by the other queue");
    middle.FreeTensor(again);
  });
  for (int i = 0; i < 64; ++i) check(y[i] == 2.0f * float(i), "wrong y[" + std::to_string(i) + "]");
}
// A buffer of a VECIN queue freed through a VECOUT queue: the free event is the wrong pipe's; the device hangs.
CASE(free_handed_over_other_position) {
  std::vector<float> y(64);
  run_xy(y, [](GM_ADDR, GM_ADDR) {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q1;
    TQue<QuePosition::VECOUT, 1> q2;
    pipe.InitBuffer(q1, 1, 256);
    pipe.InitBuffer(q2, 1, 256);
    LocalTensor<float> a = q1.AllocTensor<float>();
    q2.EnQue(a);
    LocalTensor<float> b = q2.DeQue<float>();
    q2.FreeTensor(b);
  });
}
// A handed-over buffer still counts against the receiving queue's depth.
CASE(handover_depth_exceeded) {
  std::vector<float> y(64);
  run_xy(y, [](GM_ADDR, GM_ADDR) {
    TPipe pipe;
    TQue<QuePosition::VECOUT, 1> q1, q2;
    pipe.InitBuffer(q1, 2, 256);
    pipe.InitBuffer(q2, 1, 256);
    LocalTensor<float> a = q1.AllocTensor<float>();
    LocalTensor<float> b = q1.AllocTensor<float>();
    q2.EnQue(a);
    q2.EnQue(b);
  });
}

// diag_v2's form: an assist table in the kernel binary, read with DataCopy and GetValue through a GlobalTensor.
static const __gm__ int32_t kAssist[64] = {7, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
                                           16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
                                           32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47,
                                           48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63};
CASE(static_gm_table) {
  std::vector<float> y(64, -1.0f);
  run_xy(y, [](GM_ADDR, GM_ADDR py) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b, f;
    pipe.InitBuffer(b, 256);
    pipe.InitBuffer(f, 256);
    GlobalTensor<int32_t> table;
    table.SetGlobalBuffer((__gm__ int32_t*)kAssist, 64);
    GlobalTensor<float> yg;
    yg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(py), 64);
    check(table.GetValue(0) == 7, "GetValue of the table");
    DataCopy(b.Get<int32_t>(), table, 64);
    Cast(f.Get<float>(), b.Get<int32_t>(), RoundMode::CAST_NONE, 64);
    DataCopy(yg, f.Get<float>(), 64);
  });
  check(y[0] == 7.0f && y[1] == 1.0f && y[63] == 63.0f, "the table's values did not arrive");
}
CASE(static_gm_table_write) {
  std::vector<float> y(64);
  run_xy(y, [](GM_ADDR, GM_ADDR) {
    GlobalTensor<int32_t> table;
    table.SetGlobalBuffer((__gm__ int32_t*)kAssist, 64);
    table.SetValue(3, 1);
  });
}

// diag_flat's form: GM zeroed through PopStackBuffer's tensor (the UB not handed out), then an InitBuffer that takes
// the same bytes, as CANN reserves nothing for the stack tensor.
CASE(pop_stack_then_init_buffer) {
  std::vector<float> y(64, -1.0f);
  run_xy(y, [](GM_ADDR, GM_ADDR py) {
    TPipe pipe;
    TQue<QuePosition::VECOUT, 1> q;
    GlobalTensor<float> yg;
    yg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(py), 64);
    LocalTensor<float> stack;
    PopStackBuffer<float, TPosition::LCM>(stack);
    check(stack.GetSize() == 196608 / 4, "PopStackBuffer is not the whole free UB");
    Duplicate(stack, 0.0f, 64);
    DataCopy(yg, stack, 64);
    pipe.InitBuffer(q, 1, 256);
    LocalTensor<float> t = q.AllocTensor<float>();
    check(t.GetPhyAddr() == stack.GetPhyAddr(), "InitBuffer did not take the stack tensor's bytes");
    q.FreeTensor(t);
  });
  for (float v : y) check(v == 0.0f, "GM was not zeroed through the stack tensor");
}

// mse_loss_grad_v2's form: queues whose mask is a `const TQueConfig*` (a constexpr config made by a function of the
// kernel's own over GetTQueConfig's fields); bufferNumber / bufferLen 0 leave the sizes to InitBuffer, else they must
// be InitBuffer's num / len. An int mask (0) stays as it was.
constexpr TPosition kNoConsumer[8] = {TPosition::MAX, TPosition::MAX, TPosition::MAX, TPosition::MAX,
                                      TPosition::MAX, TPosition::MAX, TPosition::MAX, TPosition::MAX};
__aicore__ constexpr TQueConfig QueConfig(uint32_t len, uint32_t number) {
  return GetTQueConfig(false, false, false, len, number, 0, kNoConsumer, false, false);
}
constexpr TQueConfig kAnySize = QueConfig(0, 0);
constexpr TQueConfig kTwoOf256 = QueConfig(256, 2);
static_assert(GetTQueConfig(3).nz2nd && !GetTQueConfig(3).scmBlockGroup && GetTQueConfig(&kTwoOf256).bufferLen == 256);

CASE(queue_config) {
  std::vector<float> y(64, -1.0f);
  run_xy(y, [](GM_ADDR px, GM_ADDR py) {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1, &kTwoOf256> in;
    TQue<QuePosition::VECOUT, 1, &kAnySize> out;
    TQue<QuePosition::VECOUT, 1, 0> unused;
    pipe.InitBuffer(in, 2, 256);
    pipe.InitBuffer(out, 1, 256);
    pipe.InitBuffer(unused, 3, 64);
    GlobalTensor<float> x, yg;
    x.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(px), 64);
    yg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(py), 64);
    for (int half = 0; half < 2; ++half) {
      LocalTensor<float> a = in.AllocTensor<float>();
      DataCopy(a, x[half * 32], 32);
      in.EnQue(a);
      LocalTensor<float> b = in.DeQue<float>();
      LocalTensor<float> c = out.AllocTensor<float>();
      Muls(c, b, 3.0f, 32);
      in.FreeTensor(b);
      out.EnQue(c);
      LocalTensor<float> d = out.DeQue<float>();
      DataCopy(yg[half * 32], d, 32);
      out.FreeTensor(d);
    }
  });
  for (int i = 0; i < 64; ++i) check(y[i] == 3.0f * float(i), "wrong y[" + std::to_string(i) + "]");
}
CASE(queue_config_number) {
  std::vector<float> y(64);
  run_xy(y, [](GM_ADDR, GM_ADDR) {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1, &kTwoOf256> q;
    pipe.InitBuffer(q, 1, 256);
  });
}
CASE(queue_config_len) {
  std::vector<float> y(64);
  run_xy(y, [](GM_ADDR, GM_ADDR) {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1, &kTwoOf256> q;
    pipe.InitBuffer(q, 2, 512);
  });
}
