// Driver of the SliceInfo DataCopy tests: <dir>/x.bin (numpy) in GM; `in` copies GM -> UB with the slices, then the
// whole UB buffer (pre-filled with -1) to <dir>/y.bin; `out` loads x.bin into UB and copies UB -> GM with the slices,
// then the whole GM buffer (pre-filled with -1) to <dir>/y.bin.
//   sl <in|out> <float|half> <dims> <src: start end stride burst shape per dim> <dst: same> <srcN> <dstN> <dir>
//   sl nddma <float|half> <dim 1-3> <nearest 0|1> <constantValue> <per dim: srcStride dstStride size lp rp> <srcN>
//      <dstN> <dir>     the NDDMA DataCopy<T, dim, config>(ub, gm, NdDmaParams) into a UB buffer pre-filled with -1
// A fault prints "fault: ..." and exits 3; a warning of the launch prints "warning: ...".
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "kernel_operator.h"

namespace {

[[noreturn]] void die(const std::string& why) {
  std::fprintf(stderr, "sl: %s\n", why.c_str());
  std::exit(2);
}

template <typename T>
void run(int argc, char** a) {
  const bool in = std::string(a[1]) == "in";
  const uint32_t dims = uint32_t(std::atoi(a[3]));
  if (argc != int(4 + 10 * dims + 3)) die("bad argument count");
  AscendC::SliceInfo src_info[AscendC::K_MAX_DIM], dst_info[AscendC::K_MAX_DIM];
  for (uint32_t side = 0; side < 2; ++side) {
    for (uint32_t i = 0; i < dims; ++i) {
      char** v = a + 4 + side * 5 * dims + i * 5;
      AscendC::SliceInfo s(uint32_t(std::atoi(v[0])), uint32_t(std::atoi(v[1])), uint32_t(std::atoi(v[2])),
                           uint32_t(std::atoi(v[3])), uint32_t(std::atoi(v[4])));
      (side == 0 ? src_info : dst_info)[i] = s;
    }
  }
  const uint32_t src_n = uint32_t(std::atoi(a[4 + 10 * dims])), dst_n = uint32_t(std::atoi(a[5 + 10 * dims]));
  const std::string dir = a[6 + 10 * dims];
  std::vector<T> x(src_n), y(dst_n, T(-1.0f));
  FILE* f = std::fopen((dir + "/x.bin").c_str(), "rb");
  if (f == nullptr || std::fread(static_cast<void*>(x.data()), sizeof(T), src_n, f) != src_n) die("cannot read x");
  std::fclose(f);
  opkit::sim::Launch launch{"sl", "Ascend910B2", 1};
  launch.register_gm(x.data(), src_n * sizeof(T), "x");
  launch.register_gm(y.data(), dst_n * sizeof(T), "y");
  try {
    launch.run_body([&] {
      AscendC::TPipe pipe;
      AscendC::TBuf<AscendC::TPosition::VECCALC> b;
      AscendC::GlobalTensor<T> g;
      if (in) {
        pipe.InitBuffer(b, (dst_n * sizeof(T) + 31) / 32 * 32);
        auto ub = b.Get<T>(dst_n);
        for (uint32_t i = 0; i < dst_n; ++i) ub.SetValue(i, T(-1.0f));
        g.SetGlobalBuffer(x.data(), src_n);
        AscendC::DataCopy(ub, g, dst_info, src_info, dims);
        std::memcpy(static_cast<void*>(y.data()), static_cast<void*>(ub.GetPhyAddr()), dst_n * sizeof(T));
      } else {
        pipe.InitBuffer(b, (src_n * sizeof(T) + 31) / 32 * 32);
        auto ub = b.Get<T>(src_n);
        std::memcpy(static_cast<void*>(ub.GetPhyAddr()), x.data(), src_n * sizeof(T));
        g.SetGlobalBuffer(y.data(), dst_n);
        AscendC::DataCopy(g, ub, dst_info, src_info, dims);
      }
    });
  } catch (const opkit::sim::KernelFault& e) {
    std::printf("fault: %s\n", e.what());
    std::exit(3);
  }
  for (const std::string& w : launch.warnings()) std::printf("warning: %s\n", w.c_str());
  f = std::fopen((dir + "/y.bin").c_str(), "wb");
  if (f == nullptr || std::fwrite(static_cast<void*>(y.data()), sizeof(T), dst_n, f) != dst_n) die("cannot write y");
  std::fclose(f);
}

constexpr AscendC::NdDmaConfig kNearest = {true, AscendC::NdDmaConfig::unsetPad, AscendC::NdDmaConfig::unsetPad, false};

template <typename T, uint8_t kDim>
void nddma(int argc, char** a) {
  if (argc != int(9 + 5 * kDim)) die("bad argument count");
  const bool nearest = std::atoi(a[4]) != 0;
  AscendC::NdDmaParams<T, kDim> p{{}, T(float(std::atof(a[5])))};
  for (int k = 0; k < kDim; ++k) {
    char** v = a + 6 + 5 * k;
    p.loopInfo.loopSrcStride[k] = std::strtoull(v[0], nullptr, 10);
    p.loopInfo.loopDstStride[k] = uint32_t(std::atoi(v[1]));
    p.loopInfo.loopSize[k] = uint32_t(std::atoi(v[2]));
    p.loopInfo.loopLpSize[k] = uint8_t(std::atoi(v[3]));
    p.loopInfo.loopRpSize[k] = uint8_t(std::atoi(v[4]));
  }
  const uint32_t src_n = uint32_t(std::atoi(a[6 + 5 * kDim])), dst_n = uint32_t(std::atoi(a[7 + 5 * kDim]));
  const std::string dir = a[8 + 5 * kDim];
  std::vector<T> x(src_n), y(dst_n);
  FILE* f = std::fopen((dir + "/x.bin").c_str(), "rb");
  if (f == nullptr || std::fread(static_cast<void*>(x.data()), sizeof(T), src_n, f) != src_n) die("cannot read x");
  std::fclose(f);
  opkit::sim::Launch launch{"sl", "Ascend910B2", 1};
  launch.register_gm(x.data(), src_n * sizeof(T), "x");
  try {
    launch.run_body([&] {
      AscendC::TPipe pipe;
      AscendC::TBuf<AscendC::TPosition::VECCALC> b;
      pipe.InitBuffer(b, (dst_n * sizeof(T) + 31) / 32 * 32);
      auto ub = b.Get<T>(dst_n);
      for (uint32_t i = 0; i < dst_n; ++i) ub.SetValue(i, T(-1.0f));
      AscendC::GlobalTensor<T> g;
      g.SetGlobalBuffer(x.data(), src_n);
      AscendC::NdDmaDci();
      if (nearest) AscendC::DataCopy<T, kDim, kNearest>(ub, g, p);
      else AscendC::DataCopy<T, kDim>(ub, g, p);
      std::memcpy(static_cast<void*>(y.data()), static_cast<void*>(ub.GetPhyAddr()), dst_n * sizeof(T));
    });
  } catch (const opkit::sim::KernelFault& e) {
    std::printf("fault: %s\n", e.what());
    std::exit(3);
  }
  f = std::fopen((dir + "/y.bin").c_str(), "wb");
  if (f == nullptr || std::fwrite(static_cast<void*>(y.data()), sizeof(T), dst_n, f) != dst_n) die("cannot write y");
  std::fclose(f);
}

template <typename T>
void nddma_any(int argc, char** a) {
  const int dim = std::atoi(a[3]);
  if (dim == 1) nddma<T, 1>(argc, a);
  else if (dim == 2) nddma<T, 2>(argc, a);
  else nddma<T, 3>(argc, a);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) die("bad arguments; see the usage at the top of slice_main.cpp");
  if (std::string(argv[1]) == "nddma") {
    if (std::string(argv[2]) == "half") nddma_any<half>(argc, argv);
    else nddma_any<float>(argc, argv);
    return 0;
  }
  if (std::string(argv[2]) == "half") run<half>(argc, argv);
  else run<float>(argc, argv);
  return 0;
}
