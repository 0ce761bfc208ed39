// Driver of the advanced-reduction tests: one API inside a simulated launch, on data read from <dir>/x.bin (numpy,
// unpadded) and written to <dir>/y.bin. Usage:
//   ared <sum|max|min|mean|prod|any|all> <float|half|uint8> <AR|RA> <d0> <d1> <pad 0|1> <dir>   (2-D, srcShape {d0, d1})
//   ared <Sum|Mean|MeanAcc> <float|half> <outter> <n> <dir>         (rows of n, padded to 32 B; MeanAcc: half in float)
//   ared xor <count> <dir>                                           (x.bin holds src0 then src1, int16)
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "tiling/tiling_api.h"

namespace {

[[noreturn]] void die(const std::string& why) {
  std::fprintf(stderr, "ared: %s\n", why.c_str());
  std::exit(2);
}

template <typename T>
std::vector<T> read(const std::string& path, size_t count) {
  std::vector<T> v(count);
  FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr || std::fread(v.data(), sizeof(T), count, f) != count) die("cannot read " + path);
  std::fclose(f);
  return v;
}

template <typename T>
void write(const std::string& path, const T* data, size_t count) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr || std::fwrite(data, sizeof(T), count, f) != count) die("cannot write " + path);
  std::fclose(f);
}

void launch(const std::function<void(AscendC::TPipe&)>& body) {
  opkit::sim::Launch launch{"ared", "Ascend910B2", 1};
  try {
    launch.run_body([&] {
      AscendC::TPipe pipe;
      body(pipe);
    });
  } catch (const opkit::sim::KernelFault& f) {
    die(std::string("unexpected fault: ") + f.what());
  }
}

template <typename T>
uint32_t padded(uint32_t n) {
  return (n * sizeof(T) + 31) / 32 * 32 / sizeof(T);
}

template <typename T>
void reduce_2d(const std::string& op, bool ra, uint32_t d0, uint32_t d1, bool pad, const std::string& dir) {
  const std::vector<T> x = read<T>(dir + "/x.bin", size_t(d0) * d1);
  const uint32_t stride = pad ? padded<T>(d1) : d1, outs = ra ? d1 : d0;
  uint32_t max_tmp = 0, min_tmp = 0;
  const ge::DataType dt = sizeof(T) == 4 ? ge::DT_FLOAT : sizeof(T) == 2 ? ge::DT_FLOAT16 : ge::DT_UINT8;
  // CANN's helper takes float rows padded to 32 B on the 910B (it refuses the rest); other cases get a float copy.
  if (dt == ge::DT_FLOAT && pad) {
    AscendC::GetReduceSumMaxMinTmpSize(ge::Shape({d0, d1}), dt, ra ? AscendC::ReducePattern::RA : AscendC::ReducePattern::AR,
                                       pad, false, max_tmp, min_tmp);
  } else {
    min_tmp = d0 * stride * 4;
  }
  std::vector<T> y(outs);
  launch([&](AscendC::TPipe& pipe) {
    AscendC::TBuf<AscendC::TPosition::VECCALC> src_buf, dst_buf, tmp_buf;
    pipe.InitBuffer(src_buf, d0 * stride * sizeof(T));
    pipe.InitBuffer(dst_buf, padded<T>(outs) * sizeof(T));
    pipe.InitBuffer(tmp_buf, min_tmp + 32);
    auto src = src_buf.Get<T>(), dst = dst_buf.Get<T>();
    auto tmp = tmp_buf.Get<uint8_t>();
    for (uint32_t r = 0; r < d0; ++r) std::memcpy(src.GetPhyAddr() + size_t(r) * stride, &x[size_t(r) * d1], d1 * sizeof(T));
    const uint32_t shape[2] = {d0, d1};
    using AR = AscendC::Pattern::Reduce::AR;
    using RA = AscendC::Pattern::Reduce::RA;
#define OPKIT_RUN(API)                                                             \
  if (ra) AscendC::API<T, RA>(dst, src, tmp, shape, pad);                          \
  else AscendC::API<T, AR>(dst, src, shape, pad);
    if constexpr (std::is_same_v<T, uint8_t>) {
      if (op == "any") { OPKIT_RUN(ReduceAny) } else if (op == "all") { OPKIT_RUN(ReduceAll) } else die("uint8: any|all");
    } else {
      if (op == "sum") { OPKIT_RUN(ReduceSum) }
      else if (op == "max") { OPKIT_RUN(ReduceMax) }
      else if (op == "min") { OPKIT_RUN(ReduceMin) }
      else if (op == "mean") { OPKIT_RUN(ReduceMean) }
      else if constexpr (std::is_same_v<T, float>) {
        if (op == "prod") { OPKIT_RUN(ReduceProd) }
        else if (op == "any") { OPKIT_RUN(ReduceAny) }
        else if (op == "all") { OPKIT_RUN(ReduceAll) }
        else die("unknown op " + op);
      } else {
        die("half: sum|max|min|mean");
      }
    }
#undef OPKIT_RUN
    std::memcpy(y.data(), dst.GetPhyAddr(), outs * sizeof(T));
  });
  write(dir + "/y.bin", y.data(), y.size());
}

