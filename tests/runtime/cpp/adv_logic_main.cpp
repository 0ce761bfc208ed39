// Driver of the config-template element-wise APIs (adv_logic.h): one call on inputs a.bin/b.bin/c.bin of <dir>,
// result to y.bin (and z.bin). Usage: lgc <api> <count> <dir>; lgc cumsum_<last|first>[_row] <rows> <cols> <dir>.
// Types per api: bitwise ops int32; logical ops float sources, bool dst; where/clamp/hypot/sincos float;
// fma/fma_half float/half; isinf/isnan/isfinite float -> bool, *_half half -> float.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "kernel_operator.h"

namespace {

[[noreturn]] void die(const std::string& why) {
  std::fprintf(stderr, "lgc: %s\n", why.c_str());
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

// A UB tensor of `count` elements (rounded up to 32 B), optionally loaded from a file.
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
    auto t = bufs.back()->template Get<T>();
    if constexpr (!std::is_same_v<T, bool>) {  // std::vector<bool> has no data()
      if (data != nullptr) std::memcpy(static_cast<void*>(t.GetPhyAddr()), data->data(), count * sizeof(T));
    }
    return t;
  }
};

void launch(const std::function<void()>& body) {
  opkit::sim::Launch launch{"lgc", "Ascend910B2", 1};
  try {
    launch.run_body(body);
  } catch (const opkit::sim::KernelFault& f) {
    die(std::string("unexpected fault: ") + f.what());
  }
}

template <typename T>
void out(const std::string& dir, const char* name, const AscendC::LocalTensor<T>& t, uint32_t n) {
  write(dir + "/" + name, t.GetPhyAddr(), n);
}

void run(const std::string& api, uint32_t n, const std::string& dir) {
  const auto path = [&](const char* f) { return dir + "/" + f; };
  launch([&] {
    Ub ub;
    if (api == "band" || api == "bor" || api == "bxor" || api == "bnot") {
      auto a = read<int32_t>(path("a.bin"), n), b = read<int32_t>(path("b.bin"), n);
      auto ta = ub.get(n, &a), tb = ub.get(n, &b), y = ub.get<int32_t>(n);
      if (api == "band") AscendC::BitwiseAnd(y, ta, tb, n);
      else if (api == "bor") AscendC::BitwiseOr(y, ta, tb, n);
      else if (api == "bxor") AscendC::BitwiseXor(y, ta, tb, n);
      else AscendC::BitwiseNot(y, ta, n);
      out(dir, "y.bin", y, n);
    } else if (api.rfind("l", 0) == 0) {  // land lor lxor lnot lands lors
      auto a = read<float>(path("a.bin"), n), b = read<float>(path("b.bin"), n);
      auto ta = ub.get(n, &a), tb = ub.get(n, &b);
      auto y = ub.get<bool>(n);
      if (api == "land") AscendC::LogicalAnd(y, ta, tb, n);
      else if (api == "lor") AscendC::LogicalOr(y, ta, tb, n);
      else if (api == "lxor") AscendC::LogicalXor(y, ta, tb, n);
      else if (api == "lnot") AscendC::LogicalNot(y, ta, n);
      else if (api == "lands") AscendC::LogicalAnds(y, ta, b[0], n);  // scalar src1
      else if (api == "lors") AscendC::LogicalOrs(y, b[0], ta, n);   // scalar src0
      else die("unknown api " + api);
      out(dir, "y.bin", y, n);
    } else if (api == "where" || api == "clamp" || api == "hypot" || api == "sincos") {
      auto a = read<float>(path("a.bin"), n), b = read<float>(path("b.bin"), n);
      auto ta = ub.get(n, &a), tb = ub.get(n, &b), y = ub.get<float>(n), z = ub.get<float>(n);
      if (api == "where") {
        auto c = read<uint8_t>(path("c.bin"), n);
        auto cond = ub.get<bool>(n);
        std::memcpy(static_cast<void*>(cond.GetPhyAddr()), c.data(), n);
        AscendC::Where(y, ta, 2.5f, cond, n);
      } else if (api == "clamp") {
        AscendC::Clamp(y, ta, -1.0f, tb, n);
      } else if (api == "hypot") {
        AscendC::Hypot(y, ta, tb, n);
      } else {
        AscendC::SinCos(y, z, ta, n);
        out(dir, "z.bin", z, n);
      }
      out(dir, "y.bin", y, n);
    } else if (api == "fma") {
      auto a = read<float>(path("a.bin"), n), b = read<float>(path("b.bin"), n), c = read<float>(path("c.bin"), n);
      auto y = ub.get<float>(n);
      AscendC::Fma(y, ub.get(n, &a), ub.get(n, &b), ub.get(n, &c), n);
      out(dir, "y.bin", y, n);
    } else if (api == "fma_half") {
      auto a = read<half>(path("a.bin"), n), b = read<half>(path("b.bin"), n), c = read<half>(path("c.bin"), n);
      auto y = ub.get<half>(n);
      AscendC::Fma(y, ub.get(n, &a), ub.get(n, &b), ub.get(n, &c), ub.get<uint8_t>(32), n);
      out(dir, "y.bin", y, n);
    } else if (api == "isinf" || api == "isnan" || api == "isfinite") {
      auto a = read<float>(path("a.bin"), n);
      auto ta = ub.get(n, &a);
      auto y = ub.get<bool>(n);
      if (api == "isinf") AscendC::IsInf(y, ta, n);
      else if (api == "isnan") AscendC::IsNan(y, ta, ub.get<uint8_t>(32), n);
      else AscendC::IsFinite(y, ta, n);
      out(dir, "y.bin", y, n);
    } else if (api == "isfinite_half" || api == "isinf_half") {
      auto a = read<half>(path("a.bin"), n);
      auto ta = ub.get(n, &a);
      auto y = ub.get<float>(n);
      if (api == "isinf_half") AscendC::IsInf(y, ta, n);
      else AscendC::IsFinite(y, ta, n);
      out(dir, "y.bin", y, n);
    } else {
      die("unknown api " + api);
    }
  });
}

constexpr AscendC::CumSumConfig kFirst = {false, false, true};
constexpr AscendC::CumSumConfig kLastRow = {true, false, true};

void cumsum(const std::string& api, uint32_t rows, uint32_t cols, const std::string& dir) {
  const auto x = read<float>(dir + "/a.bin", size_t(rows) * cols);
  launch([&] {
    Ub ub;
    auto src = ub.get(rows * cols, &x), dst = ub.get<float>(rows * cols), last = ub.get<float>(cols);
    const AscendC::CumSumInfo info{rows, cols};
    if (api == "cumsum_last") AscendC::CumSum<float>(dst, last, src, info);
    else if (api == "cumsum_last_row") AscendC::CumSum<float, kLastRow>(dst, last, src, info);
    else AscendC::CumSum<float, kFirst>(dst, last, src, info);
    out(dir, "y.bin", dst, rows * cols);
    if (api != "cumsum_last") out(dir, "z.bin", last, cols);
  });
}

}  // namespace

int main(int argc, char** argv) {
  const std::string api = argc > 1 ? argv[1] : "";
  if (api.rfind("cumsum", 0) == 0 && argc == 5) {
    cumsum(api, std::strtoul(argv[2], nullptr, 10), std::strtoul(argv[3], nullptr, 10), argv[4]);
  } else if (argc == 4) {
    run(api, static_cast<uint32_t>(std::strtoul(argv[2], nullptr, 10)), argv[3]);
  } else {
    die("bad arguments; see the usage at the top of adv_logic_main.cpp");
  }
  return 0;
}
