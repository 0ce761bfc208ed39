// Driver of the high-level API tests: runs SoftMax/LayerNorm/RmsNorm inside a simulated launch on rows read from
// files (written by numpy), with the tiling from the host helpers, and writes the results back; or runs one named
// misuse case (hl_faults.cpp). Usage:
//   hl softmax   <float|half|half_float> <rows> <k> <oriK> <notmp|tmpmin|tmpmax> <x.bin> <out-prefix>
//   hl layernorm <float|half> <rows> <h> <oriH> <notmp|tmpmin|tmpmax> <eps> <x.bin> <gamma.bin> <beta.bin> <out-prefix>
//   hl rmsnorm   <float|half> <rows> <h> <oriH> <notmp|tmpmin|tmpmax> <eps> <x.bin> <gamma.bin> <out-prefix>
//   hl case <name>      prints "ok", "fault: <KernelFault>" or "host error: <HostError>"
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <functional>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "tiling/tiling_api.h"

// hl_faults.cpp
int hl_run_case(const char* name);

// One block of a launch on `soc` running `body`; a KernelFault propagates to the caller.
void hl_run_kernel(const std::function<void()>& body, const char* soc) {
  opkit::sim::Launch launch{"hl", soc, 1};
  launch.run_body(body);
}

namespace hl {

[[noreturn]] void die(const std::string& why) {
  std::fprintf(stderr, "hl: %s\n", why.c_str());
  std::exit(2);
}

void run_kernel(const std::function<void()>& body) {
  try {
    hl_run_kernel(body, "Ascend910B2");
  } catch (const opkit::sim::KernelFault& f) {
    die(std::string("unexpected fault: ") + f.what());
  }
}

// Tensors of one kernel: each a TBuf of the block's TPipe, so UB limits and poisoning apply as in a kernel.
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

// rows x cols elements, stored unpadded in the file.
template <typename T>
std::vector<T> read_rows(const char* path, uint32_t rows, uint32_t cols) {
  std::vector<T> v(size_t(rows) * cols);
  FILE* f = std::fopen(path, "rb");
  if (f == nullptr || std::fread(v.data(), sizeof(T), v.size(), f) != v.size()) die(std::string("cannot read ") + path);
  std::fclose(f);
  return v;
}

template <typename T>
void write(const std::string& path, const std::vector<T>& v) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr || std::fwrite(v.data(), sizeof(T), v.size(), f) != v.size()) die("cannot write " + path);
  std::fclose(f);
}

// Unpadded host rows <-> UB rows of `stride` elements (padding columns are left as the UB poison).
template <typename T>
void to_ub(const AscendC::LocalTensor<T>& t, const std::vector<T>& v, uint32_t rows, uint32_t stride, uint32_t cols) {
  for (uint32_t r = 0; r < rows; ++r) std::memcpy(t.GetPhyAddr() + size_t(r) * stride, &v[size_t(r) * cols], cols * sizeof(T));
}

template <typename T>
void from_ub(std::vector<T>& v, const AscendC::LocalTensor<T>& t, uint32_t rows, uint32_t stride, uint32_t cols) {
  for (uint32_t r = 0; r < rows; ++r) std::memcpy(&v[size_t(r) * cols], t.GetPhyAddr() + size_t(r) * stride, cols * sizeof(T));
}

}  // namespace hl