template <typename T>
void rows(const std::string& api, uint32_t outter, uint32_t n, const std::string& dir) {
  const std::vector<T> x = read<T>(dir + "/x.bin", size_t(outter) * n);
  const uint32_t inner = padded<T>(n);
  uint32_t max_tmp = 0, min_tmp = 0;
  if (api == "Sum") AscendC::GetSumMaxMinTmpSize(n, sizeof(T), false, max_tmp, min_tmp);
  else AscendC::GetMeanMaxMinTmpSize(n, sizeof(T), api == "MeanAcc" ? 4 : sizeof(T), false, max_tmp, min_tmp);
  std::vector<T> y(outter);
  launch([&](AscendC::TPipe& pipe) {
    AscendC::TBuf<AscendC::TPosition::VECCALC> src_buf, dst_buf, tmp_buf;
    pipe.InitBuffer(src_buf, outter * inner * sizeof(T));
    pipe.InitBuffer(dst_buf, padded<T>(outter) * sizeof(T));
    pipe.InitBuffer(tmp_buf, min_tmp);
    auto src = src_buf.Get<T>(), dst = dst_buf.Get<T>();
    for (uint32_t r = 0; r < outter; ++r) std::memcpy(src.GetPhyAddr() + size_t(r) * inner, &x[size_t(r) * n], n * sizeof(T));
    if (api == "Sum") {
      AscendC::SumParams p{outter, inner, n};
      AscendC::Sum(dst, src, tmp_buf.Get<uint8_t>(), p);
    } else if (api == "Mean") {
      AscendC::Mean<T>(dst, src, AscendC::MeanParams{outter, inner, n});
    } else {
      AscendC::Mean<T, float>(dst, src, tmp_buf.Get<uint8_t>(), AscendC::MeanParams{outter, inner, n});
    }
    std::memcpy(y.data(), dst.GetPhyAddr(), outter * sizeof(T));
  });
  write(dir + "/y.bin", y.data(), y.size());
}

void xor_sum(uint32_t count, const std::string& dir) {
  const std::vector<int16_t> x = read<int16_t>(dir + "/x.bin", size_t(count) * 2);
  int16_t y = 0;
  launch([&](AscendC::TPipe& pipe) {
    AscendC::TBuf<AscendC::TPosition::VECCALC> a_buf, b_buf, d_buf, t_buf;
    pipe.InitBuffer(a_buf, padded<int16_t>(count) * 2);
    pipe.InitBuffer(b_buf, padded<int16_t>(count) * 2);
    pipe.InitBuffer(d_buf, 32);
    pipe.InitBuffer(t_buf, padded<int16_t>(count) * 2);
    auto a = a_buf.Get<int16_t>(), b = b_buf.Get<int16_t>();
    auto d = d_buf.Get<int16_t>();
    auto t = t_buf.Get<uint8_t>();
    std::memcpy(a.GetPhyAddr(), x.data(), count * 2);
    std::memcpy(b.GetPhyAddr(), x.data() + count, count * 2);
    AscendC::ReduceXorSum<int16_t, false>(d, a, b, t, count);
    y = d.GetValue(0);
  });
  write(dir + "/y.bin", &y, 1);
}

}  // namespace

int main(int argc, char** argv) {
  const std::string api = argc > 1 ? argv[1] : "";
  if (api == "xor" && argc == 4) {
    xor_sum(static_cast<uint32_t>(std::strtoul(argv[2], nullptr, 10)), argv[3]);
  } else if ((api == "Sum" || api == "Mean" || api == "MeanAcc") && argc == 6) {
    const uint32_t outter = std::strtoul(argv[3], nullptr, 10), n = std::strtoul(argv[4], nullptr, 10);
    if (std::string(argv[2]) == "float") rows<float>(api, outter, n, argv[5]);
    else rows<half>(api, outter, n, argv[5]);
  } else if (argc == 8) {
    const std::string dtype = argv[2];
    const bool ra = std::string(argv[3]) == "RA", pad = std::string(argv[6]) == "1";
    const uint32_t d0 = std::strtoul(argv[4], nullptr, 10), d1 = std::strtoul(argv[5], nullptr, 10);
    if (dtype == "float") reduce_2d<float>(api, ra, d0, d1, pad, argv[7]);
    else if (dtype == "half") reduce_2d<half>(api, ra, d0, d1, pad, argv[7]);
    else reduce_2d<uint8_t>(api, ra, d0, d1, pad, argv[7]);
  } else {
    die("bad arguments; see the usage at the top of adv_reduce_main.cpp");
  }
  return 0;
}
