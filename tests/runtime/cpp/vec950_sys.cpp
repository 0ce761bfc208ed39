// Ascend 950's system APIs, linked into interleave_main.cpp's program (built for dav-3510) and reached as
// `ilv v950sys <case> <dir>`; each writes its results to <dir>/<name>.bin for numpy:
//   loopmode  int8 src.bin [1024] through DataCopyPad in SetLoopModePara's loops: GM -> UB (2 x 3 turns of 2 rows of
//             40 bytes, padded with -3 to 64) and UB -> GM; ub.bin the UB [3 * 288], out.bin the GM [720]; then
//             after ResetLoopModePara one row: once.bin the UB [128] (7 beyond the row)
//   compact   int8 src.bin [1024] through DataCopyPad<int8_t, PaddingMode::Compact>: 3 rows of 24 bytes (GM gap 8)
//             packed in UB and padded once with -3 to 96 (cub.bin [128], 7 beyond); the same rows back to GM
//             32 bytes apart (cout.bin [96], 0 between); and in loops of 2 turns (GM +100, UB +96) 2 rows of 40
//             bytes, 80 packed + 16 of -3 (cloop.bin [192])
//   mixed     a KERNEL_TYPE_MIX_AIC_1_2 launch of 2 AI Cores on float x.bin [768]: each cube core copies its 384 into
//             L1, DataCopyL1ToUB gives vector core 0 the first 128 (count form) and vector core 1 two blocks of 64 at
//             128 and 256 (DataCopyParams{2, 8, 8, 0}); y.bin [4 * 128] the vector cores' UB. The cube core also
//             writes uint32 block * 1000 + i to its SSBuffer [64]; ss.bin [4 * 32] what vector core v reads at 32 v
//   ssbuf     an AIV-only launch of 4 blocks: each writes its index to its own SSBuffer, SyncAll, reads it back
//             (own.bin [4] int32)
//   l1toub_aiv  DataCopyL1ToUB called on a vector core: prints the fault
//   ub950     buffers 1 KB past the 248 KB of ub_size (within the 256 KB UB), a bit-mask Compare on others: prints
//             the launch's warnings, then "kept" if the last buffer's bytes past ub_size are intact
//   ub950big  buffers past the 256 KB: prints the fault
// A fault prints "fault: ..." and exits 3.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "kernel_operator.h"

using namespace AscendC;

namespace {

template <typename T>
std::vector<T> load(const std::string& path, size_t n) {
  std::vector<T> v(n);
  FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr || std::fread(v.data(), sizeof(T), n, f) != n) {
    std::printf("cannot read %s\n", path.c_str());
    std::exit(2);
  }
  std::fclose(f);
  return v;
}

template <typename T>
void save(const std::string& path, const std::vector<T>& v) {
  FILE* f = std::fopen(path.c_str(), "wb");
  std::fwrite(v.data(), sizeof(T), v.size(), f);
  std::fclose(f);
}

template <typename T>
GlobalTensor<T> gm(void* p, uint64_t n) {
  GlobalTensor<T> g;
  g.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(p), n);
  return g;
}

void loop_mode(const std::string& dir) {
  std::vector<int8_t> src = load<int8_t>(dir + "/src.bin", 1024), out(720, 0), ub(3 * 288), once(128);
  opkit::sim::Launch launch{"v950sys", "Ascend950PR_9599", 1};
  launch.register_gm(src.data(), src.size(), "src").register_gm(out.data(), out.size(), "out");
  launch.run_body([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b, c;
    pipe.InitBuffer(b, 3 * 288);
    pipe.InitBuffer(c, 128);
    LocalTensor<int8_t> t = b.Get<int8_t>(), u = c.Get<int8_t>();
    Duplicate(t.ReinterpretCast<int16_t>(), int16_t(0x0707), 3 * 288 / 2);
    Duplicate(u.ReinterpretCast<int16_t>(), int16_t(0x0707), 64);
    const DataCopyExtParams rows{2, 40, 0, 0, 0};
    SetLoopModePara(LoopModeParams{2, 3, 80, 128, 200, 288}, DataCopyMVType::OUT_TO_UB);
    DataCopyPad(t, gm<int8_t>(src.data(), 1024), rows, DataCopyPadExtParams<int8_t>{true, 0, 0, int8_t(-3)});
    SetLoopModePara(LoopModeParams{2, 3, 128, 80, 288, 240}, DataCopyMVType::UB_TO_OUT);
    DataCopyPad(gm<int8_t>(out.data(), 720), t, rows);
    ResetLoopModePara(DataCopyMVType::OUT_TO_UB);
    ResetLoopModePara(DataCopyMVType::UB_TO_OUT);
    DataCopyPad(u, gm<int8_t>(src.data(), 1024)[900], DataCopyExtParams{1, 40, 0, 0, 0},
                DataCopyPadExtParams<int8_t>{true, 0, 0, int8_t(-3)});
    for (uint32_t i = 0; i < ub.size(); ++i) ub[i] = t.GetValue(i);
    for (uint32_t i = 0; i < once.size(); ++i) once[i] = u.GetValue(i);
  });
  save(dir + "/ub.bin", ub);
  save(dir + "/out.bin", out);
  save(dir + "/once.bin", once);
}

