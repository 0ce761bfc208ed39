// Driver of the MrgSort tests: <dir>/s.bin holds the source lists' sort structures back to back (8 bytes each);
// one MrgSort call inside a simulated launch; dst (pre-filled with 0xEE bytes) to <dir>/d.bin, the 4 counts of
// GetMrgSortResult (basic) or sortedNum (advanced form) to <dir>/n.bin as uint32.
//   mrg <basic|adv> <half|float> <len1> <len2> <len3> <len4> <validBit> <repeat> <exhausted 0|1> <dir>
// The lists sit back to back in UB from src1; dst is a separate buffer. A fault prints "fault: ..." and exits 3.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "kernel_operator.h"

namespace {

[[noreturn]] void die(const std::string& why) {
  std::fprintf(stderr, "mrg: %s\n", why.c_str());
  std::exit(2);
}

template <typename T, bool kExhausted>
void run(char** a) {
  const bool adv = std::string(a[1]) == "adv";
  uint16_t len[4];
  for (int i = 0; i < 4; ++i) len[i] = uint16_t(std::atoi(a[3 + i]));
  const uint16_t valid = uint16_t(std::atoi(a[7]));
  const int32_t repeat = std::atoi(a[8]);
  const std::string dir = a[10];
  const uint64_t per = uint64_t(len[0]) + len[1] + len[2] + len[3];
  const uint64_t bytes = per * 8 * uint64_t(repeat < 1 ? 1 : repeat);
  std::vector<uint8_t> s(bytes), d(bytes);
  FILE* f = std::fopen((dir + "/s.bin").c_str(), "rb");
  if (f == nullptr || std::fread(s.data(), 1, bytes, f) != bytes) die("cannot read s.bin");
  std::fclose(f);
  uint32_t counts[4] = {0, 0, 0, 0};
  opkit::sim::Launch launch{"mrg", "Ascend910B2", 1};
  try {
    launch.run_body([&] {
      AscendC::TPipe pipe;
      AscendC::TBuf<AscendC::TPosition::VECCALC> bs, bd;
      pipe.InitBuffer(bs, uint32_t((bytes + 31) / 32 * 32 + 32));
      pipe.InitBuffer(bd, uint32_t((bytes + 31) / 32 * 32 + 32));
      auto src = bs.Get<T>(), dst = bd.Get<T>();
      std::memcpy(static_cast<void*>(src.GetPhyAddr()), s.data(), bytes);
      std::memset(static_cast<void*>(dst.GetPhyAddr()), 0xEE, bytes);
      constexpr uint64_t kPerStruct = 8 / sizeof(T);
      AscendC::MrgSortSrcList<T> list(src[0], src[len[0] * kPerStruct], src[(len[0] + len[1]) * kPerStruct],
                                      src[(len[0] + len[1] + len[2]) * kPerStruct]);
      if (adv) {
        AscendC::MrgSort<T, kExhausted>(dst, list, len, counts, valid, repeat);
      } else {
        AscendC::MrgSort4Info info(len, kExhausted, valid, uint16_t(repeat));
        AscendC::MrgSort(dst, list, info);
        uint16_t c[4];
        AscendC::GetMrgSortResult(c[0], c[1], c[2], c[3]);
        for (int i = 0; i < 4; ++i) counts[i] = c[i];
      }
      std::memcpy(d.data(), static_cast<void*>(dst.GetPhyAddr()), bytes);
    });
  } catch (const opkit::sim::KernelFault& e) {
    std::printf("fault: %s\n", e.what());
    std::exit(3);
  }
  f = std::fopen((dir + "/d.bin").c_str(), "wb");
  if (f == nullptr || std::fwrite(d.data(), 1, bytes, f) != bytes) die("cannot write d.bin");
  std::fclose(f);
  f = std::fopen((dir + "/n.bin").c_str(), "wb");
  if (f == nullptr || std::fwrite(counts, 4, 4, f) != 4) die("cannot write n.bin");
  std::fclose(f);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 11) die("bad arguments; see the usage at the top of mrgsort_main.cpp");
  const bool half_t = std::string(argv[2]) == "half", exhausted = std::atoi(argv[9]) != 0;
  if (half_t) exhausted ? run<half, true>(argv) : run<half, false>(argv);
  else exhausted ? run<float, true>(argv) : run<float, false>(argv);
  return 0;
}
