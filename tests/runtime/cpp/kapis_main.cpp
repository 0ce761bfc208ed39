// Kernel APIs of CANN's kernel-launch samples (issue 13): each case runs a small kernel on the simulator and checks
// exact expected values. Usage: kapis <case>...  prints "<case>: ok", "<case>: fault: <KernelFault>" or
// "<case>: FAIL <why>" per case (cases run in one process, so a fault must leave it usable).
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "kernel_operator_list_tensor_intf.h"
#include "lib/pad/broadcast.h"
#include "lib/pad/pad.h"
#include "tiling/tiling_api.h"
#include "utils/debug/asc_dump.h"
#include "utils/debug/asc_printf.h"

using namespace AscendC;

namespace {

struct Fail {
  std::string why;
};

#define EXPECT(cond)                                                         \
  do {                                                                       \
    if (!(cond)) throw Fail{std::string("line ") + std::to_string(__LINE__) + ": " #cond}; \
  } while (0)

// `blocks` blocks of `body` over the GM buffers given as (pointer, bytes, name).
struct Gm {
  void* p;
  uint64_t bytes;
  const char* name;
};
void launch(int64_t blocks, const std::vector<Gm>& gm, const std::function<void()>& body,
            const char* soc = "Ascend910B2") {
  opkit::sim::Launch l{"kapis", soc, blocks};
  for (const Gm& g : gm) l.register_gm(g.p, g.bytes, g.name);
  l.run_body(body);
}

// A TPipe with TBufs as plain UB tensors.
class Ub {
 public:
  template <typename T>
  LocalTensor<T> get(uint32_t count) {
    bufs_.emplace_back(new TBuf<TPosition::VECCALC>);
    pipe_.InitBuffer(*bufs_.back(), count * static_cast<uint32_t>(sizeof(T)));
    return bufs_.back()->Get<T>(count);
  }
  ~Ub() {
    for (auto* b : bufs_) delete b;
  }

 private:
  TPipe pipe_;
  std::vector<TBuf<TPosition::VECCALC>*> bufs_;
};

// ---- SetAtomicAdd: 48 blocks add into one GM row ----
void atomic_add_48() {
  std::vector<float> f(64, 0.0f);
  std::vector<int32_t> n(24, 5);
  std::vector<half> h(16, half(0.0f));
  std::vector<float> c(64, 0.0f);  // every block adds 1 to it 1000 times: contention on the same GM lines
  launch(48, {{f.data(), f.size() * 4, "f"}, {n.data(), n.size() * 4, "n"}, {h.data(), h.size() * 2, "h"},
              {c.data(), c.size() * 4, "c"}}, [&] {
    const float b = static_cast<float>(GetBlockIdx() + 1);
    GlobalTensor<float> fg;
    fg.SetGlobalBuffer(f.data(), 64);
    GlobalTensor<int32_t> ng;
    ng.SetGlobalBuffer(n.data(), 24);
    GlobalTensor<half> hg;
    hg.SetGlobalBuffer(h.data(), 16);
    Ub ub;
    auto fl = ub.get<float>(64);
    auto nl = ub.get<int32_t>(24);
    auto hl = ub.get<half>(16);
    for (uint32_t i = 0; i < 64; ++i) fl.SetValue(i, b * static_cast<float>(i + 1));
    for (uint32_t i = 0; i < 24; ++i) nl.SetValue(i, static_cast<int32_t>(i) - 3);
    for (uint32_t i = 0; i < 16; ++i) hl.SetValue(i, half(1.0f));
    SetAtomicAdd<float>();
    DataCopy(fg, fl, 64);
    SetAtomicAdd<int32_t>();
    DataCopyPad(ng, nl, DataCopyExtParams{1, 24 * 4, 0, 0, 0});  // unaligned length: DataCopyPad
    SetAtomicAdd<half>();
    DataCopy(hg, hl, DataCopyParams{1, 1, 0, 0});
    GlobalTensor<float> cg;
    cg.SetGlobalBuffer(c.data(), 64);
    Duplicate(fl, 1.0f, 64);
    SetAtomicAdd<float>();
    for (int k = 0; k < 1000; ++k) DataCopy(cg, fl, 64);
    SetAtomicNone();
  });
  for (float v : c) EXPECT(v == 48000.0f);
  // sum over b of b * (i + 1) = 1176 * (i + 1), exact in float.
  for (uint32_t i = 0; i < 64; ++i) EXPECT(f[i] == 1176.0f * static_cast<float>(i + 1));
  for (uint32_t i = 0; i < 24; ++i) EXPECT(n[i] == 5 + 48 * (static_cast<int32_t>(i) - 3));
  for (uint32_t i = 0; i < 16; ++i) EXPECT(static_cast<float>(h[i]) == 48.0f);
}

// SetAtomicNone ends accumulation; a new launch starts without it even if a block left it on.
void atomic_none_overwrites() {
  std::vector<float> f(8, 10.0f);
  launch(1, {{f.data(), 32, "f"}}, [&] {
    GlobalTensor<float> g;
    g.SetGlobalBuffer(f.data(), 8);
    Ub ub;
    auto l = ub.get<float>(8);
    Duplicate(l, 2.0f, 8);
    SetAtomicAdd<float>();
    DataCopy(g, l, 8);  // 12
    SetAtomicMax<float>();
    Duplicate(l, 20.0f, 8);
    DataCopy(g, l, 8);  // 20
    SetAtomicNone();
    Duplicate(l, 1.0f, 8);
    DataCopy(g, l, 8);  // 1
    SetAtomicAdd<float>();
  });
  for (float v : f) EXPECT(v == 1.0f);
  launch(1, {{f.data(), 32, "f"}}, [&] {
    GlobalTensor<float> g;
    g.SetGlobalBuffer(f.data(), 8);
    Ub ub;
    auto l = ub.get<float>(8);
    Duplicate(l, 4.0f, 8);
    DataCopy(g, l, 8);
  });
  for (float v : f) EXPECT(v == 4.0f);
}

// ---- Fill / InitGlobalMemory on GM, GlobalTensor::address_ ----
void fill_gm() {
  std::vector<float> f(100, -1.0f);
  std::vector<half> h(40, half(-1.0f));
  std::vector<int32_t> z(70, 9);
  launch(1, {{f.data(), 400, "f"}, {h.data(), 80, "h"}, {z.data(), 280, "z"}}, [&] {
    GlobalTensor<float> fg;
    fg.SetGlobalBuffer(f.data(), 100);
    Fill(fg, 99, 3.5f);
    GlobalTensor<half> hg;
    hg.SetGlobalBuffer(h.data() + 8, 32);
    InitGlobalMemory(hg, 32, half(2.0f));
    GlobalTensor<int32_t> zg;
    zg.SetGlobalBuffer(z.data(), 70);
    InitOutput<int32_t>(zg, 70);
  });
  for (int i = 0; i < 99; ++i) EXPECT(f[i] == 3.5f);
  EXPECT(f[99] == -1.0f);
  for (int i = 0; i < 40; ++i) EXPECT(static_cast<float>(h[i]) == (i < 8 ? -1.0f : 2.0f));
  for (int32_t v : z) EXPECT(v == 0);
}

void fill_gm_out_of_bounds() {
  std::vector<float> f(16, 0.0f);
  launch(1, {{f.data(), 64, "f"}}, [&] {
    GlobalTensor<float> g;
    g.SetGlobalBuffer(f.data(), 16);
    GlobalTensor<float> tail = g[8];
    Fill(tail, 9, 1.0f);
  });
}

void global_address() {
  std::vector<float> f(16, 0.0f);
  for (int i = 0; i < 16; ++i) f[i] = static_cast<float>(i);
  launch(1, {{f.data(), 64, "f"}}, [&] {
    GlobalTensor<float> g;
    g.SetGlobalBuffer(f.data(), 16);
    EXPECT(g.address_ == f.data());
    EXPECT(g[4].address_ == f.data() + 4);
    GlobalTensor<float> h;
    h.SetGlobalBuffer(f.data(), 16);
    h.address_ = h.address_ + 2;  // CANN kernels move the pointer by hand
    EXPECT(h.GetValue(0) == 2.0f);
    EXPECT(h.GetPhyAddr() == f.data() + 2);
  });
}

// ---- GatherMask ----
void gather_mask() {
  launch(1, {}, [&] {
    Ub ub;
    auto src = ub.get<float>(128);
    auto dst = ub.get<float>(128);
    auto pat = ub.get<uint32_t>(16);
    for (uint32_t i = 0; i < 128; ++i) src.SetValue(i, static_cast<float>(i));
    uint64_t kept = 0;
    // Built-in pattern 1 (even elements) over 2 repeats of 64 floats.
    GatherMask(dst, src, uint8_t(1), false, 0, GatherMaskParams{1, 2, 8, 0}, kept);
    EXPECT(kept == 64);
    for (uint32_t i = 0; i < 64; ++i) EXPECT(dst.GetValue(i) == static_cast<float>(2 * i));
    // Pattern 2 (odd) in counter mode over the first 10 elements.
    GatherMask(dst, src, uint8_t(2), true, 10, GatherMaskParams{1, 1, 8, 0}, kept);
    EXPECT(kept == 5);
    for (uint32_t i = 0; i < 5; ++i) EXPECT(dst.GetValue(i) == static_cast<float>(2 * i + 1));
    EXPECT(GetGatherMaskRemainCount() == 5);
    // Counter mode as Ascend910B kernels use it: `mask` elements from the start of each repeat (repeats 1 block
    // apart here), pattern 4 takes the second of every 4.
    GatherMask(dst, src, uint8_t(4), true, 2, GatherMaskParams{1, 4, 1, 0}, kept);
    EXPECT(kept == 4);
    for (uint32_t i = 0; i < 4; ++i) EXPECT(dst.GetValue(i) == static_cast<float>(8 * i + 1));
    // Pattern 6: elements 3, 7, 11, ...
    GatherMask(dst, src, uint8_t(6), false, 0, GatherMaskParams{1, 1, 8, 0}, kept);
    EXPECT(kept == 16 && dst.GetValue(0) == 3.0f && dst.GetValue(15) == 63.0f);
    // A tensor pattern: bits 0, 5, 63 of repeat 0; repeat 1 reads its bits 32 bytes later (src1RepeatStride 1).
    Duplicate(pat, 0u, 16);
    pat.SetValue(0, (1u << 0) | (1u << 5));
    pat.SetValue(1, 1u << 31);
    pat.SetValue(8, 1u << 1);
    GatherMask(dst, src, pat, false, 0, GatherMaskParams{1, 2, 8, 1}, kept);
    EXPECT(kept == 4);
    EXPECT(dst.GetValue(0) == 0.0f && dst.GetValue(1) == 5.0f && dst.GetValue(2) == 63.0f && dst.GetValue(3) == 65.0f);
    // half with uint16 patterns.
    auto hs = ub.get<half>(128);
    auto hd = ub.get<half>(128);
    auto hp = ub.get<uint16_t>(16);
    for (uint32_t i = 0; i < 128; ++i) hs.SetValue(i, half(static_cast<float>(i)));
    Duplicate(hp, uint16_t(0), 16);
    hp.SetValue(7, uint16_t(0x8001));  // elements 112 and 127
    GatherMask(hd, hs, hp, false, 0, GatherMaskParams{1, 1, 8, 0}, kept);
    EXPECT(kept == 2 && static_cast<float>(hd.GetValue(0)) == 112.0f && static_cast<float>(hd.GetValue(1)) == 127.0f);
  });
}

void gather_mask_bad_pattern() {
  launch(1, {}, [&] {
    Ub ub;
    auto src = ub.get<float>(64);
    auto dst = ub.get<float>(64);
    uint64_t kept = 0;
    GatherMask(dst, src, uint8_t(9), false, 0, GatherMaskParams{1, 1, 8, 0}, kept);
  });
}

// ---- Sort32 ----
void sort32() {
  launch(1, {}, [&] {
    Ub ub;
    auto score = ub.get<float>(64);
    auto index = ub.get<uint32_t>(64);
    auto out = ub.get<float>(128);
    for (uint32_t i = 0; i < 64; ++i) {
      score.SetValue(i, static_cast<float>((i * 37) % 64) - (i == 5 ? 0.0f : 0.0f));
      index.SetValue(i, 1000 + i);
    }
    score.SetValue(9, score.GetValue(3));  // a tie: input order kept
    Sort32(out, score, index, 2);
    const auto pairs = out.ReinterpretCast<uint32_t>();
    for (uint32_t r = 0; r < 2; ++r) {
      for (uint32_t j = 0; j < 32; ++j) {
        const float v = out.GetValue(r * 64 + 2 * j);
        const uint32_t idx = pairs.GetValue(r * 64 + 2 * j + 1);
        EXPECT(idx >= 1000 + r * 32 && idx < 1000 + r * 32 + 32);
        EXPECT(score.GetValue(idx - 1000) == v);
        if (j > 0) EXPECT(out.GetValue(r * 64 + 2 * (j - 1)) >= v);
      }
    }
    // The tie: element 3 comes before element 9.
    uint32_t at3 = 99, at9 = 99;
    for (uint32_t j = 0; j < 32; ++j) {
      if (pairs.GetValue(2 * j + 1) == 1003) at3 = j;
      if (pairs.GetValue(2 * j + 1) == 1009) at9 = j;
    }
    EXPECT(at3 + 1 == at9);
  });
}

// ---- Copy (vector copy with strides) ----
void vector_copy() {
  launch(1, {}, [&] {
    Ub ub;
    auto src = ub.get<float>(256);
    auto dst = ub.get<float>(256);
    for (uint32_t i = 0; i < 256; ++i) src.SetValue(i, static_cast<float>(i));
    Duplicate(dst, -1.0f, 256);
    // 2 repeats of the first 16 floats of each repeat; src repeats 16 blocks apart, dst repeats 8 blocks apart.
    Copy(dst, src, uint64_t(16), 2, CopyRepeatParams{1, 1, 8, 16});
    for (uint32_t i = 0; i < 16; ++i) {
      EXPECT(dst.GetValue(i) == static_cast<float>(i));
      EXPECT(dst.GetValue(64 + i) == static_cast<float>(128 + i));
    }
    EXPECT(dst.GetValue(16) == -1.0f);
    const uint64_t mask[2] = {0x5, 0};
    Copy(dst, src, mask, 1, CopyRepeatParams{});
    EXPECT(dst.GetValue(0) == 0.0f && dst.GetValue(2) == 2.0f && dst.GetValue(1) == 1.0f);
  });
}

// ---- Pad / UnPad with host tiling ----
void pad_unpad() {
  const uint32_t h = 4, w = 16, ori = 15;
  uint32_t max_tmp = 0, min_tmp = 0;
  GetPadMaxMinTmpSize(ge::Shape({h, w}), sizeof(half), max_tmp, min_tmp);
  // CANN's formula: 1024 B per 16 source elements (all at most, one group at least), for half and float alike.
  EXPECT(max_tmp == 4 * 1024 && min_tmp == 1024);
  uint32_t max_f = 0, min_f = 0;
  GetPadMaxMinTmpSize(ge::Shape({3, 24}), sizeof(float), max_f, min_f);
  EXPECT(max_f == 5 * 1024 && min_f == 1024);
  PadTiling pt;
  PadTilingFunc(ge::Shape({h, w}), ge::Shape({h, ori}), max_tmp, sizeof(half), pt);
  EXPECT(pt.srcHeight == h && pt.srcWidth == w && pt.srcOriWidth == ori);
  const auto& platform = *platform_ascendc::PlatformAscendCManager::GetInstance("Ascend910B2");
  uint32_t unpad_max = 7, unpad_min = 7;
  GetUnPadMaxMinTmpSize(platform, ge::Shape({h, w}), sizeof(half), unpad_max, unpad_min);
  EXPECT(unpad_max == 0 && unpad_min == 0);  // CANN: UnPad needs no tmp space on the 910B
  GetUnPadMaxMinTmpSize(*platform_ascendc::PlatformAscendCManager::GetInstance("Ascend310P3"), ge::Shape({h, w}),
                        sizeof(half), unpad_max, unpad_min);
  EXPECT(unpad_max == 4 * 1024 && unpad_min == 1024);
  UnPadTiling ut;
  UnPadTilingFunc(ge::Shape({h, w}), max_tmp, sizeof(half), ut);
  launch(1, {}, [&] {
    Ub ub;
    auto src = ub.get<half>(h * w);
    auto dst = ub.get<half>(h * w);
    auto tmp = ub.get<uint8_t>(max_tmp);
    for (uint32_t i = 0; i < h * w; ++i) src.SetValue(i, half(static_cast<float>(i)));
    PadParams pp{0, 1, 321};
    Pad(dst, src, pp, tmp, pt);
    for (uint32_t r = 0; r < h; ++r) {
      for (uint32_t c = 0; c < w; ++c) {
        EXPECT(static_cast<float>(dst.GetValue(r * w + c)) == (c < ori ? static_cast<float>(r * w + c) : 321.0f));
      }
    }
    Pad(src, src, pp, pt);  // in place
    for (uint32_t r = 0; r < h; ++r) EXPECT(static_cast<float>(src.GetValue(r * w + w - 1)) == 321.0f);
    for (uint32_t i = 0; i < h * w; ++i) src.SetValue(i, half(static_cast<float>(i)));
    UnPadParams up{0, 1};
    UnPad(dst, src, up, tmp, ut);
    for (uint32_t r = 0; r < h; ++r) {
      for (uint32_t c = 0; c < w - 1; ++c) {
        EXPECT(static_cast<float>(dst.GetValue(r * (w - 1) + c)) == static_cast<float>(r * w + c));
      }
    }
  });
}

// optiling::PadTiling / UnPadTiling as a tiling function hands them on: GetDataSize and SaveToBuffer, like every
// BEGIN_TILING_DATA_DEF class; the saved bytes are the kernel's AscendC::tiling struct, and a short buffer is refused.
void pad_tiling_buffer() {
  optiling::PadTiling pt;
  PadTilingFunc(ge::Shape({4, 16}), ge::Shape({4, 15}), 1024, sizeof(half), pt);
  optiling::UnPadTiling ut;
  UnPadTilingFunc(ge::Shape({4, 16}), 1024, sizeof(half), ut);
  EXPECT(pt.GetDataSize() == 104 && ut.GetDataSize() == 32);
  alignas(8) uint8_t raw[256] = {};
  pt.SaveToBuffer(raw, sizeof(raw));
  ut.SaveToBuffer(raw + pt.GetDataSize(), sizeof(raw) - pt.GetDataSize());
  AscendC::tiling::PadTiling kernel_pad;
  AscendC::tiling::UnPadTiling kernel_unpad;
  std::memcpy(&kernel_pad, raw, sizeof(kernel_pad));
  std::memcpy(&kernel_unpad, raw + pt.GetDataSize(), sizeof(kernel_unpad));
  EXPECT(kernel_pad.srcHeight == 4 && kernel_pad.srcWidth == 16 && kernel_pad.srcOriWidth == 15);
  EXPECT(std::memcmp(&kernel_pad, &pt, sizeof(pt)) == 0 && std::memcmp(&kernel_unpad, &ut, sizeof(ut)) == 0);
  try {
    ut.SaveToBuffer(raw, 31);
    EXPECT(false);
  } catch (const opkit::host::HostError& e) {
    EXPECT(std::string(e.what()).find("UnPadTiling::SaveToBuffer needs 32 bytes but the tiling buffer holds 31") !=
           std::string::npos);
  }
}

void pad_misaligned() {
  PadTiling pt;
  PadTilingFunc(ge::Shape({2, 16}), ge::Shape({2, 14}), 1024, sizeof(half), pt);
  launch(1, {}, [&] {
    Ub ub;
    auto src = ub.get<half>(32);
    auto dst = ub.get<half>(32);
    PadParams pp{0, 1, 0};  // 14 + 1 = 15 halves: not whole 32 B blocks
    Pad(dst, src, pp, pt);
  });
}

// ---- Broadcast / BroadCast with the host size query ----
void broadcast() {
  uint32_t max_tmp = 0, min_tmp = 0;
  const auto& platform = *platform_ascendc::PlatformAscendCManager::GetInstance("Ascend910B2");
  GetBroadCastMaxMinTmpSize(platform, ge::Shape({4, 1}), ge::Shape({4, 8}), 4, false, max_tmp, min_tmp);
  EXPECT(max_tmp >= min_tmp && min_tmp > 0);
  launch(1, {}, [&] {
    Ub ub;
    auto col = ub.get<float>(8);
    auto row = ub.get<float>(8);
    auto dst = ub.get<float>(32);
    auto tmp = ub.get<uint8_t>(max_tmp);
    for (uint32_t i = 0; i < 8; ++i) col.SetValue(i, static_cast<float>(10 * i)), row.SetValue(i, static_cast<float>(i));
    const uint32_t dshape[2] = {4, 8}, cshape[2] = {4, 1}, rshape[2] = {1, 8};
    const uint32_t d8[2] = {8, 8}, c8[2] = {8, 1};
    auto big = ub.get<float>(64);
    Broadcast<float, 2, 1>(big, col, d8, c8, tmp);
    for (uint32_t i = 0; i < 8; ++i) for (uint32_t j = 0; j < 8; ++j) EXPECT(big.GetValue(i * 8 + j) == 10.0f * i);
    // [4, 1] -> [4, 8]: srcShape[0] need not be 32 B on 910B (only the 310P asks it; rms_norm_grad's [1, 1] rows).
    Broadcast<float, 2, 1>(dst, col, dshape, cshape, tmp);
    for (uint32_t i = 0; i < 4; ++i) for (uint32_t j = 0; j < 8; ++j) EXPECT(dst.GetValue(i * 8 + j) == 10.0f * i);
    BroadCast<float, 2, 0>(dst, row, dshape, rshape);
    for (uint32_t i = 0; i < 4; ++i) for (uint32_t j = 0; j < 8; ++j) EXPECT(dst.GetValue(i * 8 + j) == float(j));
    const uint32_t d1[1] = {32}, s1[1] = {1};
    auto one = ub.get<float>(8);
    one.SetValue(0, 10.0f);
    Broadcast<float, 1, 0>(dst, one, d1, s1);
    for (uint32_t i = 0; i < 32; ++i) EXPECT(dst.GetValue(i) == 10.0f);
  });
}

// b16/b32 integers (CANN's implementations take any b16/b32 type): column, row and scalar broadcast, values that
// need the full width. Rows and columns are one 32 B block each, as CANN's alignment rule asks.
template <typename T>
void broadcast_integers_of() {
  constexpr uint32_t kSide = 32 / sizeof(T);
  const auto col_value = [](uint32_t i) { return static_cast<T>(std::numeric_limits<T>::min() / 2 + T(i)); };
  const auto row_value = [](uint32_t j) { return static_cast<T>(std::numeric_limits<T>::max() - T(j)); };
  launch(1, {}, [&] {
    Ub ub;
    auto col = ub.get<T>(kSide);
    auto row = ub.get<T>(kSide);
    auto dst = ub.get<T>(kSide * kSide);
    for (uint32_t i = 0; i < kSide; ++i) col.SetValue(i, col_value(i)), row.SetValue(i, row_value(i));
    const uint32_t d[2] = {kSide, kSide}, c[2] = {kSide, 1}, r[2] = {1, kSide};
    Broadcast<T, 2, 1>(dst, col, d, c);
    for (uint32_t i = 0; i < kSide; ++i) {
      for (uint32_t j = 0; j < kSide; ++j) EXPECT(dst.GetValue(i * kSide + j) == col_value(i));
    }
    Broadcast<T, 2, 0>(dst, row, d, r);
    for (uint32_t i = 0; i < kSide; ++i) {
      for (uint32_t j = 0; j < kSide; ++j) EXPECT(dst.GetValue(i * kSide + j) == row_value(j));
    }
    const uint32_t d1[1] = {kSide * kSide}, s1[1] = {1};
    auto one = ub.get<T>(kSide);
    one.SetValue(0, row_value(3));
    Broadcast<T, 1, 0>(dst, one, d1, s1);
    for (uint32_t i = 0; i < kSide * kSide; ++i) EXPECT(dst.GetValue(i) == row_value(3));
  });
}

void broadcast_int16_int32() {
  broadcast_integers_of<int16_t>();
  broadcast_integers_of<int32_t>();
}

void broadcast_shape_mismatch() {
  launch(1, {}, [&] {
    Ub ub;
    auto src = ub.get<float>(8);
    auto dst = ub.get<float>(64);
    const uint32_t d[2] = {8, 8}, s[2] = {4, 1};
    Broadcast<float, 2, 1>(dst, src, d, s);
  });
}

// The 310P's rule: a column broadcast ([m, 1] -> [m, k]) needs m x sizeof(T) in whole 32 B blocks.
void broadcast_column_310p() {
  launch(1, {}, [&] {
    Ub ub;
    auto src = ub.get<float>(8);
    auto dst = ub.get<float>(32);
    const uint32_t d[2] = {4, 8}, s[2] = {4, 1};
    Broadcast<float, 2, 1>(dst, src, d, s);
  }, "Ascend310P3");
}

// ---- Std::max, DivCeil, IsSameType/SupportType, g_coreType, GetSystemCycle ----
void utils() {
  static_assert(AscendC::Std::max(3, 7) == 7 && AscendC::Std::min(3u, 7u) == 3u, "Std::max/min");
  static_assert(DivCeil(10, 4) == 3 && DivCeil(8u, 4u) == 2u && AlignUp(10, 8) == 16, "DivCeil/AlignUp");
  static_assert(MAX_REPEAT_TIMES == 255 && DEFAULT_REPEAT_STRIDE == 8 && HALF_DEFAULT_REPEAT_STRIDE == 4, "limits");
  static_assert(IsSameType<half, half>::value && !IsSameType<half, bfloat16_t>::value, "IsSameType");
  static_assert(IsSameType<Conditional<true, float, half>::type, float>::value &&
                IsSameType<Conditional<false, float, half>::type, half>::value, "Conditional");
  static_assert(IsSameType<ConditionalMulti<false, true, int8_t, int16_t, int32_t, int64_t>::type, int32_t>::value &&
                IsSameType<ConditionalMulti<true, false, int8_t, int16_t, int32_t, int64_t>::type, int16_t>::value,
                "ConditionalMulti");
  static_assert(SupportType<float, half, float>() && !SupportType<int8_t, half, float>(), "SupportType");
  static_assert(SupportEnum<RoundMode::CAST_RINT, RoundMode::CAST_NONE, RoundMode::CAST_RINT>(), "SupportEnum");
  launch(1, {}, [&] { EXPECT(g_coreType == AIV && ASCEND_IS_AIV); });   // a vector kernel runs on AIV cores
  const int64_t a = GetSystemCycle();
  const int64_t b = GetSystemCycle();
  EXPECT(b >= a && a > 0);
}

// ---- TBufPool / TPipe::InitBufPool, TBuf::FreeTensor ----
void buf_pool() {
  launch(1, {}, [&] {
    TPipe pipe;
    TBufPool<TPosition::VECCALC> pool0, pool1;
    pipe.InitBufPool(pool0, 4096);
    pipe.InitBufPool(pool1, 4096, pool0);  // shares pool0's bytes
    TQue<TPosition::VECIN, 1> q;
    TBuf<TPosition::VECCALC> b0, b1;
    pool0.InitBuffer(q, 1, 1024);
    pool0.InitBuffer(b0, 2048);
    pool1.InitBuffer(b1, 1024);
    auto t = q.AllocTensor<float>();
    auto u = b1.Get<float>();
    EXPECT(t.GetPhyAddr() == u.GetPhyAddr());  // shared bytes
    Duplicate(t, 5.0f, 256);
    EXPECT(u.GetValue(3) == 5.0f);
    q.FreeTensor(t);
    auto v = b0.AllocTensor<float>();
    EXPECT(v.GetSize() == 512);
    b0.FreeTensor(v);
    pool0.Reset();
    TBuf<TPosition::VECCALC> again;
    pool0.InitBuffer(again, 4096);  // the whole pool after Reset
    EXPECT(again.Get<float>().GetPhyAddr() == u.GetPhyAddr());
  });
}

void buf_pool_overflow() {
  launch(1, {}, [&] {
    TPipe pipe;
    TBufPool<TPosition::VECCALC> pool;
    pipe.InitBufPool(pool, 1024);
    TBuf<TPosition::VECCALC> a, b;
    pool.InitBuffer(a, 768);
    pool.InitBuffer(b, 512);
  });
}

void tbuf_free_foreign() {
  launch(1, {}, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b;
    pipe.InitBuffer(a, 64);
    pipe.InitBuffer(b, 64);
    auto t = a.Get<float>();
    b.FreeTensor(t);
  });
}

// ---- DumpTensor / DumpAccChkPoint / printf / PRINTF (the Python side checks the text) ----
void dump() {
  std::vector<int32_t> g(8);
  for (int i = 0; i < 8; ++i) g[i] = 100 + i;
  launch(2, {{g.data(), 32, "g"}}, [&] {
    Ub ub;
    auto t = ub.get<float>(8);
    for (uint32_t i = 0; i < 8; ++i) t.SetValue(i, static_cast<float>(i) + 0.5f);
    if (GetBlockIdx() == 1) {
      DumpTensor(t, 7, 4);
      const uint32_t shape[2] = {2, 3};
      DumpTensor(t, 8, 5, ShapeInfo(2, shape));
      GlobalTensor<int32_t> gt;
      gt.SetGlobalBuffer(g.data(), 8);
      DumpAccChkPoint(gt, 3, 2, 3);
      PRINTF("value %d of %s is %f\n", 42, "x", 1.25f);
      printf("plain %d\n", 7);
      AscendC::printf("half %f\n", half(0.5f));
      asc_dump_gm<int32_t>(g.data() + 6, 11, 2);
      asc_dump(reinterpret_cast<__ubuf__ float*>(t.GetPhyAddr()) + 1, 12, 2);
    }
  });
}

void dump_past_end() {
  launch(1, {}, [&] {
    Ub ub;
    auto t = ub.get<float>(8);
    DumpTensor(t, 1, 9);
  });
}

// ---- ASSERT: a located fault; the process lives on ----
void assert_fails() {
  launch(1, {}, [&] {
    const int n = 3;
    ASSERT(n == 3);
    ASSERT(n < 2);
  });
}

void ascendc_assert_message() {
  launch(1, {}, [&] {
    const int n = 3;
    ascendc_assert(n == 3);
    assert(n == 3, "never printed %d\n", n);
    ascendc_assert(std::max(n, 1) < 2, "n is %d\n", n);
  });
}

void assert_like_cann() {
  launch(1, {}, [&] {
    const int n = 3;
    assert(n < 2, "n, %s, is %d\n", "three", n);
  });
}

// ---- ListTensorDesc ----
void list_tensor() {
  std::vector<float> a(6), b(4);
  // Two tensors of dim 2: [2, 3] and [4, 1].
  std::vector<uint64_t> desc = {8 + 2 * 3 * 8,
                                2 | (0ull << 32), 2, 3,
                                2 | (1ull << 32), 4, 1,
                                reinterpret_cast<uintptr_t>(a.data()), reinterpret_cast<uintptr_t>(b.data())};
  launch(1, {{desc.data(), desc.size() * 8, "desc"}, {a.data(), 24, "a"}, {b.data(), 16, "b"}}, [&] {
    ListTensorDesc list(desc.data(), static_cast<uint32_t>(desc.size() * 8), 2);
    EXPECT(list.GetSize() == 2);
    EXPECT(list.GetDataPtr<float>(1) == b.data());
    uint64_t shape[2] = {0, 0};
    TensorDesc<float> d;
    d.SetShapeAddr(shape);
    list.GetDesc(d, 1);
    EXPECT(d.GetDim() == 2 && d.GetIndex() == 1 && d.GetShape(0) == 4 && d.GetShape(1) == 1);
    EXPECT(d.GetDataPtr() == b.data());
    GlobalTensor<float> g = d.GetDataObj();
    g.SetValue(3, 7.0f);
  });
  EXPECT(b[3] == 7.0f);
}

// CANN's addn sample: the descriptor lives on the host stack and ICPU_RUN_KF passes it as is; the data it points at
// is GmAlloc'd GM.
extern "C" __global__ __aicore__ void list_tensor_sum(GM_ADDR descs, GM_ADDR out) {
  ListTensorDesc list(reinterpret_cast<__gm__ void*>(descs), (1 + 2 * 2 + 2) * 8, 2);
  uint64_t shape[1] = {0};
  TensorDesc<float> d;
  d.SetShapeAddr(shape);
  list.GetDesc(d, 1);
  GlobalTensor<float> x, y, z;
  x.SetGlobalBuffer(list.GetDataPtr<float>(0), shape[0]);
  y.SetGlobalBuffer(list.GetDataPtr<float>(1), shape[0]);
  z.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(out), shape[0]);
  for (uint64_t i = 0; i < shape[0]; ++i) z.SetValue(i, x.GetValue(i) + y.GetValue(i));
}