void compact(const std::string& dir) {
  std::vector<int8_t> src = load<int8_t>(dir + "/src.bin", 1024), out(96, 0), ub(128), loop(192);
  opkit::sim::Launch launch{"v950sys", "Ascend950PR_9599", 1};
  launch.register_gm(src.data(), src.size(), "src").register_gm(out.data(), out.size(), "out");
  launch.run_body([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b, c;
    pipe.InitBuffer(b, 128);
    pipe.InitBuffer(c, 192);
    LocalTensor<int8_t> t = b.Get<int8_t>(), u = c.Get<int8_t>();
    Duplicate(t.ReinterpretCast<int16_t>(), int16_t(0x0707), 64);
    const DataCopyPadExtParams<int8_t> pad{true, 1, 2, int8_t(-3)};  // left/right do not apply in Compact
    DataCopyPad<int8_t, PaddingMode::Compact>(t, gm<int8_t>(src.data(), 1024), DataCopyExtParams{3, 24, 8, 5, 0}, pad);
    DataCopyPad<int8_t, PaddingMode::Compact>(gm<int8_t>(out.data(), 96), t, DataCopyExtParams{3, 24, 0, 8, 0});
    SetLoopModePara(LoopModeParams{2, 1, 100, 96, 0, 0}, DataCopyMVType::OUT_TO_UB);
    DataCopyPad<int8_t, PaddingMode::Compact>(u, gm<int8_t>(src.data(), 1024)[200], DataCopyExtParams{2, 40, 0, 0, 0},
                                              pad);
    ResetLoopModePara(DataCopyMVType::OUT_TO_UB);
    for (uint32_t i = 0; i < ub.size(); ++i) ub[i] = t.GetValue(i);
    for (uint32_t i = 0; i < loop.size(); ++i) loop[i] = u.GetValue(i);
  });
  save(dir + "/cub.bin", ub);
  save(dir + "/cout.bin", out);
  save(dir + "/cloop.bin", loop);
}

