// Driver of the ReducePairElem / PairReduceSum tests: one call inside a simulated launch on <dir>/x.bin (numpy),
// the whole dst buffer (pre-filled with 7) to <dir>/y.bin.
//   prd <new|old> <half|float> <bits|count> <mask_lo> <mask_hi or count> <repeat> <dstRep> <srcBlk> <srcRep>
//       <src_elems> <dst_elems> <dir>
// new = ReducePairElem<ReduceType::SUM>(dst, src, mask, repeat, ...), old = PairReduceSum(dst, src, repeat, mask, ...).
//   prd accval <half|float> <count> <then> <dir>   ReduceSum(dst, src, tmp, count), then <then>: "get" (y.bin = dst[0],
//       GetReduceRepeatSumSpr<T>()), "masked" (a mask-form ReduceSum first), "other" (GetReduceRepeatSumSpr of the other
//       float type), "none" (GetReduceRepeatSumSpr with no ReduceSum before it),
//       "raw" (y[1] from GetAccVal()'s bits)
//   prd maxmin <half|float> <count> <how> <dir>   y.bin = GetReduceMaxMinCount<T>(value, index) after <how>: "whole"
//       (WholeReduceMax, count/perRepeat full repeats), "wholebits" (WholeReduceMin, bit mask 0x00ff00ff00ff00f0 on
//       each of count/perRepeat repeats), "counter" (WholeReduceMin in counter mode over count elements, as cann-ops'
//       icamin), "reduce" (ReduceMax count form); "none" (nothing before it), "other" (read as the other float type),
//       "value" (the value-only form, the 310P's)
// A fault prints "fault: ..." and exits 3.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "kernel_operator.h"

