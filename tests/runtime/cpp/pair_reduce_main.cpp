// Driver of the ReducePairElem / PairReduceSum tests: one call inside a simulated launch on <dir>/x.bin (numpy),
// the whole dst buffer (pre-filled with 7) to <dir>/y.bin.
//   prd <new|old> <half|float> <bits|count> <mask_lo> <mask_hi or count> <repeat> <dstRep> <srcBlk> <srcRep>
//       <src_elems> <dst_elems> <dir>
// new = ReducePairElem<ReduceType::SUM>(dst, src, mask, repeat, ...), old = PairReduceSum(dst, src, repeat, mask, ...).
// A fault prints "fault: ..." and exits 3.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "kernel_operator.h"

namespace {

[[noreturn]] void die(const std::string& why) {
  std::fprintf(stderr, "prd: %s\n", why.c_str());
  std::exit(2);
}

uint64_t u(const char* s) { return std::strtoull(s, nullptr, 0); }

template <typename T>
void run(char** a) {
  const bool old_name = std::string(a[1]) == "old", bits = std::string(a[3]) == "bits";
  uint64_t mask[2] = {u(a[4]), u(a[5])};
  const int32_t count_mask = int32_t(u(a[5]));
  const int32_t repeat = int32_t(u(a[6])), dst_rep = int32_t(u(a[7])), src_blk = int32_t(u(a[8])),
                src_rep = int32_t(u(a[9]));
  const uint32_t src_n = uint32_t(u(a[10])), dst_n = uint32_t(u(a[11]));
  const std::string dir = a[12];
  std::vector<T> x(src_n), y(dst_n);
  FILE* f = std::fopen((dir + "/x.bin").c_str(), "rb");
  if (f == nullptr || std::fread(static_cast<void*>(x.data()), sizeof(T), src_n, f) != src_n) die("cannot read x");
  std::fclose(f);
  opkit::sim::Launch launch{"prd", "Ascend910B2", 1};
  try {
    launch.run_body([&] {
      AscendC::TPipe pipe;
      AscendC::TBuf<AscendC::TPosition::VECCALC> bs, bd;
      pipe.InitBuffer(bs, (src_n * sizeof(T) + 31) / 32 * 32);
      pipe.InitBuffer(bd, (dst_n * sizeof(T) + 31) / 32 * 32);
      auto src = bs.Get<T>(src_n), dst = bd.Get<T>(dst_n);
      std::memcpy(static_cast<void*>(src.GetPhyAddr()), x.data(), src_n * sizeof(T));
      AscendC::Duplicate(dst, T(7.0f), int32_t(dst_n));
      if (old_name && bits) AscendC::PairReduceSum(dst, src, repeat, mask, dst_rep, src_blk, src_rep);
      else if (old_name) AscendC::PairReduceSum(dst, src, repeat, count_mask, dst_rep, src_blk, src_rep);
      else if (bits) AscendC::ReducePairElem<AscendC::ReduceType::SUM>(dst, src, mask, repeat, dst_rep, src_blk, src_rep);
      else AscendC::ReducePairElem<AscendC::ReduceType::SUM>(dst, src, count_mask, repeat, dst_rep, src_blk, src_rep);
      std::memcpy(static_cast<void*>(y.data()), dst.GetPhyAddr(), dst_n * sizeof(T));
    });
  } catch (const opkit::sim::KernelFault& e) {
    std::printf("fault: %s\n", e.what());
    std::exit(3);
  }
  f = std::fopen((dir + "/y.bin").c_str(), "wb");
  if (f == nullptr || std::fwrite(static_cast<void*>(y.data()), sizeof(T), dst_n, f) != dst_n) die("cannot write y");
  std::fclose(f);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 13) die("bad arguments; see the usage at the top of pair_reduce_main.cpp");
  if (std::string(argv[2]) == "half") run<half>(argv);
  else run<float>(argv);
  return 0;
}