void mixed(const std::string& dir) {
  std::vector<float> x = load<float>(dir + "/x.bin", 768), y(4 * 128, -1.0f);
  std::vector<uint32_t> ss(4 * 32, 0);
  opkit::sim::Launch launch{"v950sys", "Ascend950PR_9599", 2};
  launch.set_kernel_type(KERNEL_TYPE_MIX_AIC_1_2);
  launch.register_gm(x.data(), x.size() * 4, "x").register_gm(y.data(), y.size() * 4, "y");
  launch.register_gm(ss.data(), ss.size() * 4, "ss");
  launch.run_body([&] {
    TPipe pipe;
    if ASCEND_IS_AIC {
      TBuf<TPosition::A1> l1b;
      pipe.InitBuffer(l1b, 384 * 4);
      LocalTensor<float> l1 = l1b.Get<float>();
      DataCopy(l1, gm<float>(x.data(), 768)[GetBlockIdx() * 384], 384);
      auto* s = static_cast<__ssbuf__ uint32_t*>(GetSsbufBaseAddr());
      for (uint32_t i = 0; i < 64; ++i) s[i] = uint32_t(GetBlockIdx()) * 1000 + i;
      LocalTensor<float> ub(TPosition::VECCALC, 0, 128);  // UB offset 0, where each vector core keeps its buffer
      CrossCoreWaitFlag(1);                               // both vector cores have their buffer
      DataCopyL1ToUB<float, 0>(ub, l1, 128);
      DataCopyL1ToUB<float, 1>(ub, l1[128], DataCopyParams{2, 8, 8, 0});
      CrossCoreSetFlag<2, PIPE_MTE1>(2);
    }
    if ASCEND_IS_AIV {
      TBuf<TPosition::VECCALC> b;
      pipe.InitBuffer(b, 128 * 4);
      LocalTensor<float> t = b.Get<float>();
      CrossCoreSetFlag<2, PIPE_S>(1);
      CrossCoreWaitFlag(2);
      DataCopy(gm<float>(y.data(), y.size())[GetBlockIdx() * 128], t, 128);
      const auto* s = static_cast<__ssbuf__ const uint32_t*>(GetSsbufBaseAddr());
      for (int64_t i = 0; i < 32; ++i) ss[size_t(GetBlockIdx() * 32 + i)] = s[GetSubBlockIdx() * 32 + i];
    }
  });
  save(dir + "/y.bin", y);
  save(dir + "/ss.bin", ss);
}

void own_ssbuf(const std::string& dir) {
  std::vector<int32_t> own(4, -1);
  opkit::sim::Launch launch{"v950sys", "Ascend950PR_9599", 4};
  launch.register_gm(own.data(), own.size() * 4, "own");
  launch.run_body([&] {
    auto* s = static_cast<__ssbuf__ int32_t*>(GetSsbufBaseAddr());
    s[0] = int32_t(GetBlockIdx());
    SyncAll();
    own[size_t(GetBlockIdx())] = s[0];
  });
  save(dir + "/own.bin", own);
}

void l1toub_on_aiv() {
  opkit::sim::Launch launch{"v950sys", "Ascend950PR_9599", 1};
  launch.run_body([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 256);
    LocalTensor<float> t = b.Get<float>();
    DataCopyL1ToUB(t, t, 64);
  });
}

// 950 takes no API temporaries where 310B does: opkit warns about the buffer and writes nothing there.
void ub_past_budget(bool past_whole) {
  opkit::sim::Launch launch{"v950sys", "Ascend950PR_9599", 1};
  bool kept = true;
  launch.run_body([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> work, fill, live;
    pipe.InitBuffer(work, 3 * 1024);
    pipe.InitBuffer(fill, (past_whole ? 261120 : 252928) - 3 * 1024);
    pipe.InitBuffer(live, 2048);
    LocalTensor<float> a = work.Get<float>(), b = a[256], t = live.Get<float>();
    Duplicate(t, 7.0f, 512);
    Duplicate(a, 2.0f, 256);
    Duplicate(b, 3.0f, 256);
    uint64_t bits[2] = {0xFFFF0000ull, 0};
    Compare(a[512].ReinterpretCast<uint8_t>(), a, b, CMPMODE::LT, bits, 1, BinaryRepeatParams{});
    for (int i = 256; i < 512; ++i) kept = kept && t.GetValue(i) == 7.0f;
  });
  for (const std::string& w : launch.warnings()) std::printf("warning: %s\n", w.c_str());
  if (kept) std::printf("kept\n");
}

}  // namespace

int vec950_sys_main(int argc, char** argv) {
  if (argc != 3) {
    std::printf("usage: v950sys <case> <dir>; see vec950_sys.cpp\n");
    return 2;
  }
  const std::string name = argv[1], dir = argv[2];
  try {
    if (name == "loopmode") loop_mode(dir);
    else if (name == "mixed") mixed(dir);
    else if (name == "compact") compact(dir);
    else if (name == "ssbuf") own_ssbuf(dir);
    else if (name == "l1toub_aiv") l1toub_on_aiv();
    else if (name == "ub950" || name == "ub950big") ub_past_budget(name == "ub950big");
    else return 2;
  } catch (const opkit::sim::KernelFault& f) {
    std::printf("fault: %s\n", f.what());
    return 3;
  }
  return 0;
}