void list_tensor_host_stack() {
  float* a = static_cast<float*>(GmAlloc(4 * sizeof(float)));
  float* b = static_cast<float*>(GmAlloc(4 * sizeof(float)));
  float* out = static_cast<float*>(GmAlloc(4 * sizeof(float)));
  for (int i = 0; i < 4; ++i) {
    a[i] = float(i);
    b[i] = 10.0f * float(i);
  }
  // Two tensors of dim 1 ([4] each): offset, (head, dim) per tensor, then the data pointers.
  uint64_t host[7] = {5 * 8, 1 | (0ull << 32), 4, 1 | (1ull << 32), 4, reinterpret_cast<uintptr_t>(a),
                      reinterpret_cast<uintptr_t>(b)};
  ICPU_RUN_KF(list_tensor_sum, 1, reinterpret_cast<uint8_t*>(host), reinterpret_cast<uint8_t*>(out));
  for (int i = 0; i < 4; ++i) EXPECT(out[i] == 11.0f * float(i));
  GmFree(a);
  GmFree(b);
  GmFree(out);
}

// ---- Gatherb: 32-byte blocks of src by byte offset (CANN's documented reference) ----
void gatherb() {
  launch(1, {}, [&] {
    Ub ub;
    auto src = ub.get<uint16_t>(128), dst = ub.get<uint16_t>(256);
    auto off = ub.get<uint32_t>(16);
    for (uint32_t i = 0; i < 128; ++i) src.SetValue(i, uint16_t(i));
    for (uint32_t i = 0; i < 256; ++i) dst.SetValue(i, uint16_t(9999));
    for (uint32_t j = 0; j < 16; ++j) off.SetValue(j, (j < 8 ? 7 - j : j - 8) * 32);  // repeat 0 reversed, 1 in order
    Gatherb(dst, src, off, 2, GatherRepeatParams(1, 8));
    for (uint32_t j = 0; j < 8; ++j) {
      EXPECT(dst.GetValue(j * 16) == (7 - j) * 16 && dst.GetValue(j * 16 + 15) == (7 - j) * 16 + 15);
      EXPECT(dst.GetValue(128 + j * 16 + 3) == j * 16 + 3);
    }
    for (uint32_t i = 0; i < 256; ++i) dst.SetValue(i, uint16_t(9999));
    Gatherb(dst, src, off, 1, GatherRepeatParams(2, 8));  // dstBlkStride 2: every other block
    EXPECT(dst.GetValue(0) == 7 * 16 && dst.GetValue(16) == 9999 && dst.GetValue(32) == 6 * 16);
  });
}