namespace {

struct Args {
  uint32_t rows, k, ori_k;
  std::string form;
};

Args parse(char** argv) {
  return Args{static_cast<uint32_t>(std::strtoul(argv[3], nullptr, 10)),
              static_cast<uint32_t>(std::strtoul(argv[4], nullptr, 10)),
              static_cast<uint32_t>(std::strtoul(argv[5], nullptr, 10)), argv[6]};
}

uint32_t pick_tmp(const std::string& form, uint32_t min_bytes, uint32_t max_bytes) {
  return form == "tmpmin" ? min_bytes : max_bytes;
}

template <typename T, typename U>
void run_softmax(const Args& a, const char* in, const std::string& out) {
  const std::vector<T> x = hl::read_rows<T>(in, a.rows, a.ori_k);
  const ge::Shape shape({a.rows, a.k});
  const uint32_t tmp = pick_tmp(a.form, AscendC::GetSoftMaxMinTmpSize(shape, sizeof(U), false),
                                AscendC::GetSoftMaxMaxTmpSize(shape, sizeof(U), false));
  SoftMaxTiling tiling;
  AscendC::SoftMaxTilingFunc(shape, sizeof(U), tmp, tiling);
  std::vector<T> y(size_t(a.rows) * a.ori_k);
  std::vector<U> sum(size_t(a.rows) * (32 / sizeof(U))), max(sum.size());
  hl::run_kernel([&] {
    hl::Ub ub;
    auto xl = ub.get<T>(a.rows * a.k), yl = ub.get<T>(a.rows * a.k);
    auto sl = ub.get<U>(a.rows * 32 / sizeof(U)), ml = ub.get<U>(a.rows * 32 / sizeof(U));
    hl::to_ub(xl, x, a.rows, a.k, a.ori_k);
    const AscendC::SoftMaxShapeInfo info{a.rows, a.k, a.rows, a.ori_k};
    if (a.form == "notmp") {
      AscendC::SoftMax<T>(yl, sl, ml, xl, tiling, info);
    } else {
      AscendC::SoftMax<T>(yl, sl, ml, xl, ub.get<uint8_t>(tmp), tiling, info);
    }
    hl::from_ub(y, yl, a.rows, a.k, a.ori_k);
    std::memcpy(sum.data(), sl.GetPhyAddr(), sum.size() * sizeof(U));
    std::memcpy(max.data(), ml.GetPhyAddr(), max.size() * sizeof(U));
  });
  hl::write(out + "y.bin", y);
  hl::write(out + "sum.bin", sum);
  hl::write(out + "max.bin", max);
}

template <typename T>
void run_layernorm(const Args& a, float eps, char** files, const std::string& out) {
  const std::vector<T> x = hl::read_rows<T>(files[0], a.rows, a.ori_k);
  const std::vector<T> gamma = hl::read_rows<T>(files[1], 1, a.ori_k), beta = hl::read_rows<T>(files[2], 1, a.ori_k);
  const ge::Shape shape({1, a.rows, a.k});
  uint32_t max_tmp = 0, min_tmp = 0;
  AscendC::GetLayerNormMaxMinTmpSize(shape, sizeof(T), false, max_tmp, min_tmp);
  const uint32_t tmp = pick_tmp(a.form, min_tmp, max_tmp);
  LayerNormTiling tiling;
  AscendC::GetLayerNormNDTilingInfo(shape, tmp, sizeof(T), false, tiling);
  tiling.set_originalHLength(a.ori_k);  // real row length of padded rows (see layernorm_tiling.h)
  std::vector<T> y(size_t(a.rows) * a.ori_k), mean(a.rows), var(a.rows);
  hl::run_kernel([&] {
    hl::Ub ub;
    auto xl = ub.get<T>(a.rows * a.k), yl = ub.get<T>(a.rows * a.k);
    auto gl = ub.get<T>(a.k), bl = ub.get<T>(a.k), ml = ub.get<T>(a.rows), vl = ub.get<T>(a.rows);
    hl::to_ub(xl, x, a.rows, a.k, a.ori_k);
    hl::to_ub(gl, gamma, 1, a.k, a.ori_k);
    hl::to_ub(bl, beta, 1, a.k, a.ori_k);
    if (a.form == "notmp") {
      AscendC::LayerNorm<T>(yl, ml, vl, xl, gl, bl, T(eps), tiling);
    } else {
      AscendC::LayerNorm<T>(yl, ml, vl, xl, gl, bl, ub.get<uint8_t>(tmp), T(eps), tiling);
    }
    hl::from_ub(y, yl, a.rows, a.k, a.ori_k);
    hl::from_ub(mean, ml, 1, a.rows, a.rows);
    hl::from_ub(var, vl, 1, a.rows, a.rows);
  });
  hl::write(out + "y.bin", y);
  hl::write(out + "mean.bin", mean);
  hl::write(out + "var.bin", var);
}

template <typename T>
void run_rmsnorm(const Args& a, float eps, char** files, const std::string& out) {
  const std::vector<T> x = hl::read_rows<T>(files[0], a.rows, a.ori_k);
  const std::vector<T> gamma = hl::read_rows<T>(files[1], 1, a.ori_k);
  const ge::Shape shape({1, a.rows, a.k}), origin({1, a.rows, a.ori_k});
  uint32_t max_tmp = 0, min_tmp = 0;
  if (!AscendC::GetRmsNormMaxMinTmpSize(shape, sizeof(T), max_tmp, min_tmp)) hl::die("GetRmsNormMaxMinTmpSize");
  const uint32_t tmp = pick_tmp(a.form, min_tmp, max_tmp);
  RmsNormTiling tiling;
  if (!AscendC::GetRmsNormTilingInfo(shape, origin, tmp, sizeof(T), tiling)) hl::die("GetRmsNormTilingInfo");
  std::vector<T> y(size_t(a.rows) * a.ori_k);
  hl::run_kernel([&] {
    hl::Ub ub;
    auto xl = ub.get<T>(a.rows * a.k), yl = ub.get<T>(a.rows * a.k), gl = ub.get<T>(a.k);
    hl::to_ub(xl, x, a.rows, a.k, a.ori_k);
    hl::to_ub(gl, gamma, 1, a.k, a.ori_k);
    if (a.form == "notmp") {
      AscendC::RmsNorm<T>(yl, xl, gl, T(eps), tiling);
    } else {
      AscendC::RmsNorm<T>(yl, xl, gl, ub.get<uint8_t>(tmp), T(eps), tiling);
    }
    hl::from_ub(y, yl, a.rows, a.k, a.ori_k);
  });
  hl::write(out + "y.bin", y);
}

int run_api(int argc, char** argv) {
  const std::string api = argv[1], dtype = argv[2];
  const Args a = parse(argv);
  if (api == "softmax" && argc == 9) {
    if (dtype == "float") run_softmax<float, float>(a, argv[7], argv[8]);
    else if (dtype == "half") run_softmax<half, half>(a, argv[7], argv[8]);
    else run_softmax<half, float>(a, argv[7], argv[8]);
  } else if (api == "layernorm" && argc == 12) {
    const float eps = std::strtof(argv[7], nullptr);
    if (dtype == "float") run_layernorm<float>(a, eps, argv + 8, argv[11]);
    else run_layernorm<half>(a, eps, argv + 8, argv[11]);
  } else if (api == "rmsnorm" && argc == 11) {
    const float eps = std::strtof(argv[7], nullptr);
    if (dtype == "float") run_rmsnorm<float>(a, eps, argv + 8, argv[10]);
    else run_rmsnorm<half>(a, eps, argv + 8, argv[10]);
  } else {
    hl::die("bad arguments; see the usage at the top of hl_main.cpp");
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3 && std::string(argv[1]) == "case") return hl_run_case(argv[2]);
  if (argc < 7) hl::die("bad arguments; see the usage at the top of hl_main.cpp");
  return run_api(argc, argv);
}