namespace {

[[noreturn]] void die(const std::string& why) {
  std::fprintf(stderr, "prd: %s\n", why.c_str());
  std::exit(2);
}

uint64_t u(const char* s) { return std::strtoull(s, nullptr, 0); }

template <typename T>
std::vector<T> read_x(const std::string& dir, uint32_t n) {
  std::vector<T> x(n);
  FILE* f = std::fopen((dir + "/x.bin").c_str(), "rb");
  if (f == nullptr || std::fread(static_cast<void*>(x.data()), sizeof(T), n, f) != n) die("cannot read x");
  std::fclose(f);
  return x;
}

template <typename T>
void write_y(const std::string& dir, const std::vector<T>& y) {
  FILE* f = std::fopen((dir + "/y.bin").c_str(), "wb");
  if (f == nullptr || std::fwrite(static_cast<const void*>(y.data()), sizeof(T), y.size(), f) != y.size()) {
    die("cannot write y");
  }
  std::fclose(f);
}

// Runs body inside a one-block launch; a kernel fault prints "fault: ..." and exits 3.
template <typename Body>
void in_launch(Body body) {
  opkit::sim::Launch one{"prd", "Ascend910B2", 1};
  try {
    one.run_body(body);
  } catch (const opkit::sim::KernelFault& e) {
    std::printf("fault: %s\n", e.what());
    std::exit(3);
  }
}

template <typename T>
void run(char** a) {
  const bool old_name = std::string(a[1]) == "old", bits = std::string(a[3]) == "bits";
  uint64_t mask[2] = {u(a[4]), u(a[5])};
  const int32_t count_mask = int32_t(u(a[5]));
  const int32_t repeat = int32_t(u(a[6])), dst_rep = int32_t(u(a[7])), src_blk = int32_t(u(a[8])),
                src_rep = int32_t(u(a[9]));
  const uint32_t src_n = uint32_t(u(a[10])), dst_n = uint32_t(u(a[11]));
  const std::string dir = a[12];
  const std::vector<T> x = read_x<T>(dir, src_n);
  std::vector<T> y(dst_n);
  in_launch([&] {
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> bs, bd, guard;
    pipe.InitBuffer(bs, (src_n * sizeof(T) + 31) / 32 * 32);
    pipe.InitBuffer(bd, (dst_n * sizeof(T) + 31) / 32 * 32);
    pipe.InitBuffer(guard, 32);  // held bytes behind dst: an overrun of dst is a fault, not an unheld-UB warning
    auto src = bs.Get<T>(src_n), dst = bd.Get<T>(dst_n);
    std::memcpy(static_cast<void*>(src.GetPhyAddr()), x.data(), src_n * sizeof(T));
    AscendC::Duplicate(dst, T(7.0f), int32_t(dst_n));
    if (old_name && bits) AscendC::PairReduceSum(dst, src, repeat, mask, dst_rep, src_blk, src_rep);
    else if (old_name) AscendC::PairReduceSum(dst, src, repeat, count_mask, dst_rep, src_blk, src_rep);
    else if (bits) AscendC::ReducePairElem<AscendC::ReduceType::SUM>(dst, src, mask, repeat, dst_rep, src_blk, src_rep);
    else AscendC::ReducePairElem<AscendC::ReduceType::SUM>(dst, src, count_mask, repeat, dst_rep, src_blk, src_rep);
    std::memcpy(static_cast<void*>(y.data()), dst.GetPhyAddr(), dst_n * sizeof(T));
  });
  write_y(dir, y);
}

template <typename T>
void accval(char** a) {
  const uint32_t n = uint32_t(u(a[3]));
  const std::string then = a[4], dir = a[5];
  const std::vector<T> x = read_x<T>(dir, n);
  std::vector<T> y(2);
  in_launch([&] {
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> bs, bd, bt;
    pipe.InitBuffer(bs, (n * sizeof(T) + 31) / 32 * 32);
    pipe.InitBuffer(bd, 64);
    pipe.InitBuffer(bt, (n * sizeof(T) + 31) / 32 * 32 + 64);
    auto src = bs.Get<T>(), dst = bd.Get<T>(), tmp = bt.Get<T>();
    std::memcpy(static_cast<void*>(src.GetPhyAddr()), x.data(), n * sizeof(T));
    if (then != "none") AscendC::ReduceSum(dst, src, tmp, int32_t(n));
    if (then == "masked") AscendC::ReduceSum(dst, src, tmp, 64, 1, 8);
    y[0] = dst.GetValue(0);
    if (then == "other") {
      if constexpr (std::is_same_v<T, float>) y[1] = T(float(AscendC::GetReduceRepeatSumSpr<half>()));
      else y[1] = T(AscendC::GetReduceRepeatSumSpr<float>());
    } else if (then == "raw") {   // the untyped forms: the bits, read back as T by the caller
      const int64_t bits = AscendC::GetAccVal();
      std::memcpy(static_cast<void*>(&y[1]), &bits, sizeof(T));
      if (bits != AscendC::GetReduceRepeatSumSpr() || !(AscendC::GetAccVal<T>() == y[1])) {
        die("GetAccVal forms differ");
      }
    } else {
      y[1] = AscendC::GetReduceRepeatSumSpr<T>();
    }
  });
  write_y(dir, y);
}

template <typename T>
void maxmin(char** a) {
  const uint32_t n = uint32_t(u(a[3])), per = 256 / sizeof(T);
  const std::string how = a[4], dir = a[5];
  const std::vector<T> x = read_x<T>(dir, n);
  std::vector<T> y(2);
  in_launch([&] {
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> bs, bd, bt;
    pipe.InitBuffer(bs, (n * sizeof(T) + 31) / 32 * 32);
    pipe.InitBuffer(bd, (n / per + 1) * 2 * sizeof(T) + 64);
    pipe.InitBuffer(bt, (n * sizeof(T) + 31) / 32 * 32 + 64);
    auto src = bs.Get<T>(), dst = bd.Get<T>(), tmp = bt.Get<T>();
    std::memcpy(static_cast<void*>(src.GetPhyAddr()), x.data(), n * sizeof(T));
    const int32_t repeats = int32_t(n / per);
    if (how == "whole" || how == "other" || how == "value") {
      AscendC::WholeReduceMax(dst, src, int32_t(per), repeats, 1, 1, 8);
    } else if (how == "wholebits") {
      const uint64_t bits[2] = {0x00ff00ff00ff00f0ULL, sizeof(T) == 2 ? 0x00ff00ff00ff00f0ULL : 0};
      AscendC::WholeReduceMin(dst, src, bits, repeats, 1, 1, 8);
    } else if (how == "counter") {
      AscendC::SetMaskCount();
      AscendC::SetVectorMask<T, AscendC::MaskMode::COUNTER>(0, n);
      AscendC::WholeReduceMin<T, false>(dst, src, AscendC::MASK_PLACEHOLDER, 1, 1, 1, 8);
      AscendC::SetMaskNorm();
      AscendC::ResetMask();
    } else if (how == "reduce") {
      AscendC::ReduceMax(dst, src, tmp, int32_t(n), true);
    }
    if (how == "other") {
      using Other = std::conditional_t<std::is_same_v<T, float>, half, float>;
      Other v, i;
      AscendC::GetReduceMaxMinCount<Other>(v, i);
    } else if (how == "value") {
      AscendC::GetReduceMaxMinCount<T>(y[0]);
    }
    AscendC::GetReduceMaxMinCount<T>(y[0], y[1]);
  });
  write_y(dir, y);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 6 && std::string(argv[1]) == "accval") {
    if (std::string(argv[2]) == "half") accval<half>(argv);
    else accval<float>(argv);
    return 0;
  }
  if (argc == 6 && std::string(argv[1]) == "maxmin") {
    if (std::string(argv[2]) == "half") maxmin<half>(argv);
    else maxmin<float>(argv);
    return 0;
  }
  if (argc != 13) die("bad arguments; see the usage at the top of pair_reduce_main.cpp");
  if (std::string(argv[2]) == "half") run<half>(argv);
  else run<float>(argv);
  return 0;
}
