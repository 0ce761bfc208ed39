// Driver of the PhiloxRandom and Welford tests (test_adv_stats.py): one program, a case per call.
//   stats philox <dir> <rounds> <float|uint32> <k0> <k1> <c0> <c1> <c2> <c3> <count> [<stride> <row> <column>]
//     writes dir/philox.bin: PhiloxRandom's count form, or its {stride, row, column} form when those are given.
//   stats welford <dir> <float|half> <R> <ab> <h> <counts 0|1> <correction 0|1>
//     reads dir/x.bin [R + 1, ab] (x's type): R WelfordUpdate steps over all ab lanes, one more over lanes [0, h)
//     (isInplace, abComputeLength h); WelfordFinalize (head/tail counts, or a counts tensor) writes dir/mean.bin,
//     dir/var.bin (8 floats each) and dir/lanes.bin (the lanes' means then M2s after the updates).
//   stats lngrad <dir> <float|half> <B> <S> <H> <originalH> <eps>
//     reads dir/{dy,x}.bin [B*S, H], dir/{var,mean}.bin [B*S], dir/gamma.bin [H]; LayerNormGrad then
//     LayerNormGradBeta with the host helpers' tiling write dir/{pdx,res,pdgamma,pdbeta}.bin and dir/tiling.bin.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "tiling/tiling_api.h"

using namespace AscendC;

namespace {

[[noreturn]] void die(const std::string& why) {
  std::fprintf(stderr, "stats: %s\n", why.c_str());
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
void write(const std::string& path, const T* p, size_t count) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr || std::fwrite(p, sizeof(T), count, f) != count) die("cannot write " + path);
  std::fclose(f);
}

uint32_t u(const char* s) { return static_cast<uint32_t>(std::strtoul(s, nullptr, 0)); }

template <typename T, uint16_t Rounds>
void philox(const std::string& dir, const uint32_t key[2], const uint32_t ctr[4], uint32_t count, uint32_t stride,
            uint32_t row, uint32_t column, bool params) {
  const uint32_t n = params ? row * column : count;
  std::vector<T> out(n);
  opkit::sim::Launch launch{"philox", "Ascend910B2", 1};
  launch.run_body([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, (n * sizeof(T) + 31) / 32 * 32);
    LocalTensor<T> dst = buf.Get<T>();
    if (params) {
      PhiloxRandom<Rounds>(dst, {key[0], key[1]}, {ctr[0], ctr[1], ctr[2], ctr[3]}, {stride, row, column});
    } else {
      PhiloxRandom<Rounds>(dst, {key[0], key[1]}, {ctr[0], ctr[1], ctr[2], ctr[3]}, static_cast<uint16_t>(count));
    }
    std::memcpy(out.data(), dst.GetPhyAddr(), n * sizeof(T));
  });
  write(dir + "/philox.bin", out.data(), n);
}

template <typename T>
void philox_type(char** a) {
  const uint32_t key[2] = {u(a[5]), u(a[6])}, ctr[4] = {u(a[7]), u(a[8]), u(a[9]), u(a[10])};
  const bool params = a[12] != nullptr;
  const uint32_t stride = params ? u(a[12]) : 0, row = params ? u(a[13]) : 0, column = params ? u(a[14]) : 0;
  if (u(a[3]) == 10) philox<T, 10>(a[2], key, ctr, u(a[11]), stride, row, column, params);
  else philox<T, 7>(a[2], key, ctr, u(a[11]), stride, row, column, params);
}

constexpr WelfordUpdateConfig kInplace = {true};
constexpr WelfordFinalizeConfig kCorrection = {true};

