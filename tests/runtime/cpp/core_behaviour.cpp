// What the core APIs do when used correctly: copies, padding, tensors, queues, events, poison, rounding mode.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "core_harness.h"
#include "kernel_operator.h"

using namespace AscendC;

static void check(bool ok, const std::string& what) {
  if (!ok) throw std::runtime_error(what);
}

// Run `kernel(x, y)` on one block over GM buffers x (input, x[i] = i) and y (output, zeroed).
template <typename Kernel>
static void run_xy(std::vector<float>& x, std::vector<float>& y, Kernel kernel, bool device_rounding = false) {
  for (size_t i = 0; i < x.size(); ++i) x[i] = float(i);
  opkit::sim::Launch launch{"core", "Ascend910B2", 1, 0, device_rounding};
  launch.register_gm(x.data(), x.size() * 4, "x").register_gm(y.data(), y.size() * 4, "y");
  launch.run(kernel, reinterpret_cast<GM_ADDR>(x.data()), reinterpret_cast<GM_ADDR>(y.data()));
}

static GlobalTensor<float> gm(GM_ADDR p, uint64_t n) {
  GlobalTensor<float> g;
  g.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(p), n);
  return g;
}

CASE(datacopy_params_gaps) {
  std::vector<float> x(64), y(64, 0.0f);
  run_xy(x, y, [](GM_ADDR px, GM_ADDR py) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b, c;
    pipe.InitBuffer(b, 1024);
    pipe.InitBuffer(c, 1024);
    LocalTensor<float> t = b.Get<float>(), u = c.Get<float>();
    // 3 blocks of 32 bytes (8 floats), skip 1 block in GM between them, pack them in UB.
    DataCopy(t, gm(px, 64), DataCopyParams{3, 1, 1, 0});
    check(t.GetValue(0) == 0 && t.GetValue(8) == 16 && t.GetValue(16) == 32, "GM->UB gaps");
    DataCopy(u, t, DataCopyParams{3, 1, 0, 1});  // UB->UB: spread them out again
    check(u.GetValue(16) == 16 && u.GetValue(32) == 32, "UB->UB gaps");
    DataCopy(gm(py, 64), u, DataCopyParams{1, 5, 0, 0});
    DataCopy(gm(py, 64)[48], t, 16);  // count form into an offset view
  });
  check(y[0] == 0 && y[16] == 16 && y[32] == 32 && y[48] == 0 && y[56] == 16 && std::isnan(y[8]), "UB->GM");
}

