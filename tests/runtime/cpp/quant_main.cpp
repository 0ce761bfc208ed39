// Driver of the quantization tests: one API inside a simulated launch on <dir>'s inputs, y.bin out.
//   qnt quant <float|half> <n> <scale> <offset> <dir>            x.bin -> y.bin int8 (per tensor)
//   qnt quant_channel <half> <rows> <cols> <dir>                  x.bin, s.bin, o.bin [cols] -> y.bin int8
//   qnt dequant <float|half> <m> <n> <calCount> <dir>             x.bin int32 [m x n], s.bin float [calCount]
//   qnt antiquant <0|1 transpose> <k> <n> <groups> <dir>          x.bin int8, o.bin/s.bin half -> y.bin half
//   qnt quantize_sizes                                            Quantize/Dequantize/AntiQuantize host helpers
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "lib/quantization/antiquantize_tiling.h"
#include "lib/quantization/dequantize_tiling.h"
#include "lib/quantization/quantize_tiling.h"
#include "tiling/tiling_api.h"

namespace {

[[noreturn]] void die(const std::string& why) {
  std::fprintf(stderr, "qnt: %s\n", why.c_str());
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

struct Ub {
  AscendC::TPipe pipe;
  std::vector<AscendC::TBuf<AscendC::TPosition::VECCALC>*> bufs;
  ~Ub() {
    for (auto* b : bufs) delete b;
  }
  template <typename T>
  AscendC::LocalTensor<T> get(uint32_t count, const std::vector<T>* data = nullptr) {
    bufs.push_back(new AscendC::TBuf<AscendC::TPosition::VECCALC>());
    pipe.InitBuffer(*bufs.back(), (count * sizeof(T) + 31) / 32 * 32);
    auto t = bufs.back()->template Get<T>(count);
    if (data != nullptr) std::memcpy(static_cast<void*>(t.GetPhyAddr()), data->data(), count * sizeof(T));
    return t;
  }
};

void launch(const std::function<void()>& body) {
  opkit::sim::Launch launch{"qnt", "Ascend910B2", 1};
  try {
    launch.run_body(body);
  } catch (const opkit::sim::KernelFault& f) {
    die(std::string("unexpected fault: ") + f.what());
  }
}

template <typename T>
void quant(uint32_t n, float scale, float offset, const std::string& dir) {
  const auto x = read<T>(dir + "/x.bin", n);
  uint32_t max_tmp = 0, min_tmp = 0;
  AscendC::GetAscendQuantMaxMinTmpSize(ge::Shape({n}), sizeof(T), max_tmp, min_tmp);
  launch([&] {
    Ub ub;
    auto y = ub.get<int8_t>(n);
    AscendC::AscendQuant<T>(y, ub.get(n, &x), ub.get<uint8_t>(min_tmp), scale, offset, n);
    write(dir + "/y.bin", y.GetPhyAddr(), n);
  });
}

void quant_channel(uint32_t rows, uint32_t cols, const std::string& dir) {
  const auto x = read<half>(dir + "/x.bin", rows * cols), s = read<half>(dir + "/s.bin", cols),
             o = read<half>(dir + "/o.bin", cols);
  launch([&] {
    Ub ub;
    auto y = ub.get<int8_t>(rows * cols);
    AscendC::AscendQuant<half>(y, ub.get(rows * cols, &x), ub.get<uint8_t>(32), ub.get(cols, &s), ub.get(cols, &o),
                               cols, cols, rows * cols);
    write(dir + "/y.bin", y.GetPhyAddr(), rows * cols);
  });
}

template <typename D>
void dequant(uint32_t m, uint32_t n, uint32_t cal, const std::string& dir) {
  const auto x = read<int32_t>(dir + "/x.bin", m * n);
  const auto s = read<float>(dir + "/s.bin", cal);
  launch([&] {
    Ub ub;
    auto y = ub.get<D>(m * n);
    AscendC::Duplicate(y, D(-7.0f), m * n);  // columns past calCount keep this
    AscendC::AscendDequant(y, ub.get(m * n, &x), ub.get(cal, &s), {m, n, cal});
    write(dir + "/y.bin", y.GetPhyAddr(), m * n);
  });
}

template <bool kTranspose>
void antiquant(uint32_t k, uint32_t n, uint32_t groups, const std::string& dir) {
  const auto x = read<int8_t>(dir + "/x.bin", k * n);
  const auto o = read<half>(dir + "/o.bin", groups * n), s = read<half>(dir + "/s.bin", groups * n);
  AscendC::AntiQuantShapeInfo info;
  if (kTranspose) info.offsetWidth = info.scaleWidth = groups, info.offsetHeight = info.scaleHeight = n;
  else info.offsetHeight = info.scaleHeight = groups, info.offsetWidth = info.scaleWidth = n;
  launch([&] {
    Ub ub;
    auto y = ub.get<half>(k * n);
    AscendC::AscendAntiQuant<int8_t, half, kTranspose>(y, ub.get(k * n, &x), ub.get(groups * n, &o),
                                                       ub.get(groups * n, &s), ub.get<uint8_t>(32), k, info);
    write(dir + "/y.bin", y.GetPhyAddr(), k * n);
  });
}

uint32_t u(const char* s) { return static_cast<uint32_t>(std::strtoul(s, nullptr, 10)); }

// One line per call: the helper, the shape, then the values it gives.
void quantize_sizes() {
  using AscendC::TensorShape;
  uint32_t mx = 0, mn = 0;
  for (const TensorShape& s : {TensorShape({1024}), TensorShape({7}), TensorShape({3, 100})}) {
    AscendC::GetQuantizeMaxMinTmpSize(s, 2, mx, mn);
    std::printf("Quantize %lld %u %u\n", static_cast<long long>(s.GetShapeSize()), mx, mn);
  }
  AscendC::GetQuantizeTmpBufferFactorSize(mx, mn);
  std::printf("QuantizeFactor %u %u\n", mx, mn);
  for (const TensorShape& s : {TensorShape({4, 100}), TensorShape({50})}) {
    AscendC::GetDequantizeMaxMinTmpSize(s, 4, mx, mn);
    std::printf("Dequantize %lld %u %u", static_cast<long long>(s.GetShapeSize()), mx, mn);
    AscendC::GetDequantizeTmpBufferFactorSize(s, mx, mn);
    std::printf(" %u %u\n", mx, mn);
  }
  mx = mn = 9;
  AscendC::GetAntiQuantizeMaxMinTmpSize(TensorShape({64, 32}), TensorShape({32}), false, ge::DT_INT8, ge::DT_FLOAT16,
                                        mx, mn);
  std::printf("AntiQuantize %u %u", mx, mn);
  mx = mn = 9;
  AscendC::GetAntiQuantizeTmpBufferFactorSize(TensorShape({64, 32}), TensorShape({32}), ge::DT_INT8, ge::DT_FLOAT16,
                                              mx, mn);
  std::printf(" %u %u\n", mx, mn);
  try {
    AscendC::GetQuantizeMaxMinTmpSize(TensorShape({4, 0}), 2, mx, mn);
  } catch (const std::exception& e) {
    std::printf("error: %s\n", e.what());
  }
}

}  // namespace

int main(int argc, char** argv) {
  const std::string api = argc > 1 ? argv[1] : "";
  if (api == "quantize_sizes") {
    quantize_sizes();
  } else if (api == "quant" && argc == 7) {
    const float scale = std::strtof(argv[4], nullptr), offset = std::strtof(argv[5], nullptr);
    if (std::string(argv[2]) == "float") quant<float>(u(argv[3]), scale, offset, argv[6]);
    else quant<half>(u(argv[3]), scale, offset, argv[6]);
  } else if (api == "quant_channel" && argc == 5) {
    quant_channel(u(argv[2]), u(argv[3]), argv[4]);
  } else if (api == "dequant" && argc == 7) {
    if (std::string(argv[2]) == "float") dequant<float>(u(argv[3]), u(argv[4]), u(argv[5]), argv[6]);
    else dequant<half>(u(argv[3]), u(argv[4]), u(argv[5]), argv[6]);
  } else if (api == "antiquant" && argc == 7) {
    if (u(argv[2]) != 0) antiquant<true>(u(argv[3]), u(argv[4]), u(argv[5]), argv[6]);
    else antiquant<false>(u(argv[3]), u(argv[4]), u(argv[5]), argv[6]);
  } else {
    die("bad arguments; see the usage at the top of quant_main.cpp");
  }
  return 0;
}
