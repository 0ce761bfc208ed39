// Driver of the Region Proposal tests (built for Ascend310P, and for the 910B to see them refused): one call inside a
// simulated launch on <dir>/x.bin (numpy); dst (pre-filled with 7) to <dir>/y.bin, MrgSort4's counts to <dir>/n.bin.
//   rp concat|extract <half|float> <repeat> <modeNumber> <dir>
//   rp sort16 <half|float> <repeat> <dir>
//   rp mrgsort4 <half|float> <len1> <len2> <len3> <len4> <validBit> <repeat> <exhausted 0|1> <dir>
//   rp sortlen <n>: prints GetSortLen<half>(n) GetSortLen<float>(n) GetSortOffset<half>(n) GetSortOffset<float>(n)
// x.bin holds 16*repeat elements (concat) or the proposals (the others); y.bin the whole dst. A fault prints
// "fault: ..." and exits 3.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "kernel_operator.h"

namespace {

#if OPKIT_SOC_ARCH == 2002
constexpr const char* kSoc = "Ascend310P3";
#else
constexpr const char* kSoc = "Ascend910B2";
#endif

[[noreturn]] void die(const std::string& why) {
  std::fprintf(stderr, "rp: %s\n", why.c_str());
  std::exit(2);
}

template <typename T>
void run(char** a, int argc) {
  const std::string api = a[1], dir = a[argc - 1];
  const int32_t repeat = api == "mrgsort4" ? std::atoi(a[8]) : std::atoi(a[3]);
  uint16_t len[4] = {0, 0, 0, 0};
  if (api == "mrgsort4") for (int i = 0; i < 4; ++i) len[i] = uint16_t(std::atoi(a[3 + i]));
  const uint64_t proposals = api == "mrgsort4" ? uint64_t(len[0] + len[1] + len[2] + len[3]) * uint64_t(repeat)
                                               : uint64_t(repeat) * 16;
  const uint64_t in_n = api == "concat" ? proposals : proposals * 8, out_n = api == "extract" ? proposals : proposals * 8;
  std::vector<T> x(in_n), y(out_n);
  FILE* f = std::fopen((dir + "/x.bin").c_str(), "rb");
  if (f == nullptr || std::fread(static_cast<void*>(x.data()), sizeof(T), in_n, f) != in_n) die("cannot read x.bin");
  std::fclose(f);
  uint16_t counts[4] = {0, 0, 0, 0};
  opkit::sim::Launch launch{"rp", kSoc, 1};
  try {
    launch.run_body([&] {
      AscendC::TPipe pipe;
      AscendC::TBuf<AscendC::TPosition::VECCALC> bs, bd;
      pipe.InitBuffer(bs, uint32_t((in_n * sizeof(T) + 31) / 32 * 32 + 32));
      pipe.InitBuffer(bd, uint32_t((out_n * sizeof(T) + 31) / 32 * 32 + 32));
      auto src = bs.Get<T>(), dst = bd.Get<T>();
      std::memcpy(static_cast<void*>(src.GetPhyAddr()), x.data(), in_n * sizeof(T));
      for (uint64_t i = 0; i < out_n; ++i) dst.SetValue(uint32_t(i), T(7.0f));
      if (api == "concat") {
        AscendC::ProposalConcat(dst, src, repeat, std::atoi(a[4]));
      } else if (api == "extract") {
        AscendC::ProposalExtract(dst, src, repeat, std::atoi(a[4]));
      } else if (api == "sort16") {
        AscendC::RpSort16(dst, src, repeat);
      } else {
        AscendC::MrgSortSrcList<T> list(src[0], src[len[0] * 8], src[(len[0] + len[1]) * 8],
                                        src[(len[0] + len[1] + len[2]) * 8]);
        AscendC::MrgSort4(dst, list, AscendC::MrgSort4Info(len, std::atoi(a[9]) != 0, uint16_t(std::atoi(a[7])),
                                                           uint16_t(repeat)));
        AscendC::GetMrgSortResult(counts[0], counts[1], counts[2], counts[3]);
      }
      std::memcpy(static_cast<void*>(y.data()), static_cast<void*>(dst.GetPhyAddr()), out_n * sizeof(T));
    });
  } catch (const opkit::sim::KernelFault& e) {
    std::printf("fault: %s\n", e.what());
    std::exit(3);
  }
  f = std::fopen((dir + "/y.bin").c_str(), "wb");
  if (f == nullptr || std::fwrite(static_cast<void*>(y.data()), sizeof(T), out_n, f) != out_n) die("cannot write y");
  std::fclose(f);
  f = std::fopen((dir + "/n.bin").c_str(), "wb");
  if (f == nullptr || std::fwrite(counts, 2, 4, f) != 4) die("cannot write n.bin");
  std::fclose(f);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3 && std::string(argv[1]) == "sortlen") {
    const auto n = uint32_t(std::atoi(argv[2]));
    std::printf("%u %u %u %u\n", AscendC::GetSortLen<half>(n), AscendC::GetSortLen<float>(n),
                AscendC::GetSortOffset<half>(n), AscendC::GetSortOffset<float>(n));
    return 0;
  }
  if (argc < 5) die("bad arguments; see the usage at the top of proposal_main.cpp");
  if (std::string(argv[2]) == "half") run<half>(argv, argc);
  else run<float>(argv, argc);
  return 0;
}