CASE(datacopy_pad_rows) {
  std::vector<float> x(64), y(64, -1.0f);
  run_xy(x, y, [](GM_ADDR px, GM_ADDR py) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 1024);
    LocalTensor<float> t = b.Get<float>();
    // 2 rows of 3 floats, 5 floats apart in GM; 1 pad element left, 2 right, value 7.
    DataCopyPad(t, gm(px, 64), DataCopyExtParams{2, 12, 8, 0, 0}, DataCopyPadExtParams<float>{true, 1, 2, 7.0f});
    const float row0[8] = {7, 0, 1, 2, 7, 7, 7, 7};
    for (int i = 0; i < 8; ++i) check(t.GetValue(i) == row0[i], "padded row 0 element " + std::to_string(i));
    check(t.GetValue(8) == 7 && t.GetValue(9) == 5 && t.GetValue(11) == 7, "row 1 starts on the next 32 bytes");
    // No padding asked: the row is filled up to 32 bytes with its first element.
    DataCopyPad(t, gm(px, 64)[10], DataCopyExtParams{1, 8, 0, 0, 0}, DataCopyPadExtParams<float>{});
    check(t.GetValue(0) == 10 && t.GetValue(1) == 11 && t.GetValue(2) == 10 && t.GetValue(7) == 10, "filler");
    // SetPadValue: isPad false fills with the pad register (of the element's size), isPad true still with its value.
    SetPadValue(-2.5f);
    DataCopyPad(t, gm(px, 64)[10], DataCopyExtParams{1, 8, 0, 0, 0}, DataCopyPadExtParams<float>{false, 0, 6, 0.0f});
    check(t.GetValue(0) == 10 && t.GetValue(1) == 11 && t.GetValue(2) == -2.5f && t.GetValue(7) == -2.5f, "SetPadValue");
    DataCopyPad(t, gm(px, 64)[10], DataCopyExtParams{1, 8, 0, 0, 0}, DataCopyPadExtParams<float>{true, 0, 6, 4.0f});
    check(t.GetValue(2) == 4.0f, "isPad true ignores SetPadValue");
    SetPadValue<uint16_t>(uint16_t(9));  // another element size: floats fall back to the first element
    DataCopyPad(t, gm(px, 64)[10], DataCopyExtParams{1, 8, 0, 0, 0}, DataCopyPadExtParams<float>{});
    check(t.GetValue(2) == 10, "a pad value of another size does not apply");
    // Legacy overloads; the padding value is the element's bits.
    float seven = 7.5f;
    uint32_t bits;
    std::memcpy(&bits, &seven, 4);
    DataCopyPad(t, gm(px, 64)[20], DataCopyParams{1, 4, 0, 0}, DataCopyPadParams{true, 0, 1, bits});
    check(t.GetValue(0) == 20 && t.GetValue(1) == 7.5f, "legacy padding");
    // UB->GM writes exactly blockLen bytes per row: 2 rows of 3 floats, UB rows 32 bytes apart, GM gap 4 bytes.
    for (int i = 0; i < 16; ++i) t.SetValue(i, float(100 + i));
    DataCopyPad(gm(py, 64), t, DataCopyExtParams{2, 12, 0, 4, 0});
    DataCopyPad(gm(py, 64)[10], t, DataCopyParams{1, 4, 0, 0});
  });
  const float want[11] = {100, 101, 102, -1, 108, 109, 110, -1, -1, -1, 100};
  for (int i = 0; i < 11; ++i) check(y[i] == want[i], "UB->GM row byte-exact at " + std::to_string(i));
  check(y[11] == -1, "nothing past blockLen");
}

CASE(local_tensor_views) {
  std::vector<float> x(8), y(8);
  run_xy(x, y, [](GM_ADDR, GM_ADDR) {
    TPipe pipe;
    TQue<QuePosition::VECOUT, 1> q;
    pipe.InitBuffer(q, 1, 100);  // rounds up to 128 bytes
    LocalTensor<float> t = q.AllocTensor<float>();
    check(t.GetSize() == 32 && t.GetLength() == 128, "buffer rounded up to 32 bytes");
    check(t.GetPosition() == static_cast<int32_t>(TPosition::VECOUT), "position");
    LocalTensor<float> v = t[8];
    check(v.GetSize() == 24 && v.GetPhyAddr() == t.GetPhyAddr(8), "view keeps the remaining length");
    v(1) = 3.0f;
    check(t.GetValue(9) == 3.0f, "operator() writes through");
    LocalTensor<uint16_t> h = t.ReinterpretCast<uint16_t>();
    check(h.GetSize() == 64, "reinterpret");
    t.SetUserTag(42);
    check(t.GetUserTag() == 42, "user tag");
    t.SetSize(4);
    check(t.GetSize() == 4, "SetSize");
    t.SetSize(32);
    q.FreeTensor(t);
  });
}

CASE(tbuf_addresses) {
  std::vector<float> x(8), y(8);
  run_xy(x, y, [](GM_ADDR, GM_ADDR) {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(q, 1, 64);
    pipe.InitBuffer(b, 256);
    check(b.Get<float>().GetPhyAddr() == b.Get<float>().GetPhyAddr(), "Get is stable");
    check(b.Get<float>().GetSize() == 64 && b.Get<float>(10).GetSize() == 10, "Get sizes");
    LocalTensor<float> w = b.GetWithOffset<float>(8, 64);
    check(w.GetPhyAddr() == b.Get<float>().GetPhyAddr(16), "GetWithOffset address");
    LocalTensor<float> a = q.AllocTensor<float>();
    const auto* ub = reinterpret_cast<uint8_t*>(a.GetPhyAddr());
    check(reinterpret_cast<uint8_t*>(b.Get<float>().GetPhyAddr()) - ub == 64, "bump allocation in call order");
    check(GetTPipePtr()->opkit_ub_used() == 320, "UB used");
    q.FreeTensor(a);
  });
}

