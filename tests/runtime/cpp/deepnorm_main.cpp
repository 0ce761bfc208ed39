// Driver of the DeepNorm test: dn <float|half> <b> <s> <h> <oriH> <alpha> <eps> <dir>; <dir> holds x.bin, gx.bin
// [b*s x oriH], gamma.bin, beta.bin [oriH]; y.bin, mean.bin, var.bin are written back. Tiling from the host helpers.
//   dn ar <T float|half> <U float|half> <A> <R> <eps> <noBeta 0|1> <dir>: LayerNorm's [A, R] form (y.bin, mean.bin,
//   rstd.bin) and Normalize from mean.bin/var.bin (ny.bin, nrstd.bin) on x.bin [A x R] (rows padded to 32 B in UB),
//   gamma.bin, beta.bin [R] (U); tmp.txt: GetLayerNormMaxMinTmpSize's and GetNormalizeMaxMinTmpSize's max and min.
//   dn gn <float|half> <N> <C> <H> <W> <groups> <dir>: GroupNorm on x.bin [N*C x H*W] (rows padded to 32 B in UB),
//   gamma.bin, beta.bin [C]; y.bin, mean.bin, var.bin [N x groups]; tmp.txt: GetGroupNormMaxMinTmpSize's max, min.
//   dn bn <float|half> <B> <S> <H> <basic 0|1> <dir>: BatchNorm on x.bin [B x S*H], gamma.bin, beta.bin [B] (padded
//   to 32 B in UB); y.bin, mean.bin, var.bin [S*H]; tmp.txt: GetBatchNormMaxMinTmpSize's result, max, min.
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

constexpr AscendC::LayerNormConfig kLnNoBeta = {true, false, false, true};

