// Driver of the VectorPadding tests (built with OPKIT_SOC_ARCH=2002, Ascend310P): one call inside a simulated launch
// on numpy files in <dir>, x.bin -> y.bin (y pre-filled with 0x5A bytes, so unwritten elements show).
//   vpad <int16|uint16|half|int32|uint32|float> <mode> <side 0|1> count <n> <dir>
//   vpad <type> <mode> <side> mask <mask count> <repeats> <dstBlk> <srcBlk> <dstRep> <srcRep> <n> <dir>
//   vpad <type> <mode> <side> bits <lo> <hi> <repeats> <n> <dir>        (mask[2], strides 1, 1, 8, 8)
// A fault prints "fault: ..." and exits 3.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "kernel_operator.h"

namespace {

[[noreturn]] void die(const std::string& why) {
  std::fprintf(stderr, "vpad: %s\n", why.c_str());
  std::exit(2);
}

std::vector<uint8_t> read_bytes(const std::string& path, size_t n) {
  std::vector<uint8_t> v(n);
  FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr || std::fread(v.data(), 1, n, f) != n) die("cannot read " + path);
  std::fclose(f);
  return v;
}

void write_bytes(const std::string& path, const void* data, size_t bytes) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr || std::fwrite(data, 1, bytes, f) != bytes) die("cannot write " + path);
  std::fclose(f);
}

template <typename T>
void run(char** argv, int argc) {
  const auto mode = static_cast<uint8_t>(std::atoi(argv[3]));
  const bool side = std::atoi(argv[4]) != 0;
  const std::string form = argv[5];
  const std::string dir = argv[argc - 1];
  const auto n = static_cast<uint32_t>(std::atoi(argv[argc - 2]));  // elements in x.bin and y.bin
  const size_t bytes = size_t(n) * sizeof(T);
  const std::vector<uint8_t> x = read_bytes(dir + "/x.bin", bytes);
  std::vector<uint8_t> y(bytes);
  opkit::sim::Launch launch{"vpad", "Ascend310P3", 1};
  try {
    launch.run_body([&] {
      AscendC::TPipe pipe;
      AscendC::TBuf<AscendC::TPosition::VECCALC> bs, bd;
      pipe.InitBuffer(bs, (bytes + 31) / 32 * 32);
      pipe.InitBuffer(bd, (bytes + 31) / 32 * 32);
      auto s = bs.Get<T>(), d = bd.Get<T>();
      std::memcpy(static_cast<void*>(s.GetPhyAddr()), x.data(), bytes);
      std::memset(static_cast<void*>(d.GetPhyAddr()), 0x5A, bytes);
      if (form == "count") {
        AscendC::VectorPadding(d, s, mode, side, static_cast<uint32_t>(std::atoi(argv[6])));
      } else if (form == "mask") {
        const AscendC::UnaryRepeatParams p(static_cast<uint16_t>(std::atoi(argv[8])), static_cast<uint16_t>(std::atoi(argv[9])),
                                           static_cast<uint8_t>(std::atoi(argv[10])), static_cast<uint8_t>(std::atoi(argv[11])));
        AscendC::VectorPadding(d, s, mode, side, std::strtoull(argv[6], nullptr, 10),
                               static_cast<uint8_t>(std::atoi(argv[7])), p);
      } else if (form == "bits") {
        uint64_t mask[2] = {std::strtoull(argv[6], nullptr, 0), std::strtoull(argv[7], nullptr, 0)};
        AscendC::VectorPadding(d, s, mode, side, mask, static_cast<uint8_t>(std::atoi(argv[8])), {1, 1, 8, 8});
      } else if (form == "inplace") {
        AscendC::VectorPadding(s, s, mode, side, static_cast<uint32_t>(std::atoi(argv[6])));
        d = s;
      } else {
        die("unknown form " + form);
      }
      std::memcpy(y.data(), static_cast<void*>(d.GetPhyAddr()), bytes);
    });
  } catch (const opkit::sim::KernelFault& e) {
    std::printf("fault: %s\n", e.what());
    std::exit(3);
  }
  write_bytes(dir + "/y.bin", y.data(), bytes);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 8) die("usage: vpad <type> <mode> <side> <form> ... <n> <dir>");
  const std::string t = argv[2];
  if (t == "int16") run<int16_t>(argv, argc);
  else if (t == "uint16") run<uint16_t>(argv, argc);
  else if (t == "half") run<half>(argv, argc);
  else if (t == "int32") run<int32_t>(argv, argc);
  else if (t == "uint32") run<uint32_t>(argv, argc);
  else if (t == "float") run<float>(argv, argc);
  else die("unknown type " + t);
  return 0;
}
