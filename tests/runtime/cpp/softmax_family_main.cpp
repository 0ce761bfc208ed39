// Driver of the SoftMax-family tests: runs one API inside a simulated launch on rows read from a directory (written
// by numpy) and writes its results back there. Per-row statistics travel as one float32 per row in the files; in UB
// they are one 32 B block per row (or one element with SOFTMAX_OUTPUT_WITHOUT_BRC), and the driver checks that
// every element of an output block holds the same value. Usage:
//   sfam <api> <float|half|half_float> <rows> <k> <oriK> <dir>
//   sfam sizes <d0> <d1> <d2>: GetSoftMaxMaxTmpSize and GetSoftMaxMinTmpSize of shape [d0, d1, d2], half then float
//   api: simple | simple_nobrc | log | grad | grad_front | grad_isfront | flash | flash_update | flashv2 |
//        flashv2_update | flashv2_update_rmax | flashv2_update_nobrc | adjust | flashv3 | flashv3_update (half_float;
//        loopCnt 3, alpha 0.9375; inmean.bin in, mean.bin out)
//   dir holds x.bin [rows x oriK] and, as the api needs, g.bin [rows x oriK], inmax.bin/insum.bin [rows] (float32);
//   it receives y.bin [rows x oriK] and max.bin, sum.bin, expmax.bin, rmax.bin, d.bin [rows] (float32).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <functional>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "tiling/tiling_api.h"

namespace {

[[noreturn]] void die(const std::string& why) {
  std::fprintf(stderr, "sfam: %s\n", why.c_str());
  std::exit(2);
}

class Ub {
 public:
  template <typename T>
  AscendC::LocalTensor<T> get(uint32_t count) {
    bufs_.emplace_back();
    pipe_.InitBuffer(bufs_.back(), count * static_cast<uint32_t>(sizeof(T)));
    return bufs_.back().Get<T>(count);
  }