template <typename T, typename U, bool kNoBeta>
void ar(uint32_t a, uint32_t r, float eps, const std::string& dir) {
  const uint32_t rp = (r * sizeof(T) + 31) / 32 * 32 / sizeof(T);
  const auto x = read<T>(dir + "/x.bin", size_t(a) * r);
  const auto gamma = read<U>(dir + "/gamma.bin", r), beta = read<U>(dir + "/beta.bin", r);
  const auto in_mean = read<float>(dir + "/mean_in.bin", a), in_var = read<float>(dir + "/var_in.bin", a);
  const ge::Shape shape({a, r});
  uint32_t ln_max = 0, ln_min = 0, nz_max = 0, nz_min = 0;
  AscendC::GetLayerNormMaxMinTmpSize(shape, sizeof(T), false, true, false, ln_max, ln_min);
  AscendC::GetNormalizeMaxMinTmpSize(shape, sizeof(U), sizeof(T), false, true, false, nz_max, nz_min);
  AscendC::tiling::LayerNormSeparateTiling tiling;
  AscendC::GetLayerNormNDTilingInfo(shape, ln_min, sizeof(T), false, true, tiling);
  std::vector<T> y(size_t(a) * r), ny(size_t(a) * r);
  std::vector<float> mean(a), rstd(a), nrstd(a);
  opkit::sim::Launch launch{"dn", "Ascend910B2", 1};
  launch.run_body([&] {
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> bx, by, bn, bg, bb, bm, br, bim, biv, bnr, bt;
    const auto pad = [](uint32_t bytes) { return (bytes + 31) / 32 * 32; };
    pipe.InitBuffer(bx, a * rp * sizeof(T)), pipe.InitBuffer(by, a * rp * sizeof(T)), pipe.InitBuffer(bn, a * rp * sizeof(T));
    pipe.InitBuffer(bg, pad(r * sizeof(U))), pipe.InitBuffer(bb, pad(r * sizeof(U)));
    pipe.InitBuffer(bm, pad(a * 4)), pipe.InitBuffer(br, pad(a * 4)), pipe.InitBuffer(bim, pad(a * 4));
    pipe.InitBuffer(biv, pad(a * 4)), pipe.InitBuffer(bnr, pad(a * 4)), pipe.InitBuffer(bt, ln_min);
    auto tx = bx.Get<T>(), ty = by.Get<T>(), tn = bn.Get<T>();
    auto tg = bg.Get<U>(), tb = bb.Get<U>();
    auto tm = bm.Get<float>(), tr = br.Get<float>(), tim = bim.Get<float>(), tiv = biv.Get<float>(), tnr = bnr.Get<float>();
    for (uint32_t i = 0; i < a * rp; ++i) tx.SetValue(i, T(1000.0f)), ty.SetValue(i, T(-3.0f)), tn.SetValue(i, T(-3.0f));
    for (uint32_t i = 0; i < a; ++i) std::memcpy(tx.GetPhyAddr() + i * rp, &x[size_t(i) * r], r * sizeof(T));
    std::memcpy(tg.GetPhyAddr(), gamma.data(), r * sizeof(U));
    std::memcpy(tb.GetPhyAddr(), beta.data(), r * sizeof(U));
    std::memcpy(tim.GetPhyAddr(), in_mean.data(), a * 4);
    std::memcpy(tiv.GetPhyAddr(), in_var.data(), a * 4);
    const AscendC::LayerNormPara lp = {a, r, rp};
    const AscendC::NormalizePara np = {a, r, rp};
    constexpr const AscendC::LayerNormConfig& lc = kNoBeta ? kLnNoBeta : AscendC::LNCFG_NORM;
    constexpr const AscendC::NormalizeConfig& nc = kNoBeta ? AscendC::NLCFG_NOBETA : AscendC::NLCFG_NORM;
    AscendC::LayerNorm<U, T, false, lc>(ty, tm, tr, tx, tg, tb, eps, bt.Get<uint8_t>(), lp, tiling);
    AscendC::Normalize<U, T, false, nc>(tn, tnr, tim, tiv, tx, tg, tb, eps, np);
    for (uint32_t i = 0; i < a; ++i) {
      std::memcpy(&y[size_t(i) * r], ty.GetPhyAddr() + i * rp, r * sizeof(T));
      std::memcpy(&ny[size_t(i) * r], tn.GetPhyAddr() + i * rp, r * sizeof(T));
      for (uint32_t j = r; j < rp; ++j) {
        if (float(ty.GetValue(i * rp + j)) != -3.0f || float(tn.GetValue(i * rp + j)) != -3.0f) die("padding written");
      }
    }
    std::memcpy(mean.data(), tm.GetPhyAddr(), a * 4);
    std::memcpy(rstd.data(), tr.GetPhyAddr(), a * 4);
    std::memcpy(nrstd.data(), tnr.GetPhyAddr(), a * 4);
  });
  write(dir + "/y.bin", y), write(dir + "/mean.bin", mean), write(dir + "/rstd.bin", rstd);
  write(dir + "/ny.bin", ny), write(dir + "/nrstd.bin", nrstd);
  FILE* f = std::fopen((dir + "/tmp.txt").c_str(), "w");
  std::fprintf(f, "%u %u %u %u %u %g\n", ln_max, ln_min, nz_max, nz_min, tiling.aLength, tiling.rValueBack);
  std::fclose(f);
}

template <typename T, typename U>
void ar_any(uint32_t a, uint32_t r, float eps, bool no_beta, const std::string& dir) {
  if (no_beta) ar<T, U, true>(a, r, eps, dir);
  else ar<T, U, false>(a, r, eps, dir);
}

