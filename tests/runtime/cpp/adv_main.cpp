// Driver of the advanced element-wise API tests (lib/math, lib/activation): runs one API on inputs read from files
// (written by numpy) inside a simulated launch, with the tmp size from the API's host helper, and writes the result;
// or runs one named misuse case (adv_faults.cpp). Usage:
//   adv <api> <float|half> <n> <count|tmpmin|tmpmax|whole|wholetmp|byaddr> <scalar> <out.bin> <in0.bin>
//       [<in1.bin>]
//   adv <Xor|Power> <int16|uint16|int32> <n> <count|tmpmin|tmpmax> 0 <out.bin> <in0.bin> <in1.bin>
//   adv case <name>      prints "ok", "fault: <KernelFault>" or "host error: <HostError>"
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <functional>
#include <map>
#include <string>
#include <type_traits>
#include <vector>

#include "kernel_operator.h"
#include "tiling/tiling_api.h"

using namespace AscendC;

int adv_run_case(const char* name);  // adv_faults.cpp

void adv_run_kernel(const std::function<void()>& body) {
  opkit::sim::Launch launch{"adv", "Ascend910B2", 1};
  launch.run_body(body);
}

namespace {

[[noreturn]] void die(const std::string& why) {
  std::fprintf(stderr, "adv: %s\n", why.c_str());
  std::exit(2);
}

class Ub {
 public:
  template <typename T>
  LocalTensor<T> get(uint32_t count) {
    bufs_.emplace_back();
    pipe_.InitBuffer(bufs_.back(), count * static_cast<uint32_t>(sizeof(T)));
    return bufs_.back().Get<T>(count);
  }

