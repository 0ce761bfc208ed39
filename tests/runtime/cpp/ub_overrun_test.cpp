// A UB operand that runs past its tensor: into UB no buffer holds a warning (the access goes ahead in the block's
// UB, fresh UB reads as 0xFF), into another buffer or past the UB a fault. `prog <case>` prints each warning of the
// launch ("warning: ..."), then the case's own output, then "ok" (core_harness.cpp), or "fault: ...".
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "core_harness.h"
#include "kernel_operator.h"
#include "opkit/sim/launch.h"

using namespace AscendC;

namespace {

using Kernel = void (*)(GM_ADDR y);
std::vector<float> y(256, 0.0f);

void run_y(Kernel kernel, int blocks = 1, const char* soc = "Ascend910B2") {
  opkit::sim::Launch launch{"ub", soc, blocks};
  launch.register_gm(y.data(), y.size() * sizeof(float), "y");
  launch.run(kernel, reinterpret_cast<GM_ADDR>(y.data()));
  for (const std::string& w : launch.warnings()) std::printf("warning: %s\n", w.c_str());
}

void print_y(int n) {
  std::printf("y:");
  for (int i = 0; i < n; ++i) std::printf(" %g", static_cast<double>(y[static_cast<size_t>(i)]));
  std::printf("\n");
}

}  // namespace

// logsum_exp's bug: a Duplicate counts half elements into a float buffer, the last one: 512 bytes into 256.
CASE(write_past_last_buffer) {
  run_y([](GM_ADDR out) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> data, sum, later;
    pipe.InitBuffer(data, 512);
    pipe.InitBuffer(sum, 256);
    LocalTensor<float> d = data.Get<float>();
    LocalTensor<float> s = sum.Get<float>();
    Duplicate(d, 1.5f, 128);
    for (int round = 0; round < 2; ++round) Duplicate(s, 2.0f, 128);  // LINE:write_past_last_buffer
    // A buffer taken later in those bytes sees the write, as on the device.
    pipe.InitBuffer(later, 256);
    LocalTensor<float> l = later.Get<float>();
    if (l.GetValue(0) != 2.0f || l.GetValue(63) != 2.0f) throw std::runtime_error("the write past sum was lost");
    Add(d, d, s, 64);  // the kernel's own data is intact: 3.5 in the first 64, 1.5 after
    GlobalTensor<float> g;
    g.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(out) + GetBlockIdx() * 128, 128);
    DataCopy(g, d, 128);
  }, 2);
  print_y(256);
}

// A read past the last buffer sees fresh UB: 0xFF bytes (NaN), which reach the output.
CASE(read_past_last_buffer) {
  run_y([](GM_ADDR out) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> dst, src;
    pipe.InitBuffer(dst, 512);
    pipe.InitBuffer(src, 256);
    LocalTensor<float> d = dst.Get<float>();
    LocalTensor<float> s = src.Get<float>();
    Duplicate(s, 3.0f, 64);
    Add(d, s, s, 128);  // LINE:read_past_last_buffer
    GlobalTensor<float> g;
    g.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(out), 128);
    DataCopy(g, d, 128);
  });
  print_y(128);
}

// SetValue/GetValue past the view, in UB no buffer holds: the value is kept there (one warning for the buffer).
CASE(scalar_past_last_buffer) {
  run_y([](GM_ADDR out) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 256);
    LocalTensor<float> t = b.Get<float>();
    t.SetValue(100, 5.0f);  // LINE:scalar_past_last_buffer
    GlobalTensor<float> g;
    g.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(out), 1);
    g.SetValue(0, t.GetValue(100));
  });
  print_y(1);
}

CASE(write_into_next_buffer) {
  run_y([](GM_ADDR) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b;
    pipe.InitBuffer(a, 256);
    pipe.InitBuffer(b, 256);
    Duplicate(a.Get<float>(), 1.0f, 128);
  });
}

CASE(read_into_next_buffer) {  // also a fault when the overrun goes on past the last buffer
  run_y([](GM_ADDR) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b;
    pipe.InitBuffer(a, 256);
    pipe.InitBuffer(b, 256);
    Adds(b.Get<float>(), a.Get<float>(), 1.0f, 192);
  });
}

CASE(write_past_ub) {
  run_y([](GM_ADDR) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b;
    pipe.InitBuffer(a, 192 * 1024 - 256);
    pipe.InitBuffer(b, 256);
    Duplicate(b.Get<float>(), 1.0f, 128);
  });
}

CASE(subview_past_its_end) {  // the bytes past a view are its own buffer's: a fault
  run_y([](GM_ADDR) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 256);
    Duplicate(b.Get<float>(32), 1.0f, 128);
  });
}

CASE(stale_tensor_after_reset) {  // a buffer the pipe gave back holds nothing: a fault
  run_y([](GM_ADDR) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 256);
    LocalTensor<float> t = b.Get<float>();
    pipe.Reset();
    Duplicate(t, 1.0f, 128);
  });
}

CASE(static_tensor_past_end) {  // UB laid out by the kernel itself: no buffer to judge by, a fault
  run_y([](GM_ADDR) {
    LocalTensor<float> t(TPosition::VECCALC, 0, 64);
    Duplicate(t, 1.0f, 128);
  });
}
