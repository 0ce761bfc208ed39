// The GM bounds checks triggered on purpose (launch_state.h check_gm): views of one array next to each other, empty
// tensors, the allocator padding behind a buffer and reads past it; the pytest side (test_core_checks.py) asserts the
// fault and warning texts. A kernel's warnings are printed as "warning: ..." lines before the driver's "ok".
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "core_harness.h"
#include "kernel_operator.h"

using namespace AscendC;

// x and y are two halves of one allocation (views of one array): reading x past its end lands in y.
template <typename Kernel>
static void run_halves(Kernel kernel) {
  static std::vector<float> both(128, 1.0f);
  opkit::sim::Launch launch{"core", "Ascend910B2", 1};
  launch.register_gm(both.data(), 64 * sizeof(float), "x").register_gm(both.data() + 64, 64 * sizeof(float), "y");
  launch.run(kernel, reinterpret_cast<GM_ADDR>(both.data()), reinterpret_cast<GM_ADDR>(both.data() + 64));
  for (const std::string& w : launch.warnings()) std::printf("warning: %s\n", w.c_str());
}
CASE(gm_copy_into_neighbour) {
  run_halves([](GM_ADDR x, GM_ADDR) {
    GlobalTensor<float> g;
    g.SetGlobalBuffer(reinterpret_cast<float*>(x), 64);
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 256);
    DataCopy(g[64], b.Get<float>(), 64);  // the second "tile" of x is y's first
  });
}
CASE(gm_read_into_neighbour) {  // a warning: the device reads y's data, here 0xFF bytes
  run_halves([](GM_ADDR x, GM_ADDR y) {
    GlobalTensor<float> g;
    g.SetGlobalBuffer(reinterpret_cast<float*>(x), 64);
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 512);
    LocalTensor<float> t = b.Get<float>();
    DataCopy(t, g[32], 64);  // LINE:gm_read_into_neighbour
    uint32_t bits = 0;
    const float past = t.GetValue(40);
    std::memcpy(&bits, &past, sizeof(bits));
    if (t.GetValue(31) != 1.0f || bits != 0xFFFFFFFFu) throw std::runtime_error("y's data was read");
    if (reinterpret_cast<float*>(y)[0] != 1.0f) throw std::runtime_error("y was changed");
  });
}
CASE(gm_scalar_read_past_end) {  // GetValue off the end of x: a warning, 0xFF (NaN), whatever y holds there
  run_halves([](GM_ADDR x, GM_ADDR) {
    GlobalTensor<float> g;
    g.SetGlobalBuffer(reinterpret_cast<float*>(x), 64);
    const float v = g.GetValue(70);  // LINE:gm_scalar_read_past_end
    if (v == v) throw std::runtime_error("GetValue past the end did not read NaN");
  });
}
CASE(gm_scalar_into_neighbour) {
  run_halves([](GM_ADDR x, GM_ADDR) {
    GlobalTensor<float> g;
    g.SetGlobalBuffer(reinterpret_cast<float*>(x), 64);
    g.ReinterpretCast<int32_t>().SetValue(70, 0);
  });
}
CASE(gm_before_start) {
  run_halves([](GM_ADDR, GM_ADDR y) {
    GlobalTensor<float> g;
    g.SetGlobalBuffer(reinterpret_cast<float*>(y), 64);
    float v = g.GetValue(static_cast<uint64_t>(-1));
    (void)v;
  });
}
// An empty input x (0 bytes) right behind y, as a kernel launched for a non-empty output sees it: a tile read of x,
// or a write to it, names x, not y.
template <typename Kernel>
static void run_empty_behind(Kernel kernel) {
  static std::vector<float> both(128, 1.0f);
  opkit::sim::Launch launch{"core", "Ascend910B2", 1};
  launch.register_gm(both.data(), 64 * sizeof(float), "y").register_gm(both.data() + 64, 0, "x");
  launch.run(kernel, reinterpret_cast<GM_ADDR>(both.data() + 64), reinterpret_cast<GM_ADDR>(both.data()));
}
CASE(gm_empty_input_tile) {
  run_empty_behind([](GM_ADDR x, GM_ADDR) {
    GlobalTensor<float> g;
    g.SetGlobalBuffer(reinterpret_cast<float*>(x), 0);
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 256);
    DataCopy(b.Get<float>(), g, 64);
  });
}
CASE(gm_empty_output_write) {
  run_empty_behind([](GM_ADDR x, GM_ADDR) {
    GlobalTensor<float> g;
    g.SetGlobalBuffer(reinterpret_cast<float*>(x), 0);
    g.SetValue(1, 0.0f);
  });
}
CASE(gm_halves_in_bounds) {  // each half read whole through its own GlobalTensor: no fault
  run_halves([](GM_ADDR x, GM_ADDR y) {
    GlobalTensor<float> gx;
    GlobalTensor<float> gy;
    gx.SetGlobalBuffer(reinterpret_cast<float*>(x), 64);
    gy.SetGlobalBuffer(reinterpret_cast<float*>(y), 64);
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 512);
    DataCopy(b.Get<float>(), gx, 64);
    DataCopy(b.Get<float>()[64], gy, 64);
    DataCopy(gx[32], b.Get<float>(), 32);
  });
}
// 999 floats (3996 bytes) with the allocator's padding behind them (ALIGN_UP(3996, 32) + 32 = 4032 bytes in all),
// inside a larger array whose bytes after the buffer stand for someone else's memory.
static float padded_area[1100];
template <typename Kernel>
static void run_padded(Kernel kernel) {
  for (float& v : padded_area) v = 1.0f;
  opkit::sim::Launch launch{"core", "Ascend910B2", 1};
  launch.register_gm(padded_area, 999 * sizeof(float), "x", opkit::sim::detail::allocator_padding(999 * sizeof(float)));
  launch.run(kernel, reinterpret_cast<GM_ADDR>(padded_area));
  for (const std::string& w : launch.warnings()) std::printf("warning: %s\n", w.c_str());
}
CASE(gm_padding_tolerated) {  // a TilingFunc that rounded 999 up to 1008 elements: read and write 1008
  run_padded([](GM_ADDR x) {
    GlobalTensor<float> g;
    g.SetGlobalBuffer(reinterpret_cast<float*>(x), 1008);
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 1008 * sizeof(float));
    LocalTensor<float> t = b.Get<float>();
    DataCopy(t, g, 1008);  // LINE:gm_padding_tolerated
    uint32_t bits = 0;
    const float past = t.GetValue(1000);
    std::memcpy(&bits, &past, sizeof(bits));
    if (t.GetValue(998) != 1.0f || bits != 0xFFFFFFFFu) throw std::runtime_error("padding did not read as 0xFF");
    Duplicate(t, 5.0f, 1008);
    DataCopy(g, t, 1008);
    g.SetValue(1005, 7.0f);
    if (g.GetValue(1005) == 7.0f) throw std::runtime_error("a write to padding was kept");
  });
  if (padded_area[998] != 5.0f || padded_area[999] != 1.0f || padded_area[1007] != 1.0f) {
    throw std::runtime_error("writes went past the buffer's real bytes");
  }
}
CASE(gm_write_past_padding) {  // a write past the padding would corrupt what follows: a fault
  run_padded([](GM_ADDR x) {
    GlobalTensor<float> g;
    g.SetGlobalBuffer(reinterpret_cast<float*>(x), 1016);
    g.SetValue(1008, 0.0f);
  });
}
CASE(gm_read_far_past_end) {  // more than one buffer length past its end: not a run off the end but a wild address
  run_padded([](GM_ADDR x) {
    GlobalTensor<float> g;
    g.SetGlobalBuffer(reinterpret_cast<float*>(x), 3000);
    float v = g.GetValue(2100);
    (void)v;
  });
}
// Reads that run past the padding: each API copies the buffer's real bytes and takes the rest as 0xFF bytes; one
// warning per buffer and launch for reads past the padding, another for accesses into it.
CASE(gm_read_past_padding) {
  run_padded([](GM_ADDR x) {
    GlobalTensor<float> g;
    g.SetGlobalBuffer(reinterpret_cast<float*>(x), 1100);
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 8192);
    LocalTensor<float> t = b.Get<float>();
    auto poisoned = [](float v) {
      uint32_t bits = 0;
      std::memcpy(&bits, &v, sizeof(bits));
      return bits == 0xFFFFFFFFu;
    };
    auto check = [&](int real, int all, const char* api) {
      for (int i = 0; i < all; ++i) {
        if (i < real ? t.GetValue(i) != 1.0f : !poisoned(t.GetValue(i))) {
          throw std::runtime_error(std::string(api) + " read the wrong value at " + std::to_string(i));
        }
      }
    };
    DataCopy(t, g[960], 64);  // LINE:gm_read_past_padding: 1024 floats, 4096 bytes: 64 past the padding's end
    check(39, 64, "DataCopy");
    Duplicate(t, 2.0f, 128);
    DataCopyPad(t, g[990], DataCopyExtParams{2, 40, 4, 0, 0}, DataCopyPadExtParams<float>{false, 0, 0, 0.0f});
    check(9, 10, "DataCopyPad row 0");
    for (int i = 16; i < 26; ++i) {
      if (!poisoned(t.GetValue(i))) throw std::runtime_error("DataCopyPad row 1 read the wrong value");
    }
    DataCopy(t, g[992], DataCopyParams{2, 1, 1, 0});  // rows at floats 992 and 1008 (past the padding)
    check(7, 16, "DataCopy(DataCopyParams)");
    if (!poisoned(g.GetValue(1050)) || g.GetValue(998) != 1.0f) throw std::runtime_error("GetValue");
    if (!poisoned(g.GetValue(1000))) throw std::runtime_error("GetValue into the padding");  // LINE:gm_into_padding
  });
  for (float v : padded_area) {
    if (v != 1.0f) throw std::runtime_error("a read changed GM");
  }
}