CASE(queue_fifo) {
  std::vector<float> x(8), y(8);
  run_xy(x, y, [](GM_ADDR, GM_ADDR) {
    TPipe pipe;
    TQue<QuePosition::VECIN, 2> q;
    pipe.InitBuffer(q, 2, 64);
    check(q.HasIdleBuffer() && !q.HasTensorInQue() && q.VacantInQue(), "fresh queue");
    LocalTensor<float> a = q.AllocTensor<float>(), b = q.AllocTensor<float>();
    check(!q.HasIdleBuffer(), "both allocated");
    a.SetValue(0, 1.0f);
    b.SetValue(0, 2.0f);
    q.EnQue(a);
    q.EnQue(b);
    check(q.GetTensorCountInQue() == 2 && !q.VacantInQue(), "two waiting");
    LocalTensor<float> first = q.DeQue<float>();
    check(first.GetValue(0) == 1.0f, "DeQue is FIFO");
    q.FreeTensor(first);
    check(q.HasIdleBuffer() && q.GetTensorCountInQue() == 1, "one freed");
    LocalTensor<float> second = q.DeQue<float>();
    check(second.GetValue(0) == 2.0f, "second in order");
    q.FreeTensor(second);
    TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> bind;
    pipe.InitBuffer(bind, 1, 32);
    LocalTensor<int32_t> c = bind.AllocTensor<int32_t>();
    bind.EnQue(c);
    LocalTensor<int32_t> d = bind.DeQue<int32_t>();
    bind.FreeTensor(d);
    LocalTensor<int32_t> e = bind.AllocTensor<int32_t>();   // the user-position forms (circular_pad_grad)
    e.SetValue(0, 7);
    bind.EnQue<TPosition::GM, TPosition::VECIN, int32_t>(e);
    LocalTensor<int32_t> f = bind.DeQue<TPosition::GM, TPosition::VECIN, int32_t>();
    check(f.GetValue(0) == 7, "user-position EnQue/DeQue");
    bind.FreeTensor(f);
    q.FreeAllEvent();
  });
}

CASE(events_pair) {
  std::vector<float> x(8), y(8);
  run_xy(x, y, [](GM_ADDR, GM_ADDR) {
    TPipe pipe;
    auto id = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::V_MTE3));
    SetFlag<HardEvent::V_MTE3>(id);
    WaitFlag<HardEvent::V_MTE3>(id);
    TEventID a = pipe.AllocEventID<HardEvent::MTE2_V>();
    TEventID b = pipe.AllocEventID<HardEvent::MTE2_V>();
    check(a == 0 && b == 1 && pipe.FetchEventID<HardEvent::MTE2_V>() == 2, "event ids");
    pipe.ReleaseEventID<HardEvent::MTE2_V>(a);
    check(pipe.FetchEventID(HardEvent::MTE2_V) == 0, "released id is free again");
    SetFlag<HardEvent::S_V>(EVENT_ID2);
    SetFlag<HardEvent::S_V>(EVENT_ID2);
    WaitFlag<HardEvent::S_V>(EVENT_ID2);
    WaitFlag<HardEvent::S_V>(EVENT_ID2);
    PipeBarrier<PIPE_V>();
    PipeBarrier<PIPE_ALL>();
    pipe_barrier(PIPE_ALL);
    pipe.ReleaseEventID<HardEvent::MTE2_V>(b);
  });
}

CASE(fresh_ub_is_poisoned) {
  std::vector<float> x(8), y(8);
  run_xy(x, y, [](GM_ADDR, GM_ADDR) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 64);
    check(std::isnan(b.Get<float>().GetValue(3)), "float poison is NaN");
    check(b.Get<uint16_t>().GetValue(0) == 0xFFFF, "half/bf16 poison bits are NaN");
    b.Get<float>().SetValue(3, 1.0f);
  });
  run_xy(x, y, [](GM_ADDR, GM_ADDR) {  // the next launch on the same thread is poisoned again
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 64);
    check(std::isnan(b.Get<float>().GetValue(3)), "re-poisoned");
  });
}

