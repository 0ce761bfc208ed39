// Each check of the simulator core triggered on purpose; the pytest side asserts the KernelFault text.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "core_harness.h"
#include "kernel_operator.h"

using namespace AscendC;

// One block of a kernel over a 1 KiB GM buffer "x" of floats.
template <typename Kernel>
static void run_x(Kernel kernel, int blocks = 1, const char* soc = "Ascend910B2") {
  static std::vector<float> x(256, 1.0f);
  opkit::sim::Launch launch{"core", soc, blocks};
  launch.register_gm(x.data(), x.size() * sizeof(float), "x");
  launch.run(kernel, reinterpret_cast<GM_ADDR>(x.data()));
}

CASE(ub_overflow) {
  run_x([](GM_ADDR) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b;
    pipe.InitBuffer(a, 128 * 1024);
    pipe.InitBuffer(b, 96 * 1024);
  });
}
CASE(ub_overflow_310p_fits) {  // the same buffers fit the 256 KiB UB of Ascend310P
  run_x([](GM_ADDR) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b;
    pipe.InitBuffer(a, 128 * 1024);
    pipe.InitBuffer(b, 96 * 1024);
  }, 1, "Ascend310P3");
}
CASE(init_len_zero) {
  run_x([](GM_ADDR) {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q;
    pipe.InitBuffer(q, 1, 0);
  });
}
CASE(init_num_too_large) {
  run_x([](GM_ADDR) {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q;
    pipe.InitBuffer(q, 65, 32);
  });
}
CASE(init_num_times_len) {
  run_x([](GM_ADDR) {
    TPipe pipe;
    TQue<QuePosition::VECIN, 2> q;
    pipe.InitBuffer(q, 2, 100 * 1024);
  });
}
CASE(too_many_buffers) {
  run_x([](GM_ADDR) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bufs[65];
    for (auto& b : bufs) pipe.InitBuffer(b, 32);
  });
}
CASE(alloc_without_free_buffer) {
  run_x([](GM_ADDR) {
    TPipe pipe;
    TQue<QuePosition::VECIN, 2> q;
    pipe.InitBuffer(q, 2, 256);
    [[maybe_unused]] LocalTensor<float> a = q.AllocTensor<float>();
    [[maybe_unused]] LocalTensor<float> b = q.AllocTensor<float>();
    [[maybe_unused]] LocalTensor<float> c = q.AllocTensor<float>();
  });
}
CASE(enque_tbuf_tensor) {
  run_x([](GM_ADDR) {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(q, 1, 256);
    pipe.InitBuffer(b, 256);
    q.EnQue(b.Get<float>());
  });
}
CASE(enque_freed_tensor) {
  run_x([](GM_ADDR) {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q;
    pipe.InitBuffer(q, 1, 256);
    [[maybe_unused]] LocalTensor<float> a = q.AllocTensor<float>();
    q.FreeTensor(a);
    q.EnQue(a);
  });
}
CASE(depth_exceeded) {
  run_x([](GM_ADDR) {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q;
    pipe.InitBuffer(q, 2, 256);
    [[maybe_unused]] LocalTensor<float> a = q.AllocTensor<float>();
    [[maybe_unused]] LocalTensor<float> b = q.AllocTensor<float>();
    q.EnQue(a);
    q.EnQue(b);
  });
}
CASE(deque_empty) {
  run_x([](GM_ADDR) {
    TPipe pipe;
    TQue<QuePosition::VECOUT, 1> q;
    pipe.InitBuffer(q, 1, 256);
    [[maybe_unused]] LocalTensor<float> a = q.DeQue<float>();
  });
}
CASE(double_free) {
  run_x([](GM_ADDR) {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q;
    pipe.InitBuffer(q, 1, 256);
    [[maybe_unused]] LocalTensor<float> a = q.AllocTensor<float>();
    q.FreeTensor(a);
    q.FreeTensor(a);
  });
}
CASE(free_enqueued) {
  run_x([](GM_ADDR) {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q;
    pipe.InitBuffer(q, 1, 256);
    [[maybe_unused]] LocalTensor<float> a = q.AllocTensor<float>();
    q.EnQue(a);
    q.FreeTensor(a);
  });
}
CASE(queue_not_initialised) {
  run_x([](GM_ADDR) {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q;
    [[maybe_unused]] LocalTensor<float> a = q.AllocTensor<float>();
  });
}
CASE(queue_after_reset) {
  run_x([](GM_ADDR) {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q;
    pipe.InitBuffer(q, 1, 256);
    pipe.Reset();
    [[maybe_unused]] LocalTensor<float> a = q.AllocTensor<float>();
  });
}
CASE(local_index_out_of_bounds) {
  run_x([](GM_ADDR) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b, next;  // past b is next's data (into UB no buffer holds: ub_overrun_test.cpp)
    pipe.InitBuffer(b, 256);
    pipe.InitBuffer(next, 256);
    [[maybe_unused]] LocalTensor<float> t = b.Get<float>();
    t.SetValue(64, 1.0f);
  });
}
CASE(local_subscript_past_end) {
  run_x([](GM_ADDR) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 256);
    [[maybe_unused]] LocalTensor<float> t = b.Get<float>()[65];
  });
}
CASE(local_view_index) {  // a view keeps only the remaining elements
  run_x([](GM_ADDR) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b, next;
    pipe.InitBuffer(b, 256);
    pipe.InitBuffer(next, 256);
    float v = b.Get<float>()[60].GetValue(4);
    (void)v;
  });
}
CASE(set_size_past_buffer) {
  run_x([](GM_ADDR) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b;
    pipe.InitBuffer(a, 256);
    pipe.InitBuffer(b, 256);
    [[maybe_unused]] LocalTensor<float> t = a.Get<float>(16);
    t.SetSize(65);
  });
}
CASE(tbuf_offset_unaligned) {
  run_x([](GM_ADDR) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 256);
    [[maybe_unused]] LocalTensor<float> t = b.GetWithOffset<float>(8, 16);
  });
}
CASE(tbuf_get_too_many) {
  run_x([](GM_ADDR) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 256);
    [[maybe_unused]] LocalTensor<float> t = b.Get<float>(65);
  });
}
CASE(copy_unaligned_operand) {
  run_x([](GM_ADDR x) {
    GlobalTensor<float> g;
    g.SetGlobalBuffer(reinterpret_cast<float*>(x), 256);
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 1024);
    DataCopy(b.Get<float>()[3], g, 64);
  });
}
CASE(copy_unaligned_count) {
  run_x([](GM_ADDR x) {
    GlobalTensor<float> g;
    g.SetGlobalBuffer(reinterpret_cast<float*>(x), 256);
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 1024);
    DataCopy(b.Get<float>(), g, 7);  // LINE:copy_unaligned_count
  });
}
CASE(copy_ub_too_small) {
  run_x([](GM_ADDR x) {
    GlobalTensor<float> g;
    g.SetGlobalBuffer(reinterpret_cast<float*>(x), 256);
    TPipe pipe;
    TBuf<TPosition::VECCALC> b, next;
    pipe.InitBuffer(b, 256);
    pipe.InitBuffer(next, 256);
    DataCopy(b.Get<float>(), g, 128);
  });
}
CASE(copy_size_overflow) {
  run_x([](GM_ADDR x) {
    GlobalTensor<float> g;
    g.SetGlobalBuffer(reinterpret_cast<float*>(x), 256);
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 256);
    DataCopy(b.Get<float>(), g, 65536 * 8);
  });
}
CASE(copy_gm_out_of_bounds) {
  run_x([](GM_ADDR x) {
    GlobalTensor<float> g;
    g.SetGlobalBuffer(reinterpret_cast<float*>(x), 256);
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 1024);
    DataCopy(g[200], b.Get<float>(), 64);
  });
}
CASE(copy_params_gm_out_of_bounds) {
  run_x([](GM_ADDR x) {
    GlobalTensor<float> g;
    g.SetGlobalBuffer(reinterpret_cast<float*>(x), 256);
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 4096);
    DataCopy(g, b.Get<float>(), DataCopyParams{2, 8, 0, 8});  // rows of 256 bytes at bytes 0 and 512: inside
    DataCopy(g, b.Get<float>(), DataCopyParams{3, 8, 0, 8});  // third row at byte 1024: past the end
  });
}
CASE(gm_scalar_out_of_bounds) {
  run_x([](GM_ADDR x) {
    GlobalTensor<float> g;
    g.SetGlobalBuffer(reinterpret_cast<float*>(x), 256);
    g.SetValue(256, 0.0f);
  });
}
CASE(gm_unregistered) {
  run_x([](GM_ADDR) {
    static float other[64];
    GlobalTensor<float> g;
    g.SetGlobalBuffer(other, 64);
    g.SetValue(0, 1.0f);
  });
}
CASE(pad_out_of_bounds) {
  run_x([](GM_ADDR x) {
    GlobalTensor<float> g;
    g.SetGlobalBuffer(reinterpret_cast<float*>(x), 256);
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 2048);
    DataCopyPad(g[250], b.Get<float>(), DataCopyExtParams{1, 40, 0, 0, 0});
  });
}
CASE(pad_on_310p) {
  run_x([](GM_ADDR x) {
    GlobalTensor<float> g;
    g.SetGlobalBuffer(reinterpret_cast<float*>(x), 256);
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 256);
    DataCopyPad(b.Get<float>(), g, DataCopyExtParams{1, 12, 0, 0, 0}, DataCopyPadExtParams<float>{});
  }, 1, "Ascend310P3");
}
CASE(leak_occupied) {
  run_x([](GM_ADDR) {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q;
    pipe.InitBuffer(q, 1, 256);
    [[maybe_unused]] LocalTensor<float> a = q.AllocTensor<float>();
  });
}
CASE(leak_enqueued) {
  run_x([](GM_ADDR) {
    TPipe pipe;
    TQue<QuePosition::VECOUT, 1> q;
    pipe.InitBuffer(q, 1, 256);
    q.EnQue(q.AllocTensor<float>());
  });
}
CASE(leak_dequeued) {
  run_x([](GM_ADDR) {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q;
    pipe.InitBuffer(q, 1, 256);
    q.EnQue(q.AllocTensor<float>());
    [[maybe_unused]] LocalTensor<float> a = q.DeQue<float>();  // LINE:leak_dequeued
  });
}
CASE(leak_two_buffers) {
  run_x([](GM_ADDR) {
    TPipe pipe;
    TQue<QuePosition::VECIN, 2> q;
    pipe.InitBuffer(q, 2, 256);
    [[maybe_unused]] LocalTensor<float> a = q.AllocTensor<float>();  // LINE:leak_two_buffers
    [[maybe_unused]] LocalTensor<float> b = q.AllocTensor<float>();
  });
}
CASE(waitflag_unpaired) {
  run_x([](GM_ADDR) {
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID1);
  });
}
CASE(release_unallocated_event) {
  run_x([](GM_ADDR) {
    TPipe pipe;
    pipe.ReleaseEventID<HardEvent::V_S>(3);
  });
}
CASE(events_exhausted) {
  run_x([](GM_ADDR) {
    TPipe pipe;
    for (int i = 0; i < 9; ++i) pipe.AllocEventID<HardEvent::MTE3_MTE2>();
  });
}
CASE(second_pipe) {  // two TPipes handing out UB at once: their buffers would overlap on the device
  run_x([](GM_ADDR) {
    TPipe a;
    TPipe b;
    TBuf<TPosition::VECCALC> x, y;
    a.InitBuffer(x, 64);
    b.InitBuffer(y, 64);
  });
}
CASE(second_pipe_after_destroy) {  // rms_norm_grad's form: the second TPipe used once the first is destroyed
  run_x([](GM_ADDR) {
    TPipe a;
    TPipe b;
    TBuf<TPosition::VECCALC> x, y;
    a.InitBuffer(x, 64);
    a.Destroy();
    b.InitBuffer(y, 64);
    if (GetTPipePtr() != &b) throw std::runtime_error("GetTPipePtr is not the last TPipe constructed");
  });
}
CASE(pipe_init_after_destroy) {  // pad_v3_grad_replication's form: one member TPipe, Init() before each phase
  run_x([](GM_ADDR) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> x, y;
    pipe.Init();
    pipe.InitBuffer(x, 64);
    pipe.Destroy();
    if (GetTPipePtr() != nullptr) throw std::runtime_error("a destroyed TPipe is still GetTPipePtr()");
    pipe.Init();
    pipe.InitBuffer(y, 64);
    if (GetTPipePtr() != &pipe) throw std::runtime_error("Init() does not make the TPipe current again");
    y.Get<float>().SetValue(0, 1.0f);
  });
}
CASE(kernel_throws) {
  run_x([](GM_ADDR) { throw std::runtime_error("boom"); });
}
CASE(bad_soc) { run_x([](GM_ADDR) {}, 1, "Ascend999"); }
CASE(bad_block_dim) { run_x([](GM_ADDR) {}, 0); }