// ---- Compare into the CmpMask register, GetCmpMask/SetCmpMask ----
void cmp_mask() {
  launch(1, {}, [&] {
    Ub ub;
    auto a = ub.get<half>(128), b = ub.get<half>(128);
    auto bits = ub.get<uint8_t>(32), pattern = ub.get<uint8_t>(32);
    for (uint32_t i = 0; i < 128; ++i) a.SetValue(i, half(float(i))), b.SetValue(i, half(64.0f));
    Compare(a, b, CMPMODE::LT, 128, BinaryRepeatParams{});
    GetCmpMask(bits);
    for (uint32_t k = 0; k < 16; ++k) EXPECT(bits.GetValue(k) == (k < 8 ? 0xff : 0x00));
    const uint64_t low[2] = {0xffffffffffffffffull, 0x1ull};  // elements 0..64 only
    Compare(a, b, CMPMODE::GE, low, BinaryRepeatParams{});
    GetCmpMask(bits);
    EXPECT(bits.GetValue(0) == 0 && bits.GetValue(7) == 0 && bits.GetValue(8) == 0x01 && bits.GetValue(9) == 0);
    for (uint32_t k = 0; k < 16; ++k) pattern.SetValue(k, uint8_t(k * 17));
    SetCmpMask(pattern);
    GetCmpMask(bits);
    for (uint32_t k = 0; k < 16; ++k) EXPECT(bits.GetValue(k) == k * 17);
  });
}

