// Driver of the DeepNorm test: dn <float|half> <b> <s> <h> <oriH> <alpha> <eps> <dir>; <dir> holds x.bin, gx.bin
// [b*s x oriH], gamma.bin, beta.bin [oriH]; y.bin, mean.bin, var.bin are written back. Tiling from the host helpers.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "tiling/tiling_api.h"

namespace {

[[noreturn]] void die(const std::string& why) {
  std::fprintf(stderr, "dn: %s\n", why.c_str());
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
void write(const std::string& path, const std::vector<T>& v) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr || std::fwrite(v.data(), sizeof(T), v.size(), f) != v.size()) die("cannot write " + path);
  std::fclose(f);
}

template <typename T>
void run(uint32_t b, uint32_t s, uint32_t h, uint32_t ori, float alpha, float eps, const std::string& dir) {
  const uint32_t rows = b * s;
  const auto x = read<T>(dir + "/x.bin", rows * ori), gx = read<T>(dir + "/gx.bin", rows * ori);
  const auto gamma = read<T>(dir + "/gamma.bin", ori), beta = read<T>(dir + "/beta.bin", ori);
  uint32_t max_tmp = 0, min_tmp = 0;
  const ge::Shape shape({b, s, h}), origin({b, s, ori});
  if (!AscendC::GetDeepNormMaxMinTmpSize(shape, sizeof(T), false, false, max_tmp, min_tmp)) die("tmp size");
  DeepNormTiling tiling;
  if (!AscendC::GetDeepNormTilingInfo(shape, origin, max_tmp, sizeof(T), false, false, tiling)) die("tiling");
  std::vector<T> y(size_t(rows) * ori), mean(rows), var(rows);
  opkit::sim::Launch launch{"dn", "Ascend910B2", 1};
  launch.run_body([&] {
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> bx, bg, bgm, bbt, by, bm, bv, bt;
    const auto pad = [](uint32_t n) { return (n * sizeof(T) + 31) / 32 * 32; };
    pipe.InitBuffer(bx, pad(rows * h)), pipe.InitBuffer(bg, pad(rows * h)), pipe.InitBuffer(by, pad(rows * h));
    pipe.InitBuffer(bgm, pad(h)), pipe.InitBuffer(bbt, pad(h)), pipe.InitBuffer(bm, pad(rows));
    pipe.InitBuffer(bv, pad(rows)), pipe.InitBuffer(bt, max_tmp);
    auto tx = bx.Get<T>(), tg = bg.Get<T>(), ty = by.Get<T>(), tgm = bgm.Get<T>(), tbt = bbt.Get<T>();
    auto tm = bm.Get<T>(), tv = bv.Get<T>();
    for (uint32_t r = 0; r < rows; ++r) {
      std::memcpy(tx.GetPhyAddr() + r * h, &x[r * ori], ori * sizeof(T));
      std::memcpy(tg.GetPhyAddr() + r * h, &gx[r * ori], ori * sizeof(T));
    }
    std::memcpy(tgm.GetPhyAddr(), gamma.data(), ori * sizeof(T));
    std::memcpy(tbt.GetPhyAddr(), beta.data(), ori * sizeof(T));
    AscendC::DeepNorm<T>(ty, tm, tv, tx, tg, tbt, tgm, bt.Get<uint8_t>(), T(alpha), T(eps), tiling);
    for (uint32_t r = 0; r < rows; ++r) std::memcpy(&y[r * ori], ty.GetPhyAddr() + r * h, ori * sizeof(T));
    std::memcpy(mean.data(), tm.GetPhyAddr(), rows * sizeof(T));
    std::memcpy(var.data(), tv.GetPhyAddr(), rows * sizeof(T));
  });
  write(dir + "/y.bin", y), write(dir + "/mean.bin", mean), write(dir + "/var.bin", var);
}

uint32_t u(const char* s) { return static_cast<uint32_t>(std::strtoul(s, nullptr, 10)); }

}  // namespace

int main(int argc, char** argv) {
  if (argc != 9) die("usage: dn <float|half> <b> <s> <h> <oriH> <alpha> <eps> <dir>");
  const float alpha = std::strtof(argv[6], nullptr), eps = std::strtof(argv[7], nullptr);
  if (std::string(argv[1]) == "float") run<float>(u(argv[2]), u(argv[3]), u(argv[4]), u(argv[5]), alpha, eps, argv[8]);
  else run<half>(u(argv[2]), u(argv[3]), u(argv[4]), u(argv[5]), alpha, eps, argv[8]);
  return 0;
}