template <typename T>
void gn(uint32_t n, uint32_t c, uint32_t h, uint32_t w, uint32_t groups, const std::string& dir) {
  const uint32_t hw = h * w, row = (hw * sizeof(T) + 31) / 32 * 32 / sizeof(T), rows = n * c;
  const auto x = read<T>(dir + "/x.bin", size_t(rows) * hw);
  const auto gamma = read<T>(dir + "/gamma.bin", c), beta = read<T>(dir + "/beta.bin", c);
  const ge::Shape shape({n, c, h, w});
  uint32_t max_tmp = 0, min_tmp = 0;
  AscendC::GetGroupNormMaxMinTmpSize(shape, sizeof(T), false, groups, max_tmp, min_tmp);
  GroupNormTiling tiling;
  AscendC::GetGroupNormNDTilingInfo(shape, min_tmp, sizeof(T), false, groups, tiling);
  std::vector<T> y(size_t(rows) * hw), mean(n * groups), var(n * groups);
  opkit::sim::Launch launch{"dn", "Ascend910B2", 1};
  launch.run_body([&] {
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> bx, by, bg, bb, bm, bv, bt;
    const auto pad = [](uint32_t elems) { return (elems * sizeof(T) + 31) / 32 * 32; };
    pipe.InitBuffer(bx, pad(rows * row)), pipe.InitBuffer(by, pad(rows * row)), pipe.InitBuffer(bg, pad(c));
    pipe.InitBuffer(bb, pad(c)), pipe.InitBuffer(bm, pad(n * groups)), pipe.InitBuffer(bv, pad(n * groups));
    pipe.InitBuffer(bt, min_tmp);
    auto tx = bx.Get<T>(), ty = by.Get<T>(), tg = bg.Get<T>(), tb = bb.Get<T>(), tm = bm.Get<T>(), tv = bv.Get<T>();
    for (uint32_t i = 0; i < rows * row; ++i) tx.SetValue(i, T(500.0f)), ty.SetValue(i, T(-3.0f));
    for (uint32_t r = 0; r < rows; ++r) std::memcpy(tx.GetPhyAddr() + r * row, &x[size_t(r) * hw], hw * sizeof(T));
    std::memcpy(tg.GetPhyAddr(), gamma.data(), c * sizeof(T));
    std::memcpy(tb.GetPhyAddr(), beta.data(), c * sizeof(T));
    AscendC::GroupNorm<T>(ty, tm, tv, tx, tg, tb, bt.Get<uint8_t>(), T(1e-5f), tiling);
    for (uint32_t r = 0; r < rows; ++r) {
      std::memcpy(&y[size_t(r) * hw], ty.GetPhyAddr() + r * row, hw * sizeof(T));
      for (uint32_t e = hw; e < row; ++e) {
        if (float(ty.GetValue(r * row + e)) != -3.0f) die("padding written");
      }
    }
    std::memcpy(mean.data(), tm.GetPhyAddr(), n * groups * sizeof(T));
    std::memcpy(var.data(), tv.GetPhyAddr(), n * groups * sizeof(T));
  });
  write(dir + "/y.bin", y), write(dir + "/mean.bin", mean), write(dir + "/var.bin", var);
  FILE* f = std::fopen((dir + "/tmp.txt").c_str(), "w");
  std::fprintf(f, "%u %u %u %u %g\n", max_tmp, min_tmp, tiling.d, tiling.hwAlignSize, tiling.factor);
  std::fclose(f);
}