void gatherb_offset_outside() {
  launch(1, {}, [&] {
    Ub ub;
    auto src = ub.get<uint16_t>(128), dst = ub.get<uint16_t>(128);
    auto off = ub.get<uint32_t>(8);
    for (uint32_t j = 0; j < 8; ++j) off.SetValue(j, j == 5 ? 240 : 0);
    Gatherb(dst, src, off, 1, GatherRepeatParams(1, 8));
  });
}

void list_tensor_bad_index() {
  std::vector<uint64_t> desc = {24, 0, 0xffffffff, 0};
  launch(1, {{desc.data(), desc.size() * 8, "desc"}}, [&] {
    ListTensorDesc list(desc.data());
    list.GetDataPtr<float>(1);
  });
}

// ---- static tensors ----
void static_tensor() {
  launch(1, {}, [&] {
    InitSocState();
    LocalMemAllocator<Hardware::UB> alloc;
    auto x = alloc.Alloc<float, 64>();
    auto y = alloc.Alloc<TPosition::VECOUT, half>(10);
    EXPECT(alloc.GetCurAddr() == 256 + 32);
    EXPECT(reinterpret_cast<uint8_t*>(y.GetPhyAddr()) - reinterpret_cast<uint8_t*>(x.GetPhyAddr()) == 256);
    EXPECT(y.GetPosition() == static_cast<int32_t>(TPosition::VECOUT));
    LocalTensor<float> z(TPosition::VECCALC, 1024, 64);
    Duplicate(x, 2.0f, 64);
    Adds(z, x, 1.0f, 64);
    EXPECT(z.GetValue(63) == 3.0f);
  });
}

