// The three spellings of a pipe flag (SetFlag/WaitFlag<HardEvent>, TQueSync<src, dst>, the set_flag/wait_flag
// builtins): used correctly, and each kind of misuse, for test_sync.py.
#include <cstdint>
#include <vector>

#include "core_harness.h"
#include "kernel_operator.h"

using namespace AscendC;

template <typename Kernel>
static void run_one_block(Kernel kernel) {
  static std::vector<float> x(64, 1.0f);
  opkit::sim::Launch launch{"sync", "Ascend910B2", 1};
  launch.register_gm(x.data(), x.size() * sizeof(float), "x");
  launch.run(kernel, reinterpret_cast<GM_ADDR>(x.data()));
}

// What CANN samples wrap in a Sync(SRC, DST) macro: fetch an id, then set and wait through TQueSync.
CASE(tquesync_pairs) {
  run_one_block([](GM_ADDR) {
    TPipe pipe;
    const int32_t id = static_cast<int32_t>(GetTPipePtr()->FetchEventID(HardEvent::MTE2_V));
    TQueSync<PIPE_MTE2, PIPE_V> mte2ToV;
    mte2ToV.SetFlag(id);
    mte2ToV.WaitFlag(id);
    TQueSync<PIPE_V, PIPE_MTE3> vToMte3;
    vToMte3.SetFlag(EVENT_ID1);
    vToMte3.SetFlag(EVENT_ID1);
    vToMte3.WaitFlag(EVENT_ID1);
    vToMte3.WaitFlag(EVENT_ID1);
  });
}

CASE(builtins_pair) {
  run_one_block([](GM_ADDR) {
    const event_t id = EVENT_ID3;
    set_flag(PIPE_S, PIPE_MTE3, id);
    wait_flag(PIPE_S, PIPE_MTE3, id);
    set_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
    wait_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
  });
}

// One event, three spellings: a flag set one way is consumed by a wait spelled another way.
CASE(spellings_share_one_flag) {
  run_one_block([](GM_ADDR) {
    SetFlag<HardEvent::V_MTE3>(EVENT_ID2);
    TQueSync<PIPE_V, PIPE_MTE3>().WaitFlag(EVENT_ID2);
    set_flag(PIPE_MTE2, PIPE_V, EVENT_ID4);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID4);
    TQueSync<PIPE_S, PIPE_V>().SetFlag(EVENT_ID5);
    wait_flag(PIPE_S, PIPE_V, EVENT_ID5);
  });
}

CASE(tquesync_unpaired) {
  run_one_block([](GM_ADDR) {
    TQueSync<PIPE_MTE3, PIPE_MTE2> sync;
    sync.SetFlag(EVENT_ID0);
    sync.WaitFlag(EVENT_ID0);
    sync.WaitFlag(EVENT_ID0);
  });
}

CASE(wait_flag_unpaired) {
  run_one_block([](GM_ADDR) {
    set_flag(PIPE_V, PIPE_MTE3, EVENT_ID1);
    wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID2);
  });
}

CASE(set_flag_no_such_pipe_pair) {
  run_one_block([](GM_ADDR) { set_flag(PIPE_MTE3, PIPE_M, EVENT_ID0); });
}

CASE(tquesync_bad_event_id) {
  run_one_block([](GM_ADDR) { TQueSync<PIPE_S, PIPE_MTE2>().SetFlag(8); });
}
