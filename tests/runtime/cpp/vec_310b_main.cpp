// Driver of the 310B vector tests (built with OPKIT_SOC_ARCH=3002): one call inside a simulated launch on numpy files
// in <dir>, as the competition kernels of Ascend310B make it.
//   v310b abs <int8|int16|int32|half|float> <count> <dir>   x.bin -> y.bin (Abs, count form)
//   v310b cmp <lt|ne> <count> <dir>                        x.bin, x2.bin (float) -> y.bin (Compare's bits, bytes
//                                                            of whole repeats, dst pre-filled with 0xAA)
//   v310b fixpipe <clip:VALUE|addr_l1|addr_ub|co12_clip> 0 <dir>   the fixpipe's ClipReLU / element-wise settings:
//                                                            prints "ok" when the call is taken
//   v310b ub half <tileLength> <dir>                       AsinhGrad's half tiling: 3 queues of 2 x tileLength halves
//                                                            and 3 TBufs of tileLength floats; prints the launch's
//                                                            warnings ("warning: ...") and "ok" if it runs
//   v310b scratch <API> 0 <dir>                            x.bin (512 floats) in a TBuf at UB bytes [252928, 254976),
//                                                            1 KB of it in the 310B's scratch; <API> (none, pool, add,
//                                                            cmp, cmp_bits, select_bits, cast_bits, reduce_bits,
//                                                            axpy_bits, abs_bits, gather_pattern) runs on other
//                                                            buffers; the TBuf -> y.bin
// A fault prints "fault: ..." and exits 3.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "kernel_operator.h"

namespace {

[[noreturn]] void die(const std::string& why) {
  std::fprintf(stderr, "v310b: %s\n", why.c_str());
  std::exit(2);
}

template <typename T>
std::vector<T> read(const std::string& path, uint32_t n) {
  std::vector<T> v(n);
  FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr || std::fread(static_cast<void*>(v.data()), sizeof(T), n, f) != n) die("cannot read " + path);
  std::fclose(f);
  return v;
}

void write(const std::string& path, const void* data, size_t bytes) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr || std::fwrite(data, 1, bytes, f) != bytes) die("cannot write " + path);
  std::fclose(f);
}

template <typename F>
void launch(F body) {
  opkit::sim::Launch run{"v310b", "Ascend310B1", 1};
  try {
    run.run_body(body);
  } catch (const opkit::sim::KernelFault& e) {
    std::printf("fault: %s\n", e.what());
    std::exit(3);
  }
}

template <typename T>
void abs_case(uint32_t n, const std::string& dir) {
  std::vector<T> x = read<T>(dir + "/x.bin", n), y(n);
  launch([&] {
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, (n * sizeof(T) + 31) / 32 * 32);
    auto t = buf.Get<T>();
    std::memcpy(static_cast<void*>(t.GetPhyAddr()), x.data(), n * sizeof(T));
    AscendC::Abs(t, t, int32_t(n));
    std::memcpy(static_cast<void*>(y.data()), static_cast<void*>(t.GetPhyAddr()), n * sizeof(T));
  });
  write(dir + "/y.bin", y.data(), n * sizeof(T));
}

void cmp_case(const std::string& mode, uint32_t n, const std::string& dir) {
  std::vector<float> a = read<float>(dir + "/x.bin", n), b = read<float>(dir + "/x2.bin", n);
  const uint32_t bytes = (n + 63) / 64 * 8;   // whole repeats of 64 floats, 8 bytes of bits each
  std::vector<uint8_t> bits(bytes);
  launch([&] {
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> ba, bb, bd;
    pipe.InitBuffer(ba, (n * 4 + 31) / 32 * 32);
    pipe.InitBuffer(bb, (n * 4 + 31) / 32 * 32);
    pipe.InitBuffer(bd, (bytes + 31) / 32 * 32);
    auto ta = ba.Get<float>(), tb = bb.Get<float>();
    auto td = bd.Get<uint8_t>();
    std::memcpy(static_cast<void*>(ta.GetPhyAddr()), a.data(), n * 4);
    std::memcpy(static_cast<void*>(tb.GetPhyAddr()), b.data(), n * 4);
    std::memset(static_cast<void*>(td.GetPhyAddr()), 0xAA, bytes);
    AscendC::Compare(td, ta, tb, mode == "lt" ? AscendC::CMPMODE::LT : AscendC::CMPMODE::NE, n);
    std::memcpy(bits.data(), static_cast<void*>(td.GetPhyAddr()), bytes);
  });
  write(dir + "/y.bin", bits.data(), bytes);
}

}  // namespace