 private:
  AscendC::TPipe pipe_;
  std::deque<AscendC::TBuf<AscendC::TPosition::VECCALC>> bufs_;
};

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

struct Job {
  std::string api;
  uint32_t rows, k, ori_k;
  std::string dir;
  std::string path(const char* name) const { return dir + "/" + name; }
};

// Rows of `stride` elements in UB <-> unpadded rows on the host.
template <typename T>
void rows_in(const AscendC::LocalTensor<T>& t, const std::vector<T>& v, const Job& j) {
  for (uint32_t r = 0; r < j.rows; ++r) std::memcpy(t.GetPhyAddr() + size_t(r) * j.k, &v[size_t(r) * j.ori_k], j.ori_k * sizeof(T));
}
template <typename T>
std::vector<T> rows_out(const AscendC::LocalTensor<T>& t, const Job& j) {
  std::vector<T> v(size_t(j.rows) * j.ori_k);
  for (uint32_t r = 0; r < j.rows; ++r) std::memcpy(&v[size_t(r) * j.ori_k], t.GetPhyAddr() + size_t(r) * j.k, j.ori_k * sizeof(T));
  return v;
}

// Per-row statistics: `stride` copies of each row's value.
template <typename U>
void stat_in(const AscendC::LocalTensor<U>& t, const std::vector<float>& v, uint32_t stride) {
  for (size_t r = 0; r < v.size(); ++r) {
    for (uint32_t i = 0; i < stride; ++i) t.GetPhyAddr()[r * stride + i] = U(v[r]);
  }
}
template <typename U>
std::vector<float> stat_out(const AscendC::LocalTensor<U>& t, uint32_t rows, uint32_t stride, const char* what) {
  std::vector<float> v(rows);
  for (uint32_t r = 0; r < rows; ++r) {
    v[r] = static_cast<float>(t.GetPhyAddr()[size_t(r) * stride]);
    for (uint32_t i = 1; i < stride; ++i) {
      if (std::memcmp(&t.GetPhyAddr()[size_t(r) * stride + i], &t.GetPhyAddr()[size_t(r) * stride], sizeof(U)) != 0) {
        die(std::string(what) + ": row " + std::to_string(r) + " does not repeat its value over its block");
      }
    }
  }
  return v;
}

void launch(const std::function<void()>& body) {
  opkit::sim::Launch launch{"sfam", "Ascend910B2", 1};
  try {
    launch.run_body(body);
  } catch (const opkit::sim::KernelFault& f) {
    die(std::string("unexpected fault: ") + f.what());
  }
}

constexpr AscendC::SoftmaxConfig kNoBrc = {true, 0, 0, AscendC::SoftmaxMode::SOFTMAX_OUTPUT_WITHOUT_BRC};

// T: data, U: statistics.
template <typename T, typename U>
void run(const Job& j) {
  const AscendC::SoftMaxShapeInfo info{j.rows, j.k, j.rows, j.ori_k};
  const bool nobrc = j.api.find("nobrc") != std::string::npos;
  const uint32_t blk = nobrc ? 1 : 32 / sizeof(U), tblk = 32 / sizeof(T);
  const std::vector<T> x = read<T>(j.path("x.bin"), size_t(j.rows) * j.ori_k);
  const bool grad = j.api.rfind("grad", 0) == 0, update = j.api.find("update") != std::string::npos;
  const bool simple = j.api.rfind("simple", 0) == 0;
  std::vector<T> g;
  if (grad) g = read<T>(j.path("g.bin"), x.size());
  std::vector<float> in_max, in_sum;
  if (update || simple || j.api == "adjust") in_max = read<float>(j.path("inmax.bin"), j.rows);
  if (update || simple) in_sum = read<float>(j.path("insum.bin"), j.rows);
  const bool v3 = j.api.rfind("flashv3", 0) == 0;
  std::vector<float> in_mean, mean;
  if (v3 && update) in_mean = read<float>(j.path("inmean.bin"), j.rows);
  // The host helpers size the tmp buffer and fill the tiling, as a kernel's host side would.
  const ge::Shape shape({j.rows, j.k});
  SoftMaxTiling tiling;
  uint32_t tmp = 0;
  if (grad) {
    tmp = AscendC::GetSoftMaxGradMinTmpSize(shape, sizeof(T), j.api != "grad", false);
    AscendC::SoftMaxGradTilingFunc(shape, sizeof(T), tmp, tiling, j.api != "grad");
  } else if (v3) {
    uint32_t max_tmp = 0;
    AscendC::GetSoftMaxFlashV3MaxMinTmpSize(shape, sizeof(T), sizeof(U), max_tmp, tmp, update);
    AscendC::SoftMaxFlashV3TilingFunc(shape, sizeof(T), sizeof(U), tmp, tiling, update);
  } else if (j.api.rfind("flashv2", 0) == 0) {
    tmp = AscendC::GetSoftMaxFlashV2MaxTmpSize(shape, sizeof(T), sizeof(U), update);
    AscendC::SoftMaxFlashV2TilingFunc(shape, sizeof(T), sizeof(U), tmp, tiling, update, false, nobrc);
  } else if (j.api.rfind("flash", 0) == 0) {
    tmp = AscendC::GetSoftMaxFlashMinTmpSize(shape, sizeof(T), update, false);
    AscendC::SoftMaxFlashTilingFunc(shape, sizeof(T), tmp, tiling, update);
  } else {
    tmp = AscendC::GetSoftMaxMinTmpSize(shape, sizeof(U), false);
    AscendC::SoftMaxTilingFunc(shape, sizeof(U), tmp, tiling);
  }
  std::vector<T> y;
  std::vector<float> max, sum, expmax, rmax, d;
  launch([&] {
    Ub ub;
    auto xl = ub.get<T>(j.rows * j.k), yl = ub.get<T>(j.rows * j.k), gl = ub.get<T>(j.rows * j.k);
    auto ml = ub.get<U>(j.rows * blk), sl = ub.get<U>(j.rows * blk), rl = ub.get<U>(j.rows * blk);
    auto el = ub.get<T>(j.rows * (nobrc ? 1 : tblk)), tl = ub.get<uint8_t>(tmp == 0 ? 32 : tmp);
    rows_in(xl, x, j);
    if (grad) rows_in(gl, g, j);
    if (!in_max.empty()) stat_in(ml, in_max, blk);
    if (!in_sum.empty()) stat_in(sl, in_sum, blk);
    auto nl = ub.get<U>(j.rows * blk);
    if (!in_mean.empty()) stat_in(nl, in_mean, blk);
    if (j.api == "simple") {
      AscendC::SimpleSoftMax<T>(yl, sl, ml, xl, tl, tiling, info);
    } else if (j.api == "simple_nobrc") {
      AscendC::SimpleSoftMax<T, false, false, false, kNoBrc>(yl, sl, ml, xl, tiling, info);
    } else if (j.api == "log") {
      if constexpr (std::is_same_v<T, U>) {
        LogSoftMaxTiling lt;
        AscendC::LogSoftMaxTilingFunc(shape, sizeof(T), AscendC::GetLogSoftMaxMinTmpSize(shape, sizeof(T), false), lt);
        AscendC::LogSoftMax<T>(yl, sl, ml, xl, tl, lt, info);
      }
    } else if (j.api == "grad") {
      if constexpr (std::is_same_v<T, U>) AscendC::SoftmaxGrad<T>(yl, gl, xl, tl, tiling, false, info);
    } else if (j.api == "grad_isfront") {
      if constexpr (std::is_same_v<T, U>) AscendC::SoftmaxGrad<T>(yl, gl, xl, tiling, true, info);
    } else if (j.api == "grad_front") {
      if constexpr (std::is_same_v<T, U>) AscendC::SoftmaxGradFront<T>(yl, gl, xl, tl, tiling, info);
    } else if (j.api == "flash" || j.api == "flash_update") {
      AscendC::SoftmaxFlash<T>(yl, sl, ml, xl, el, sl, ml, tiling, update, info);
    } else if (j.api == "flashv2") {
      AscendC::SoftmaxFlashV2<T, false>(yl, sl, ml, xl, el, sl, ml, tl, tiling, info);
    } else if (j.api == "flashv2_update") {
      AscendC::SoftmaxFlashV2<T, true>(yl, sl, ml, xl, el, sl, ml, tiling, info);
    } else if (j.api == "flashv2_update_nobrc") {
      AscendC::SoftmaxFlashV2<T, true, false, false, false, kNoBrc>(yl, sl, ml, xl, el, sl, ml, tl, tiling, info);
    } else if (j.api == "flashv2_update_rmax") {
      if constexpr (std::is_same_v<T, U>) AscendC::SoftmaxFlashV2<T, true>(yl, rl, sl, ml, xl, el, sl, ml, tiling, info);
    } else if (v3) {
      if constexpr (std::is_same_v<T, half> && std::is_same_v<U, float>) {
        const AscendC::SoftMaxParams params = {j.rows, j.k, j.rows, j.ori_k, 3, 8, 0.9375f};
        if (update) AscendC::SoftmaxFlashV3<T, U, true>(yl, nl, sl, ml, xl, el, nl, sl, ml, tl, tiling, params);
        else AscendC::SoftmaxFlashV3<T, U>(yl, nl, sl, ml, xl, el, nl, sl, ml, tiling, params);
      }
    } else if (j.api == "adjust") {
      rows_in(yl, x, j);
      const float from = 1.5f;
      uint32_t bits = 0;
      std::memcpy(&bits, &from, 4);
      if constexpr (std::is_same_v<U, float>) {  // `from` is the bits of 1.5f
        d.push_back(AscendC::AdjustSoftMaxRes<T, U>(yl, ml, bits, T(-2.0f), info) ? 1.0f : 0.0f);
      }
    } else {
      die("unknown api " + j.api);
    }
    y = rows_out(yl, j);
    if (grad && j.api != "grad") {
      d = stat_out(yl, j.rows, tblk, "dst");
      y.clear();
    }
    if (!grad && j.api != "adjust" && !simple) {
      max = stat_out(ml, j.rows, blk, "max");
      sum = stat_out(sl, j.rows, blk, "sum");
    }
    if (update) expmax = stat_out(el, j.rows, nobrc ? 1 : tblk, "expmax");
    if (v3) mean = stat_out(nl, j.rows, blk, "mean");
    if (j.api == "flashv2_update_rmax") rmax = stat_out(rl, j.rows, blk, "rmax");
  });
  if (!y.empty()) write(j.path("y.bin"), y);
  for (auto [name, v] : {std::pair{"max.bin", &max}, {"sum.bin", &sum}, {"expmax.bin", &expmax}, {"rmax.bin", &rmax},
                         {"d.bin", &d}, {"mean.bin", &mean}}) {
    if (!v->empty()) write(j.path(name), *v);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 5 && std::string(argv[1]) == "sizes") {
    const ge::Shape shape({std::atoll(argv[2]), std::atoll(argv[3]), std::atoll(argv[4])});
    for (uint32_t type_size : {2u, 4u}) {
      std::printf("%u %u ", AscendC::GetSoftMaxMaxTmpSize(shape, type_size, false),
                  AscendC::GetSoftMaxMinTmpSize(shape, type_size, true));
    }
    std::printf("\n");
    return 0;
  }
  if (argc != 7) die("bad arguments; see the usage at the top of softmax_family_main.cpp");
  const Job j{argv[1], static_cast<uint32_t>(std::strtoul(argv[3], nullptr, 10)),
              static_cast<uint32_t>(std::strtoul(argv[4], nullptr, 10)),
              static_cast<uint32_t>(std::strtoul(argv[5], nullptr, 10)), argv[6]};
  const std::string dtype = argv[2];
  if (dtype == "float") run<float, float>(j);
  else if (dtype == "half") run<half, half>(j);
  else if (dtype == "half_float") run<half, float>(j);
  else die("dtype is float, half or half_float");
  return 0;
}
