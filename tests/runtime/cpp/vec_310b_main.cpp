// Driver of the 310B vector tests (built with OPKIT_SOC_ARCH=3002): one call inside a simulated launch on numpy files
// in <dir>, as the competition kernels of Ascend310B make it.
//   v310b abs <int8|int16|int32|half|float> <count> <dir>   x.bin -> y.bin (Abs, count form)
//   v310b cmp <lt|ne> <count> <dir>                        x.bin, x2.bin (float) -> y.bin (Compare's bits, bytes
//                                                            of whole repeats, dst pre-filled with 0xAA)
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

int main(int argc, char** argv) {
  if (argc != 5) die("bad arguments; see the usage at the top of vec_310b_main.cpp");
  const std::string api = argv[1], kind = argv[2], dir = argv[4];
  const auto n = uint32_t(std::atoi(argv[3]));
  if (api == "cmp") cmp_case(kind, n, dir);
  else if (kind == "int8") abs_case<int8_t>(n, dir);
  else if (kind == "int16") abs_case<int16_t>(n, dir);
  else if (kind == "int32") abs_case<int32_t>(n, dir);
  else if (kind == "half") abs_case<half>(n, dir);
  else abs_case<float>(n, dir);
  return 0;
}