// SetFixPipeClipRelu(VALUE) or SetFixPipeAddr on an L1 (or, wrongly, a UB) half tensor, or a DataCopy(GM, L0C,
// DataCopyCO12DstParams) that asks for the ClipReLU stage.
void fixpipe_case(const std::string& kind) {
  using namespace AscendC;
  std::vector<float> out(256, 0.0f);
  opkit::sim::Launch launch{"v310b", "Ascend310B1", 1};
  launch.register_gm(out.data(), out.size() * 4, "out");
  try {
    launch.run_body([&] {
      TPipe pipe;
      TBuf<TPosition::A1> l1;
      TBuf<TPosition::VECCALC> ub;
      TBuf<TPosition::CO1> l0c;
      pipe.InitBuffer(l1, 1024);
      pipe.InitBuffer(ub, 1024);
      pipe.InitBuffer(l0c, 1024);
      if (kind.rfind("clip:", 0) == 0) SetFixPipeClipRelu(std::strtoull(kind.c_str() + 5, nullptr, 0));
      if (kind == "addr_l1") SetFixPipeAddr(l1.Get<half>(), 2);
      if (kind == "addr_ub") SetFixPipeAddr(ub.Get<half>(), 2);
      if (kind == "co12_clip") {
        GlobalTensor<float> g;
        g.SetGlobalBuffer(out.data(), out.size());
        DataCopyCO12DstParams p;
        p.nSize = 16;
        p.mSize = 16;
        p.clipReluPre = 1;
        DataCopy(g, l0c.Get<float>(), p);
      }
    });
  } catch (const opkit::sim::KernelFault& f) {
    std::printf("fault: %s\n", f.what());
    std::exit(3);
  }
  std::printf("ok\n");
}

// The buffers of an elementwise half kernel that computes in float (linnlh's AsinhGrad on Ascend310B): its tiling
// divides ub_size by the bytes per element and forgets that each buffer is rounded up to 32 bytes.
void ub_case(uint32_t tile) {
  using namespace AscendC;
  opkit::sim::Launch launch{"v310b", "Ascend310B1", 1};
  try {
    launch.run_body([&] {
      TPipe pipe;
      TQue<TPosition::VECIN, 2> y, dy;
      TQue<TPosition::VECOUT, 2> z;
      TBuf<TPosition::VECCALC> w1, w2, ones;
      pipe.InitBuffer(y, 2, tile * sizeof(half));
      pipe.InitBuffer(dy, 2, tile * sizeof(half));
      pipe.InitBuffer(z, 2, tile * sizeof(half));
      pipe.InitBuffer(w1, tile * sizeof(float));
      pipe.InitBuffer(w2, tile * sizeof(float));
      pipe.InitBuffer(ones, tile * sizeof(float));
      Duplicate(ones.Get<float>(), 1.0f, tile);
    });
  } catch (const opkit::sim::KernelFault& f) {
    std::printf("fault: %s\n", f.what());
    std::exit(3);
  }
  for (const std::string& w : launch.warnings()) std::printf("warning: %s\n", w.c_str());
  std::printf("ok\n");
}