 private:
  TPipe pipe_;
  std::deque<TBuf<TPosition::VECCALC>> bufs_;
};

template <typename T>
std::vector<T> read(const char* path, uint32_t n) {
  std::vector<T> v(n);
  FILE* f = std::fopen(path, "rb");
  if (f == nullptr || std::fread(v.data(), sizeof(T), n, f) != n) die(std::string("cannot read ") + path);
  std::fclose(f);
  return v;
}

struct Run {
  std::string form;
  uint32_t n = 0;
  float scalar = 0;
  uint32_t tmp_min = 0, tmp_max = 0;
};

// How one API is called: `unary` gets (dst, src, tmp or nullptr, run), `binary` (dst, src0, src1, tmp, run).
template <typename T>
using Unary = std::function<void(LocalTensor<T>&, LocalTensor<T>&, LocalTensor<uint8_t>*, const Run&)>;
template <typename T>
using Binary = std::function<void(LocalTensor<T>&, LocalTensor<T>&, LocalTensor<T>&, LocalTensor<uint8_t>*, const Run&)>;

using TmpHelper = void (*)(const TensorShape&, uint32_t, bool, uint32_t&, uint32_t&);

// Code that takes an API's address needs CANN's exact type (foreach kernels pass `Atan<half, false>` as a template
// argument of this type); the form "byaddr" calls the API through such an argument.
template <typename T>
using CountForm = void(const LocalTensor<T>&, const LocalTensor<T>&, const uint32_t);
template <typename T, CountForm<T>* api>
struct ByAddress {
  static void run(LocalTensor<T>& d, LocalTensor<T>& s, uint32_t n) { api(d, s, n); }
};

// The four forms CANN declares for most unary APIs, and the calCount form by address.
#define ADV_UNARY4(API)                                                                           \
  {#API, {[](LocalTensor<T>& d, LocalTensor<T>& s, LocalTensor<uint8_t>* t, const Run& r) {        \
            if (r.form == "byaddr") ByAddress<T, API<T, false>>::run(d, s, r.n);                   \
            else if (r.form == "whole") API<T>(d, s);                                             \
            else if (r.form == "wholetmp") API<T>(d, s, *t);                                      \
            else if (t) API<T>(d, s, *t, r.n);                                                    \
            else API<T>(d, s, r.n);                                                               \
          }, Get##API##MaxMinTmpSize}}
#define ADV_UNARY2(API)                                                                           \
  {#API, {[](LocalTensor<T>& d, LocalTensor<T>& s, LocalTensor<uint8_t>* t, const Run& r) {        \
            if (t) API<T>(d, s, *t, r.n);                                                         \
            else API<T>(d, s, r.n);                                                               \
          }, Get##API##MaxMinTmpSize}}

void round_helper(const TensorShape& s, uint32_t ts, bool reuse, uint32_t& mx, uint32_t& mn) {
  GetRoundMaxMinTmpSize(*platform_ascendc::PlatformAscendCManager::GetInstance(), s, ts, reuse, mx, mn);
}
void rint_helper(const TensorShape& s, uint32_t ts, bool reuse, uint32_t& mx, uint32_t& mn) {
  GetRintMaxMinTmpSize(*platform_ascendc::PlatformAscendCManager::GetInstance(), s, ts, reuse, mx, mn);
}
void gelu_helper(const TensorShape& s, uint32_t ts, bool, uint32_t& mx, uint32_t& mn) {
  GetGeluMaxMinTmpSize(s, ts, mx, mn);
}
void swiglu_helper(const TensorShape& s, uint32_t ts, bool reuse, uint32_t& mx, uint32_t& mn) {
  GetSwiGLUMaxMinTmpSize(s, ts, mx, mn, reuse);
}

template <typename T>
const std::map<std::string, std::pair<Unary<T>, TmpHelper>>& unary_apis() {
  static const std::map<std::string, std::pair<Unary<T>, TmpHelper>> all = {
      ADV_UNARY4(Acos), ADV_UNARY4(Acosh), ADV_UNARY4(Asin), ADV_UNARY4(Asinh), ADV_UNARY4(Atan),
      ADV_UNARY4(Atanh), ADV_UNARY4(Cos), ADV_UNARY4(Cosh), ADV_UNARY4(Sin), ADV_UNARY4(Sinh), ADV_UNARY4(Tan),
      ADV_UNARY4(Tanh), ADV_UNARY4(Erf), ADV_UNARY4(Erfc), ADV_UNARY4(Trunc), ADV_UNARY4(Frac), ADV_UNARY4(Sign),
      ADV_UNARY4(Log2), ADV_UNARY4(Sigmoid), ADV_UNARY2(Ceil), ADV_UNARY2(Floor), ADV_UNARY2(Lgamma),
      {"Round", {[](LocalTensor<T>& d, LocalTensor<T>& s, LocalTensor<uint8_t>* t, const Run& r) {
                   if (t) Round<T>(d, s, *t, r.n); else Round<T>(d, s, r.n);
                 }, round_helper}},
      {"Rint", {[](LocalTensor<T>& d, LocalTensor<T>& s, LocalTensor<uint8_t>* t, const Run& r) {
                  if (t) Rint(d, s, *t, r.n); else Rint(d, s, r.n);
                }, rint_helper}},
      {"Log", {[](LocalTensor<T>& d, LocalTensor<T>& s, LocalTensor<uint8_t>*, const Run& r) {
                 if (r.form == "whole") Log<T>(d, s); else Log<T>(d, s, r.n);
               }, GetLogMaxMinTmpSize}},
      {"Log10", {[](LocalTensor<T>& d, LocalTensor<T>& s, LocalTensor<uint8_t>*, const Run& r) {
                   if (r.form == "whole") Log10<T>(d, s); else Log10<T>(d, s, r.n);
                 }, GetLog10MaxMinTmpSize}},
      {"Exp", {[](LocalTensor<T>& d, LocalTensor<T>& s, LocalTensor<uint8_t>* t, const Run& r) {
                 if (t) Exp<T, 10>(d, s, *t, r.n); else Exp<T, 10>(d, s, r.n);
               }, [](const TensorShape& sh, uint32_t ts, bool reuse, uint32_t& mx, uint32_t& mn) {
                 GetExpMaxMinTmpSize(sh, ts, reuse, mx, mn);
               }}},
      {"Gelu", {[](LocalTensor<T>& d, LocalTensor<T>& s, LocalTensor<uint8_t>* t, const Run& r) {
                  if (r.form == "byaddr") ByAddress<T, Gelu<T, false, false>>::run(d, s, r.n);
                  else if (t) Gelu<T>(d, s, *t, r.n);
                  else Gelu<T>(d, s, r.n);
                }, gelu_helper}},
      {"Swish", {[](LocalTensor<T>& d, LocalTensor<T>& s, LocalTensor<uint8_t>*, const Run& r) {
                   Swish<T>(d, s, r.n, T(r.scalar));
                 }, GetSwishTmpSize}},
      {"Silu", {[](LocalTensor<T>& d, LocalTensor<T>& s, LocalTensor<uint8_t>*, const Run& r) {
                  Silu<T>(d, s, r.n);
                }, GetSiluTmpSize}},
  };
  return all;
}

// Power's helper takes both shapes ({1} for a scalar side) and whether T is an integer.
template <typename T, bool base_tensor, bool exp_tensor>
void power_helper(const TensorShape& s, uint32_t ts, bool reuse, uint32_t& mx, uint32_t& mn) {
  const TensorShape one({1});
  GetPowerMaxMinTmpSize(base_tensor ? s : one, exp_tensor ? s : one, std::is_same_v<T, int32_t>, ts, reuse, mx, mn);
}

template <typename T>
const std::map<std::string, std::pair<Binary<T>, TmpHelper>>& binary_apis() {
  static const std::map<std::string, std::pair<Binary<T>, TmpHelper>> all = {
      {"GeGLU", {[](LocalTensor<T>& d, LocalTensor<T>& a, LocalTensor<T>& b, LocalTensor<uint8_t>* t, const Run& r) {
                   if (r.form == "whole") GeGLU<T>(d, a, b);
                   else if (r.form == "wholetmp") GeGLU<T>(d, a, b, *t);
                   else if (t) GeGLU<T>(d, a, b, *t, r.n);
                   else GeGLU<T>(d, a, b, r.n);
                 }, GetGeGLUMaxMinTmpSize}},
      {"SwiGLU", {[](LocalTensor<T>& d, LocalTensor<T>& a, LocalTensor<T>& b, LocalTensor<uint8_t>* t, const Run& r) {
                    if (r.form == "whole") SwiGLU<T>(d, a, b, r.scalar);
                    else if (r.form == "wholetmp") SwiGLU<T>(d, a, b, r.scalar, *t);
                    else if (t) SwiGLU<T>(d, a, b, r.scalar, *t, r.n);
                    else SwiGLU<T>(d, a, b, r.scalar, r.n);
                  }, swiglu_helper}},
      {"Fmod", {[](LocalTensor<T>& d, LocalTensor<T>& a, LocalTensor<T>& b, LocalTensor<uint8_t>* t, const Run& r) {
                  if (r.form == "whole") Fmod<T>(d, a, b);
                  else if (r.form == "wholetmp") Fmod<T>(d, a, b, *t);
                  else if (t) Fmod<T>(d, a, b, *t, r.n);
                  else Fmod<T>(d, a, b, r.n);
                }, GetFmodMaxMinTmpSize}},
      {"Power", {[](LocalTensor<T>& d, LocalTensor<T>& a, LocalTensor<T>& b, LocalTensor<uint8_t>* t, const Run& r) {
                   if (r.form == "whole") Power<T>(d, a, b);
                   else if (r.form == "wholetmp") Power<T>(d, a, b, *t);
                   else if (t) Power<T>(d, a, b, *t, r.n);
                   else Power<T>(d, a, b, r.n);
                 }, power_helper<T, true, true>}},
      {"PowerTS", {[](LocalTensor<T>& d, LocalTensor<T>& a, LocalTensor<T>&, LocalTensor<uint8_t>* t, const Run& r) {
                     const T e = T(r.scalar);
                     if (r.form == "whole") Power<T>(d, a, e);
                     else if (r.form == "wholetmp") Power<T>(d, a, e, *t);
                     else if (t) Power<T>(d, a, e, *t, r.n);
                     else Power<T>(d, a, e, r.n);
                   }, power_helper<T, true, false>}},
      {"PowerST", {[](LocalTensor<T>& d, LocalTensor<T>&, LocalTensor<T>& b, LocalTensor<uint8_t>* t, const Run& r) {
                     const T base = T(r.scalar);
                     if (r.form == "whole") Power<T>(d, base, b);
                     else if (r.form == "wholetmp") Power<T>(d, base, b, *t);
                     else if (t) Power<T>(d, base, b, *t, r.n);
                     else Power<T>(d, base, b, r.n);
                   }, power_helper<T, false, true>}},
      {"ClampMax", {[](LocalTensor<T>& d, LocalTensor<T>& a, LocalTensor<T>&, LocalTensor<uint8_t>* t, const Run& r) {
                      if (t) ClampMax<T>(d, a, *t, T(r.scalar), r.n); else ClampMax<T>(d, a, T(r.scalar), r.n);
                    }, GetClampMaxMinTmpSize}},
      {"ClampMin", {[](LocalTensor<T>& d, LocalTensor<T>& a, LocalTensor<T>&, LocalTensor<uint8_t>* t, const Run& r) {
                      if (t) ClampMin<T>(d, a, *t, T(r.scalar), r.n); else ClampMin<T>(d, a, T(r.scalar), r.n);
                    }, GetClampMaxMinTmpSize}},
      {"Axpy", {[](LocalTensor<T>& d, LocalTensor<T>& a, LocalTensor<T>& b, LocalTensor<uint8_t>* t, const Run& r) {
                  // b is the accumulator: d = b + a * scalar
                  std::memcpy(d.GetPhyAddr(), b.GetPhyAddr(), r.n * sizeof(T));
                  Axpy<T, T>(d, a, T(r.scalar), *t, r.n);
                }, GetAxpyMaxMinTmpSize}},
      {"ReGlu", {[](LocalTensor<T>& d, LocalTensor<T>& a, LocalTensor<T>& b, LocalTensor<uint8_t>* t, const Run& r) {
                   if (t) ReGlu<T>(d, a, b, *t, r.n); else ReGlu<T>(d, a, b, r.n);
                 }, GetReGluMaxMinTmpSize}},
  };
  return all;
}

template <typename T>
int run(const std::string& api, Run r, const char* out, char** ins, int n_in) {
  const auto& un = unary_apis<T>();
  const auto& bin = binary_apis<T>();
  const bool is_unary = un.count(api) != 0;
  if (!is_unary && bin.count(api) == 0) die("unknown api " + api);
  if (n_in != (is_unary ? 1 : 2)) die("wrong number of inputs for " + api);
  (is_unary ? un.at(api).second : bin.at(api).second)(TensorShape({r.n}), sizeof(T), false, r.tmp_max, r.tmp_min);
  const std::vector<T> x0 = read<T>(ins[0], r.n);
  const std::vector<T> x1 = n_in > 1 ? read<T>(ins[1], r.n) : std::vector<T>();
  std::vector<T> y(r.n);
  adv_run_kernel([&] {
    Ub ub;
    auto a = ub.get<T>(r.n), b = ub.get<T>(r.n), d = ub.get<T>(r.n);
    std::memcpy(a.GetPhyAddr(), x0.data(), r.n * sizeof(T));
    if (!x1.empty()) std::memcpy(b.GetPhyAddr(), x1.data(), r.n * sizeof(T));
    LocalTensor<uint8_t> tmp;
    LocalTensor<uint8_t>* t = nullptr;
    if (r.form == "tmpmin" || r.form == "tmpmax" || r.form == "wholetmp") {
      const uint32_t bytes = r.form == "tmpmax" ? r.tmp_max : r.tmp_min;
      tmp = ub.get<uint8_t>(bytes > 0 ? bytes : 32);
      t = &tmp;
    }
    if (is_unary) un.at(api).first(d, a, t, r);
    else bin.at(api).first(d, a, b, t, r);
    std::memcpy(y.data(), d.GetPhyAddr(), r.n * sizeof(T));
  });
  FILE* f = std::fopen(out, "wb");
  if (f == nullptr || std::fwrite(y.data(), sizeof(T), y.size(), f) != y.size()) die(std::string("cannot write ") + out);
  std::fclose(f);
  return 0;
}

// Xor over int16/uint16 and Power over int32: the only integer APIs here.
template <typename T>
int run_int(const std::string& api, Run r, const char* out, char** ins) {
  uint32_t mx = 0, mn = 0;
  if (api == "Xor") GetXorMaxMinTmpSize(TensorShape({r.n}), sizeof(T), false, mx, mn);
  else power_helper<T, true, true>(TensorShape({r.n}), sizeof(T), false, mx, mn);
  const std::vector<T> x0 = read<T>(ins[0], r.n), x1 = read<T>(ins[1], r.n);
  std::vector<T> y(r.n);
  adv_run_kernel([&] {
    Ub ub;
    auto a = ub.get<T>(r.n), b = ub.get<T>(r.n), d = ub.get<T>(r.n);
    std::memcpy(a.GetPhyAddr(), x0.data(), r.n * sizeof(T));
    std::memcpy(b.GetPhyAddr(), x1.data(), r.n * sizeof(T));
    auto t = ub.get<uint8_t>(r.form == "tmpmax" ? mx : mn);
    if constexpr (std::is_same_v<T, int32_t>) {
      if (r.form == "count") Power<T>(d, a, b, r.n); else Power<T>(d, a, b, t, r.n);
    } else {
      if (r.form == "count") Xor<T>(d, a, b, r.n); else Xor<T>(d, a, b, t, r.n);
    }
    std::memcpy(y.data(), d.GetPhyAddr(), r.n * sizeof(T));
  });
  FILE* f = std::fopen(out, "wb");
  if (f == nullptr || std::fwrite(y.data(), sizeof(T), y.size(), f) != y.size()) die(std::string("cannot write ") + out);
  std::fclose(f);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3 && std::string(argv[1]) == "case") return adv_run_case(argv[2]);
  if (argc < 8) die("bad arguments; see the usage at the top of adv_main.cpp");
  Run r;
  r.n = static_cast<uint32_t>(std::strtoul(argv[3], nullptr, 10));
  r.form = argv[4];
  r.scalar = std::strtof(argv[5], nullptr);
  const std::string dtype = argv[2];
  try {
    if (dtype == "int16") return run_int<int16_t>(argv[1], r, argv[6], argv + 7);
    if (dtype == "uint16") return run_int<uint16_t>(argv[1], r, argv[6], argv + 7);
    if (dtype == "int32") return run_int<int32_t>(argv[1], r, argv[6], argv + 7);
    if (dtype == "float") return run<float>(argv[1], r, argv[6], argv + 7, argc - 7);
    return run<half>(argv[1], r, argv[6], argv + 7, argc - 7);
  } catch (const opkit::sim::KernelFault& f) {
    die(std::string("unexpected fault: ") + f.what());
  }
}