template <typename T>
void welford(const std::string& dir, uint32_t r, uint32_t ab, uint32_t h, bool use_counts, bool correction) {
  const auto x = read<T>(dir + "/x.bin", size_t(r + 1) * ab);
  uint32_t max_u = 0, min_u = 0, max_f = 0, min_f = 0;
  GetWelfordUpdateMaxMinTmpSize(TensorShape({1, int64_t(ab)}), sizeof(T), 4, false, true, max_u, min_u);
  GetWelfordFinalizeMaxMinTmpSize(TensorShape({int64_t(ab)}), 4, false, max_f, min_f);
  std::vector<float> mean_out(8), var_out(8), lanes(2 * ab);
  opkit::sim::Launch launch{"welford", "Ascend910B2", 1};
  launch.run_body([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bx, bm, bv, bm2, bv2, bc, bom, bov, bt, bft;
    pipe.InitBuffer(bx, ab * sizeof(T)), pipe.InitBuffer(bm, ab * 4), pipe.InitBuffer(bv, ab * 4);
    pipe.InitBuffer(bm2, ab * 4), pipe.InitBuffer(bv2, ab * 4), pipe.InitBuffer(bc, ab * 4);
    pipe.InitBuffer(bom, 32), pipe.InitBuffer(bov, 32), pipe.InitBuffer(bt, min_u), pipe.InitBuffer(bft, min_f);
    LocalTensor<T> tx = bx.Get<T>();
    LocalTensor<float> m = bm.Get<float>(), v = bv.Get<float>(), m2 = bm2.Get<float>(), v2 = bv2.Get<float>();
    Duplicate(m, 0.0f, ab);
    Duplicate(v, 0.0f, ab);
    for (uint32_t k = 0; k < r + (h > 0 ? 1 : 0); ++k) {
      std::memcpy(tx.GetPhyAddr(), &x[size_t(k) * ab], ab * sizeof(T));
      const uint32_t lanes_now = k < r ? ab : h;
      WelfordUpdateParam p = {1, ab, lanes_now, 1.0f / float(k + 1)};
      if (k % 2 == 0) {
        WelfordUpdate<T, float, false, kInplace>(m2, v2, m, v, tx, bt.Get<uint8_t>(), p);
      } else {
        WelfordUpdate<T, float, false, kInplace>(m2, v2, m, v, tx, p);
      }
      DataCopy(m, m2, ab);
      DataCopy(v, v2, ab);
    }
    std::memcpy(lanes.data(), m.GetPhyAddr(), ab * 4);
    std::memcpy(lanes.data() + ab, v.GetPhyAddr(), ab * 4);
    const uint32_t total = r * ab + h;
    WelfordFinalizePara fp = {r, ab, r + 1, h, r, ab - h, 1.0f / float(ab), 1.0f / float(total),
                              1.0f / float(total - 1)};
    LocalTensor<float> om = bom.Get<float>(), ov = bov.Get<float>();
    if (use_counts) {
      LocalTensor<int32_t> c = bc.Get<int32_t>();
      for (uint32_t i = 0; i < ab; ++i) c.SetValue(i, int32_t(i < h ? r + 1 : r));
      if (correction) WelfordFinalize<false, kCorrection>(om, ov, m, v, c, bft.Get<uint8_t>(), fp);
      else WelfordFinalize(om, ov, m, v, c, fp);
    } else {
      if (h == 0) fp.headCountLength = 0, fp.tailCountLength = 0, fp.headCount = r;
      if (correction) WelfordFinalize<false, kCorrection>(om, ov, m, v, fp);
      else WelfordFinalize(om, ov, m, v, bft.Get<uint8_t>(), fp);
    }
    std::memcpy(mean_out.data(), om.GetPhyAddr(), 32);
    std::memcpy(var_out.data(), ov.GetPhyAddr(), 32);
  });
  write(dir + "/mean.bin", mean_out.data(), 8);
  write(dir + "/var.bin", var_out.data(), 8);
  write(dir + "/lanes.bin", lanes.data(), lanes.size());
  const uint32_t sizes[4] = {max_u, min_u, max_f, min_f};
  write(dir + "/tmp_sizes.bin", sizes, 4);
}