template <typename T>
void bn(uint32_t b, uint32_t s, uint32_t h, bool basic, const std::string& dir) {
  const uint32_t sh = s * h;
  const auto x = read<T>(dir + "/x.bin", size_t(b) * sh);
  const auto gamma = read<T>(dir + "/gamma.bin", b), beta = read<T>(dir + "/beta.bin", b);
  const ge::Shape shape({b, s, h});
  uint32_t max_tmp = 0, min_tmp = 0;
  const bool ok = AscendC::GetBatchNormMaxMinTmpSize(shape, shape, sizeof(T), false, max_tmp, min_tmp, basic);
  FILE* f = std::fopen((dir + "/tmp.txt").c_str(), "w");
  std::fprintf(f, "%d %u %u\n", ok ? 1 : 0, max_tmp, min_tmp);
  std::fclose(f);
  if (!ok) return;
  BatchNormTiling tiling;
  if (!AscendC::GetBatchNormNDTilingInfo(shape, shape, min_tmp, sizeof(T), false, tiling, basic)) die("bn tiling");
  std::vector<T> y(size_t(b) * sh), mean(sh), var(sh);
  opkit::sim::Launch launch{"dn", "Ascend910B2", 1};
  launch.run_body([&] {
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> bx, bg, bb, bm, bv, bt;
    const auto pad = [](uint32_t elems) { return (elems * sizeof(T) + 31) / 32 * 32; };
    pipe.InitBuffer(bx, pad(b * sh)), pipe.InitBuffer(bg, pad(b)), pipe.InitBuffer(bb, pad(b));
    pipe.InitBuffer(bm, pad(sh)), pipe.InitBuffer(bv, pad(sh)), pipe.InitBuffer(bt, min_tmp);
    auto tx = bx.Get<T>(), tg = bg.Get<T>(), tb = bb.Get<T>(), tm = bm.Get<T>(), tv = bv.Get<T>();
    std::memcpy(tx.GetPhyAddr(), x.data(), x.size() * sizeof(T));
    std::memcpy(tg.GetPhyAddr(), gamma.data(), b * sizeof(T));
    std::memcpy(tb.GetPhyAddr(), beta.data(), b * sizeof(T));
    if (basic) AscendC::BatchNorm<T, false, true>(tx, tm, tv, tx, tg, tb, bt.Get<uint8_t>(), T(1e-5f), tiling);  // in place
    else AscendC::BatchNorm<T>(tx, tm, tv, tx, tg, tb, T(1e-5f), tiling);
    std::memcpy(y.data(), tx.GetPhyAddr(), y.size() * sizeof(T));
    std::memcpy(mean.data(), tm.GetPhyAddr(), sh * sizeof(T));
    std::memcpy(var.data(), tv.GetPhyAddr(), sh * sizeof(T));
  });
  write(dir + "/y.bin", y), write(dir + "/mean.bin", mean), write(dir + "/var.bin", var);
}

uint32_t u(const char* s) { return static_cast<uint32_t>(std::strtoul(s, nullptr, 10)); }

}  // namespace

int main(int argc, char** argv) {
  if (argc == 8 && std::string(argv[1]) == "bn") {
    if (std::string(argv[2]) == "float") bn<float>(u(argv[3]), u(argv[4]), u(argv[5]), u(argv[6]) != 0, argv[7]);
    else bn<half>(u(argv[3]), u(argv[4]), u(argv[5]), u(argv[6]) != 0, argv[7]);
    return 0;
  }
  if (argc == 9 && std::string(argv[1]) == "gn") {
    if (std::string(argv[2]) == "float") gn<float>(u(argv[3]), u(argv[4]), u(argv[5]), u(argv[6]), u(argv[7]), argv[8]);
    else gn<half>(u(argv[3]), u(argv[4]), u(argv[5]), u(argv[6]), u(argv[7]), argv[8]);
    return 0;
  }
  if (argc == 9 && std::string(argv[1]) == "ar") {
    const std::string t = argv[2], g = argv[3];
    const uint32_t a = u(argv[4]), r = u(argv[5]);
    const float eps = std::strtof(argv[6], nullptr);
    const bool nb = u(argv[7]) != 0;
    if (t == "float" && g == "float") ar_any<float, float>(a, r, eps, nb, argv[8]);
    else if (t == "half" && g == "half") ar_any<half, half>(a, r, eps, nb, argv[8]);
    else if (t == "half") ar_any<half, float>(a, r, eps, nb, argv[8]);
    else ar_any<float, half>(a, r, eps, nb, argv[8]);
    return 0;
  }
  if (argc != 9) die("usage: dn <float|half> <b> <s> <h> <oriH> <alpha> <eps> <dir>");
  const float alpha = std::strtof(argv[6], nullptr), eps = std::strtof(argv[7], nullptr);
  if (std::string(argv[1]) == "float") run<float>(u(argv[2]), u(argv[3]), u(argv[4]), u(argv[5]), alpha, eps, argv[8]);
  else run<half>(u(argv[2]), u(argv[3]), u(argv[4]), u(argv[5]), alpha, eps, argv[8]);
  return 0;
}