void static_tensor_cube_memory() {
  launch(1, {}, [&] {
    LocalMemAllocator<Hardware::L1> l1;
    l1.Alloc<TPosition::A2, half>(256);  // A2 is L0A: not this allocator's memory
  });
}

void static_tensor_misaligned() {
  launch(1, {}, [&] {
    LocalTensor<float> z(TPosition::VECCALC, 100, 8);
  });
}

const std::map<std::string, void (*)()> kCases = {
    {"atomic_add_48", atomic_add_48}, {"atomic_none_overwrites", atomic_none_overwrites}, {"fill_gm", fill_gm},
    {"fill_gm_out_of_bounds", fill_gm_out_of_bounds}, {"global_address", global_address},
    {"gather_mask", gather_mask}, {"gather_mask_bad_pattern", gather_mask_bad_pattern}, {"sort32", sort32},
    {"vector_copy", vector_copy}, {"pad_unpad", pad_unpad}, {"pad_tiling_buffer", pad_tiling_buffer},
    {"pad_misaligned", pad_misaligned},
    {"broadcast", broadcast}, {"broadcast_int16_int32", broadcast_int16_int32},
    {"broadcast_shape_mismatch", broadcast_shape_mismatch}, {"broadcast_column_310p", broadcast_column_310p}, {"utils", utils},
    {"buf_pool", buf_pool}, {"buf_pool_overflow", buf_pool_overflow}, {"tbuf_free_foreign", tbuf_free_foreign},
    {"dump", dump}, {"dump_past_end", dump_past_end}, {"assert_fails", assert_fails},
    {"ascendc_assert_message", ascendc_assert_message}, {"assert_like_cann", assert_like_cann}, {"list_tensor", list_tensor},
    {"list_tensor_host_stack", list_tensor_host_stack},
    {"gatherb", gatherb}, {"gatherb_offset_outside", gatherb_offset_outside}, {"cmp_mask", cmp_mask},
    {"list_tensor_bad_index", list_tensor_bad_index}, {"static_tensor", static_tensor},
    {"static_tensor_misaligned", static_tensor_misaligned}, {"static_tensor_cube_memory", static_tensor_cube_memory},
};

}  // namespace

int main(int argc, char** argv) {
  int bad = 0;
  for (int i = 1; i < argc; ++i) {
    const auto it = kCases.find(argv[i]);
    if (it == kCases.end()) {
      std::printf("%s: FAIL unknown case\n", argv[i]);
      bad = 1;
      continue;
    }
    std::fflush(stdout);
    try {
      it->second();
      std::printf("%s: ok\n", argv[i]);
    } catch (const opkit::sim::KernelFault& f) {
      std::printf("%s: fault: %s\n", argv[i], f.what());
    } catch (const Fail& f) {
      std::printf("%s: FAIL %s\n", argv[i], f.why.c_str());
      bad = 1;
    } catch (const std::exception& e) {
      std::printf("%s: FAIL %s\n", argv[i], e.what());
      bad = 1;
    }
    std::fflush(stdout);
  }
  return bad;
}