template <typename T>
void lngrad(const std::string& dir, uint32_t b, uint32_t s, uint32_t h, uint32_t oh, float eps) {
  const uint32_t rows = b * s;
  const auto dy = read<T>(dir + "/dy.bin", rows * h), x = read<T>(dir + "/x.bin", rows * h);
  const auto var = read<T>(dir + "/var.bin", rows), mean = read<T>(dir + "/mean.bin", rows);
  const auto gamma = read<T>(dir + "/gamma.bin", h);
  const TensorShape shape({b, s, h, oh});
  uint32_t max_g = 0, min_g = 0, max_b = 0, min_b = 0;
  GetLayerNormGradMaxMinTmpSize(shape, sizeof(T), false, max_g, min_g);
  GetLayerNormGradBetaMaxMinTmpSize(shape, sizeof(T), false, max_b, min_b);
  optiling::LayerNormGradTiling gt;
  AscendC::tiling::LayerNormGradBetaTiling bt;
  GetLayerNormGradNDTilingInfo(shape, max_g, sizeof(T), false, gt);
  GetLayerNormGradBetaNDTilingInfo(shape, max_b, sizeof(T), false, bt);
  std::vector<T> pdx(rows * h), res(rows * h), pdg(h), pdb(h);
  opkit::sim::Launch launch{"lngrad", "Ascend910B2", 1};
  launch.run_body([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bdy, bx, bv, bm, bg, bpx, bres, bpg, bpb, btmp;
    const auto pad = [](uint32_t n) { return (n * sizeof(T) + 31) / 32 * 32; };
    pipe.InitBuffer(bdy, pad(rows * h)), pipe.InitBuffer(bx, pad(rows * h)), pipe.InitBuffer(bv, pad(rows));
    pipe.InitBuffer(bm, pad(rows)), pipe.InitBuffer(bg, pad(h)), pipe.InitBuffer(bpx, pad(rows * h));
    pipe.InitBuffer(bres, pad(rows * h)), pipe.InitBuffer(bpg, pad(h)), pipe.InitBuffer(bpb, pad(h));
    pipe.InitBuffer(btmp, 1024);
    auto tdy = bdy.Get<T>(), tx = bx.Get<T>(), tv = bv.Get<T>(), tm = bm.Get<T>(), tg = bg.Get<T>();
    auto tpx = bpx.Get<T>(), tres = bres.Get<T>(), tpg = bpg.Get<T>(), tpb = bpb.Get<T>();
    std::memcpy(tdy.GetPhyAddr(), dy.data(), rows * h * sizeof(T));
    std::memcpy(tx.GetPhyAddr(), x.data(), rows * h * sizeof(T));
    std::memcpy(tv.GetPhyAddr(), var.data(), rows * sizeof(T));
    std::memcpy(tm.GetPhyAddr(), mean.data(), rows * sizeof(T));
    std::memcpy(tg.GetPhyAddr(), gamma.data(), h * sizeof(T));
    LocalTensor<uint8_t> tmp = btmp.Get<uint8_t>();
    if (b % 2) LayerNormGrad<T, false>(tpx, tres, tdy, tx, tv, tm, tg, tmp, T(eps), gt);
    else LayerNormGrad<T, false>(tpx, tres, tdy, tx, tv, tm, tg, T(eps), gt);
    if (b % 2) LayerNormGradBeta<T, false>(tpg, tpb, tres, tdy, tmp, bt);
    else LayerNormGradBeta<T, false>(tpg, tpb, tres, tdy, bt);
    std::memcpy(pdx.data(), tpx.GetPhyAddr(), rows * h * sizeof(T));
    std::memcpy(res.data(), tres.GetPhyAddr(), rows * h * sizeof(T));
    std::memcpy(pdg.data(), tpg.GetPhyAddr(), h * sizeof(T));
    std::memcpy(pdb.data(), tpb.GetPhyAddr(), h * sizeof(T));
  });
  write(dir + "/pdx.bin", pdx.data(), pdx.size()), write(dir + "/res.bin", res.data(), res.size());
  write(dir + "/pdgamma.bin", pdg.data(), h), write(dir + "/pdbeta.bin", pdb.data(), h);
  const uint32_t sizes[4] = {max_g, min_g, max_b, min_b};
  write(dir + "/tmp_sizes.bin", sizes, 4);
  write(dir + "/tiling.bin", reinterpret_cast<const uint32_t*>(&gt), sizeof(gt) / 4);
  write(dir + "/beta_tiling.bin", reinterpret_cast<const uint32_t*>(&bt), sizeof(bt) / 4);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) die("usage: stats philox|welford <dir> ...");
  const std::string what = argv[1];
  try {
    if (what == "philox" && (argc == 12 || argc == 15)) {
      if (std::string(argv[4]) == "float") philox_type<float>(argv);
      else philox_type<uint32_t>(argv);
    } else if (what == "welford" && argc == 9) {
      if (std::string(argv[3]) == "float") welford<float>(argv[2], u(argv[4]), u(argv[5]), u(argv[6]), u(argv[7]), u(argv[8]));
      else welford<half>(argv[2], u(argv[4]), u(argv[5]), u(argv[6]), u(argv[7]), u(argv[8]));
    } else if (what == "lngrad" && argc == 9) {
      const float eps = std::strtof(argv[8], nullptr);
      if (std::string(argv[3]) == "float") lngrad<float>(argv[2], u(argv[4]), u(argv[5]), u(argv[6]), u(argv[7]), eps);
      else lngrad<half>(argv[2], u(argv[4]), u(argv[5]), u(argv[6]), u(argv[7]), eps);
    } else {
      die("bad arguments");
    }
  } catch (const opkit::sim::KernelFault& f) {
    std::fprintf(stderr, "fault: %s\n", f.what());
    return 1;
  }
  return 0;
}