// A kernel whose last buffer (`live`, 512 floats) reaches 1 KB past the 248 KB of ub_size into the 310B's API scratch
// (the last 8 KB of its 256 KB UB): `api` runs on three small tensors at the start of the UB; what `live` holds after
// it goes to y.bin. The count forms take no scratch; the bit-mask forms write theirs at UB byte 253952, which is
// live's byte 1024 (element 256).
void scratch_case(const std::string& api, const std::string& dir) {
  using namespace AscendC;
  std::vector<float> x = read<float>(dir + "/x.bin", 512), y(512);
  opkit::sim::Launch launch{"v310b", "Ascend310B1", 1};
  try {
    launch.run_body([&] {
      TPipe pipe;
      TBuf<TPosition::VECCALC> work, fill, live;
      TBufPool<TPosition::VECCALC> pool;   // "pool": live comes from a TBufPool that reaches into the scratch
      pipe.InitBuffer(work, 3 * 1024);
      pipe.InitBuffer(fill, 252928 - 3 * 1024);
      if (api == "pool") {
        pipe.InitBufPool(pool, 512 * sizeof(float));
        pool.InitBuffer(live, 512 * sizeof(float));
      } else {
        pipe.InitBuffer(live, 512 * sizeof(float));
      }
      LocalTensor<float> a = work.Get<float>(), b = a[256], c = a[512];
      LocalTensor<float> t = live.Get<float>();
      std::memcpy(static_cast<void*>(t.GetPhyAddr()), x.data(), 512 * sizeof(float));
      Duplicate(a, 2.0f, 256);
      Duplicate(b, 3.0f, 256);
      uint64_t bits[2] = {0x00000000FFFF0000ull, 0};   // elements 16..31 of a repeat of 64 floats
      uint64_t bits4[4] = {0x0F0F0F0F0F0F0F0Full, 0, 0, 0};
      const BinaryRepeatParams bin;
      const UnaryRepeatParams un;
      uint64_t kept = 0;
      if (api == "none") std::printf("GetRuntimeUBSize %u\n", GetRuntimeUBSize());   // still the ini's 248 KB
      if (api == "add") Add(c, a, b, 64);
      if (api == "cmp") Compare(c.ReinterpretCast<uint8_t>(), a, b, CMPMODE::LT, 64);
      if (api == "cmp_bits") Compare(c.ReinterpretCast<uint8_t>(), a, b, CMPMODE::LT, bits, 1, bin);
      const auto sel = a.ReinterpretCast<uint8_t>();
      if (api == "select_bits") Select(c, sel, a, b, SELMODE::VSEL_TENSOR_TENSOR_MODE, bits, 1, bin);
      if (api == "cast_bits") Cast(c.ReinterpretCast<half>(), a, RoundMode::CAST_NONE, bits, 1, un);
      if (api == "reduce_bits") ReduceMax(c, a, b, bits, 1, 8);
      if (api == "axpy_bits") Axpy(c, a.ReinterpretCast<half>(), half(1.0f), bits, 1, un);
      if (api == "abs_bits") Abs(c.ReinterpretCast<int8_t>(), a.ReinterpretCast<int8_t>(), bits4, 1, un);
      if (api == "gather_pattern") GatherMask(c, a, uint8_t(2), false, 0, GatherMaskParams{1, 1, 8, 0}, kept);
      std::memcpy(y.data(), static_cast<void*>(t.GetPhyAddr()), 512 * sizeof(float));
    });
  } catch (const opkit::sim::KernelFault& f) {
    std::printf("fault: %s\n", f.what());
    std::exit(3);
  }
  for (const std::string& w : launch.warnings()) std::printf("warning: %s\n", w.c_str());
  write(dir + "/y.bin", y.data(), y.size() * sizeof(float));
}

int main(int argc, char** argv) {
  if (argc != 5) die("bad arguments; see the usage at the top of vec_310b_main.cpp");
  const std::string api = argv[1], kind = argv[2], dir = argv[4];
  const auto n = uint32_t(std::atoi(argv[3]));
  if (api == "fixpipe") fixpipe_case(kind);
  else if (api == "ub") ub_case(n);
  else if (api == "scratch") scratch_case(kind, dir);
  else if (api == "cmp") cmp_case(kind, n, dir);
  else if (kind == "int8") abs_case<int8_t>(n, dir);
  else if (kind == "int16") abs_case<int16_t>(n, dir);
  else if (kind == "int32") abs_case<int32_t>(n, dir);
  else if (kind == "half") abs_case<half>(n, dir);
  else abs_case<float>(n, dir);
  return 0;
}
