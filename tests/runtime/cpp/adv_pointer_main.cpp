// Driver of the function-pointer test: cann-ops' foreach kernels pass `Atan<T, false>` etc. as a
// `void (*)(const LocalTensor<T>&, const LocalTensor<T>&, const uint32_t)` template argument. Runs <api> over
// <dir>/x.bin (float, n) through such a pointer (y_ptr.bin) and by a direct call (y_direct.bin).
//   ap <atan|erf|sinh> <n> <count passed> <dir>     (count passed > n: the call faults; "fault: ..." and exit 3)
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "kernel_operator.h"

namespace {

using AscendC::LocalTensor;
template <typename T>
using TriangleOp = void(const LocalTensor<T>&, const LocalTensor<T>&, const uint32_t);

template <typename T, TriangleOp<T>* op>
struct Computer {
  static void run(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint32_t n) { op(dst, src, n); }
};

[[noreturn]] void die(const std::string& why) {
  std::fprintf(stderr, "ap: %s\n", why.c_str());
  std::exit(2);
}

void write(const std::string& path, const std::vector<float>& v) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr || std::fwrite(v.data(), 4, v.size(), f) != v.size()) die("cannot write " + path);
  std::fclose(f);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 5) die("bad arguments; see the usage at the top of adv_pointer_main.cpp");
  const std::string api = argv[1], dir = argv[4];
  const uint32_t n = uint32_t(std::atoi(argv[2])), count = uint32_t(std::atoi(argv[3]));
  std::vector<float> x(n), by_ptr(n), direct(n);
  FILE* f = std::fopen((dir + "/x.bin").c_str(), "rb");
  if (f == nullptr || std::fread(x.data(), 4, n, f) != n) die("cannot read x.bin");
  std::fclose(f);
  opkit::sim::Launch launch{"ap", "Ascend910B2", 1};
  try {
    launch.run_body([&] {
      AscendC::TPipe pipe;
      AscendC::TBuf<AscendC::TPosition::VECCALC> bs, bd;
      pipe.InitBuffer(bs, (n * 4 + 31) / 32 * 32);
      pipe.InitBuffer(bd, (n * 4 + 31) / 32 * 32);
      auto src = bs.Get<float>(n), dst = bd.Get<float>(n);
      std::memcpy(src.GetPhyAddr(), x.data(), n * 4);
      if (api == "atan") Computer<float, AscendC::Atan<float, false>>::run(dst, src, count);
      else if (api == "erf") Computer<float, AscendC::Erf<float, false>>::run(dst, src, count);
      else Computer<float, AscendC::Sinh<float, false>>::run(dst, src, count);
      std::memcpy(by_ptr.data(), dst.GetPhyAddr(), n * 4);
      if (api == "atan") AscendC::Atan(dst, src, count);
      else if (api == "erf") AscendC::Erf(dst, src, count);
      else AscendC::Sinh(dst, src, count);
      std::memcpy(direct.data(), dst.GetPhyAddr(), n * 4);
    });
  } catch (const opkit::sim::KernelFault& e) {
    std::printf("fault: %s\n", e.what());
    return 3;
  }
  write(dir + "/y_ptr.bin", by_ptr);
  write(dir + "/y_direct.bin", direct);
  return 0;
}