CASE(device_rounding_mode) {
  std::vector<float> x(64), y(64, -1.0f);
  run_xy(x, y, [](GM_ADDR px, GM_ADDR py) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 256);
    LocalTensor<float> t = b.Get<float>();
    DataCopy(t, gm(px, 64), 12);  // 48 bytes: the NPU moves 32
    check(t.GetValue(7) == 7 && std::isnan(t.GetValue(8)), "copied 8 floats, not 12");
    DataCopy(gm(py, 64), t, 12);
    DataCopy(gm(py, 64)[16], t, 7);  // 28 bytes: nothing moves
  }, true);
  check(y[7] == 7 && y[8] == -1 && y[16] == -1, "UB->GM rounded down too");
}

CASE(tiling_key_and_task_type) {
  std::vector<float> x(8), y(8, 0.0f);
  for (uint64_t key : {1u, 2u}) {
    opkit::sim::Launch launch{"core", "Ascend910B2", 1, key};
    launch.register_gm(y.data(), 32, "y");
    launch.run([](GM_ADDR py) {
      KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
      if (TILING_KEY_IS(1)) gm(py, 8).SetValue(0, 10.0f);
      if (TILING_KEY_IS(2)) gm(py, 8).SetValue(1, 20.0f);
      check(ASCEND_IS_AIV && !ASCEND_IS_AIC && GetSubBlockIdx() == 0, "vector core");
      check(GetUserWorkspace(py) == py, "workspace");
    }, reinterpret_cast<GM_ADDR>(y.data()));
  }
  check(y[0] == 10 && y[1] == 20, "TILING_KEY_IS");
#if __NPU_ARCH__ != 2201 || __CCE_AICORE__ != 220 || !defined(ASCENDC_CPU_DEBUG) || !defined(__CCE_KT_TEST__)
#error "the default build is an Ascend910B CPU-debug build"
#endif
}

CASE(tensor_operators) {  // dst = a + b etc. run the vector instructions over dst's length
  std::vector<float> x(8), y(8);
  run_xy(x, y, [](GM_ADDR, GM_ADDR) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 3 * 256);
    LocalTensor<float> p = b.Get<float>(64), q = b.GetWithOffset<float>(64, 256), r = b.GetWithOffset<float>(64, 512);
    for (int i = 0; i < 64; ++i) {
      p.SetValue(i, float(i));
      q.SetValue(i, 2.0f);
    }
    r = p + q;
    check(r.GetValue(5) == 7.0f && r.GetValue(63) == 65.0f, "+");
    r = p - q;
    check(r.GetValue(5) == 3.0f, "-");
    r = p * q;
    check(r.GetValue(5) == 10.0f, "*");
    r = p / q;
    check(r.GetValue(5) == 2.5f, "/");
    LocalTensor<int16_t> a = p.ReinterpretCast<int16_t>(), c = q.ReinterpretCast<int16_t>();
    LocalTensor<int16_t> d = r.ReinterpretCast<int16_t>();
    a.SetValue(0, 0x0F0F);
    c.SetValue(0, 0x00FF);
    d = a | c;
    check(d.GetValue(0) == 0x0FFF, "|");
    d = a & c;
    check(d.GetValue(0) == 0x000F, "&");
  });
}
// batch_norm_v3's form: AscendCUtils::SetMaskCount<float>() puts the mask in counter mode, where the low word counts
// the elements an instruction given in repeats touches; AscendCUtils::SetMaskNorm<float>() ends it.
CASE(mask_count_utils) {
  std::vector<float> x(8), y(8);
  run_xy(x, y, [](GM_ADDR, GM_ADDR) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 512);
    LocalTensor<float> t = b.Get<float>(128);
    Duplicate(t, 1.0f, 128);
    AscendCUtils::SetMaskCount<float>();
    SetVectorMask<float>(0x0, 70);
    Adds<float, false>(t, t, 1.0f, MASK_PLACEHOLDER, 1, UnaryRepeatParams());
    AscendCUtils::SetMaskNorm<float>();
    Adds(t, t, 1.0f, 128);
    check(t.GetValue(69) == 3.0f && t.GetValue(70) == 2.0f, "counter mode: 70 elements, then normal mode");
  });
}
