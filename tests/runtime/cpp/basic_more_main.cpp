// More basic APIs of issue 25: the DEQSCALE family (SetDeqScale, Cast int32_t -> half, CastDequant/CastDeq,
// AddDeqRelu), the scalar Cast<T, U, roundMode>, Scatter's refusal on the 910B, BilinearInterpolation, Digamma and
// its host helpers: each case runs a small kernel and prints "<case>: <values...>" for test_basic_more.py to
// compare with numpy, or "<case>: fault: <KernelFault>".
#include <cstdio>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "lib/math/digamma_tiling.h"

using namespace AscendC;

namespace {

void launch(const std::function<void()>& body) {
  opkit::sim::Launch l{"more", "Ascend910B2", 1};
  l.run_body(body);
}

class Ub {
 public:
  template <typename T>
  LocalTensor<T> get(uint32_t count) {
    bufs_.emplace_back(new TBuf<TPosition::VECCALC>);
    pipe_.InitBuffer(*bufs_.back(), (count * static_cast<uint32_t>(sizeof(T)) + 31) / 32 * 32);
    return bufs_.back()->Get<T>(count);
  }
  ~Ub() {
    for (auto* b : bufs_) delete b;
  }

 private:
  TPipe pipe_;
  std::vector<TBuf<TPosition::VECCALC>*> bufs_;
};

// The integer inputs test_basic_more.py rebuilds with numpy.
int in_ia(uint32_t i) { return int(i * 37 % 101) - 50; }
int in_ib(uint32_t i) { return int(i * 53 % 97) - 48; }

template <typename T>
LocalTensor<T> ints(Ub& ub, uint32_t n, int (*f)(uint32_t), int scale) {
  auto t = ub.get<T>(n);
  for (uint32_t i = 0; i < n; ++i) t.SetValue(i, static_cast<T>(f(i) * scale));
  return t;
}
template <typename T>
LocalTensor<T> filled(Ub& ub, uint32_t n, T v) {
  auto t = ub.get<T>(n);
  for (uint32_t i = 0; i < n; ++i) t.SetValue(i, v);
  return t;
}
template <typename T>
void print(const LocalTensor<T>& t, uint32_t n) {
  for (uint32_t i = 0; i < n; ++i) {
    if constexpr (std::is_integral_v<T>) {
      std::printf(" %lld", static_cast<long long>(t.GetValue(i)));
    } else {
      std::printf(" %.17g", static_cast<double>(static_cast<float>(t.GetValue(i))));
    }
  }
}

// int16_t -> b8 with dst pre-filled with 7: 256 inputs (two repeats), 512 dst bytes printed.
template <typename T, bool vec, bool high>
void s16_to_b8(const std::function<void(const LocalTensor<T>&, const LocalTensor<int16_t>&)>& call) {
  launch([&] {
    Ub ub;
    auto x = ints<int16_t>(ub, 256, in_ia, 7);
    auto d = filled<T>(ub, 512, T(7));
    if constexpr (vec) {
      float scale[16];
      int16_t offset[16];
      bool sign[16];
      for (int i = 0; i < 16; ++i) scale[i] = 0.25f * float(i + 1), offset[i] = int16_t(i - 8), sign[i] = true;
      auto vdeq = ub.get<uint64_t>(16);
      SetDeqScale(vdeq, VdeqInfo(scale, offset, sign));
    }
    call(d, x);
    print(d, 512);
  });
}

const std::map<std::string, std::function<void()>> kCases = {
    {"scalar_cast", [] {  // float -> int32_t by ROUND, CEIL, FLOOR, RINT; float -> half rounded to odd
       launch([] {
         for (float x : {1.5f, 2.5f, -2.5f, -0.4f, 3.7f, 3e9f, -3e9f}) {
           std::printf(" %d %d %d %d", Cast<float, int32_t, RoundMode::CAST_ROUND>(x),
                       Cast<float, int32_t, RoundMode::CAST_CEIL>(x), Cast<float, int32_t, RoundMode::CAST_FLOOR>(x),
                       Cast<float, int32_t, RoundMode::CAST_RINT>(x));
         }
         for (float x : {3.14159f, 1.0f, 65519.0f, 1e-7f, -2.0009765625f}) {
           std::printf(" %.17g", double(float(Cast<float, half, RoundMode::CAST_ODD>(x))));
         }
       });
     }},
    {"cast_s32_f16", [] {  // roundMode is ignored: the deq conversion rounds to nearest even
       launch([] {
         Ub ub;
         auto x = ints<int32_t>(ub, 300, in_ia, 97);
         auto d = ub.get<half>(300);
         SetDeqScale(half(0.1f));
         Cast(d, x, RoundMode::CAST_FLOOR, 300);
         print(d, 300);
       });
     }},
    {"cast_s32_f16_unset", [] {
       launch([] {
         Ub ub;
         auto x = ints<int32_t>(ub, 100, in_ia, 13);
         auto d = ub.get<half>(100);
         Cast(d, x, RoundMode::CAST_RINT, 100);
         print(d, 100);
       });
     }},
    {"cast_dequant_s32_f16", [] {  // count form then the mask form over 2 repeats of 64 with dstRepStride 4
       launch([] {
         Ub ub;
         auto x = ints<int32_t>(ub, 300, in_ib, 1001);
         auto d = filled<half>(ub, 432, half(7.0f));
         SetDeqScale(half(0.25f));
         CastDequant<half, int32_t>(d, x, 300);
         CastDeq<half, int32_t, true, false>(d[304], x, 64, 2, UnaryRepeatParams(1, 1, 4, 8));
         print(d, 432);
       });
     }},
    {"add_deq_relu_count", [] {
       launch([] {
         Ub ub;
         auto x = ints<int32_t>(ub, 300, in_ia, 31);
         auto y = ints<int32_t>(ub, 300, in_ib, 17);
         auto d = ub.get<half>(300);
         SetDeqScale(half(0.1f));
         AddDeqRelu(d, x, y, 300);
         print(d, 300);
       });
     }},
    {"add_deq_relu_mask", [] {  // 4 repeats of mask 64, then a bit mask (every third slot) over one repeat
       launch([] {
         Ub ub;
         auto x = ints<int32_t>(ub, 256, in_ia, 31);
         auto y = ints<int32_t>(ub, 256, in_ib, 17);
         auto d = filled<half>(ub, 320, half(-1.0f));
         SetDeqScale(half(0.5f));
         AddDeqRelu(d, x, y, 64, 4, {1, 1, 1, 4, 8, 8});
         uint64_t bits[2] = {0x9249249249249249ull, 0};
         AddDeqRelu<half, int32_t>(d[256], x, y, bits, 1, {1, 1, 1, 4, 8, 8});
         print(d, 320);
       });
     }},
    {"cast_dequant_s16_s8_low", [] {
       s16_to_b8<int8_t, false, false>([](const LocalTensor<int8_t>& d, const LocalTensor<int16_t>& x) {
         SetDeqScale(0.37f, int16_t(5), true);
         CastDequant<int8_t, int16_t, false, false>(d, x, 256);
       });
     }},
    {"cast_dequant_s16_u8_high", [] {
       s16_to_b8<uint8_t, false, true>([](const LocalTensor<uint8_t>& d, const LocalTensor<int16_t>& x) {
         SetDeqScale(2.5f, int16_t(-3), false);
         CastDequant<uint8_t, int16_t, false, true>(d, x, 256);
       });
     }},
    {"cast_dequant_s16_vec", [] {  // the vector form: element e of each block uses parameter set e
       s16_to_b8<int8_t, true, true>([](const LocalTensor<int8_t>& d, const LocalTensor<int16_t>& x) {
         CastDequant<int8_t, int16_t>(d, x, 128);
         CastDequant<int8_t, int16_t, true, true, false>(d[256], x[128], 128, 1, UnaryRepeatParams(1, 1, 8, 8));
       });
     }},
    {"bilinear_doc", [] {  // CANN's documented example: src0 1..512, offsets 0, 32, ..., 992, src1 2..17
       launch([] {
         Ub ub;
         auto s0 = ub.get<half>(512);
         auto off = ub.get<uint32_t>(32);
         auto s1 = ub.get<half>(16);
         for (uint32_t i = 0; i < 512; ++i) s0.SetValue(i, half(float(i + 1)));
         for (uint32_t i = 0; i < 32; ++i) off.SetValue(i, 32 * i);
         for (uint32_t i = 0; i < 16; ++i) s1.SetValue(i, half(float(i + 2)));
         auto tmp = ub.get<uint8_t>((512 + 16) * 32);
         auto d = filled<half>(ub, 256, half(-1.0f));
         BilinearInterpolation(d, s0, off, s1, uint64_t(128), 2, false, 1, 128, 2, tmp);
         print(d, 256);
       });
     }},
    {"bilinear_mode", [] {  // repeatMode true, 3 x 2 iterations over shuffled blocks, a bit mask, dstBlkStride 2
       launch([] {
         Ub ub;
         auto s0 = ub.get<half>(768);
         auto off = ub.get<uint32_t>(48);
         auto s1 = ub.get<half>(48);
         for (uint32_t i = 0; i < 768; ++i) s0.SetValue(i, half(float(in_ia(i)) / 8));
         for (uint32_t i = 0; i < 48; ++i) off.SetValue(i, 32 * ((i * 7 + 3) % 48));
         for (uint32_t i = 0; i < 48; ++i) s1.SetValue(i, half(float(in_ib(i)) / 16));
         auto tmp = ub.get<uint8_t>((768 + 48) * 32);
         auto d = filled<half>(ub, 512, half(-1.0f));
         uint64_t bits[2] = {0xF0F0F0F0F0F0F0F0ull, 0x00FF00FF00FF00FFull};
         BilinearInterpolation(d, s0, off, s1, bits, 3, true, 2, 256, 2, tmp);
         print(d, 512);
       });
     }},
    {"digamma", [] {  // float through the sharedTmpBuffer form (CANN's minimum), then half through the count form
       const float xs[] = {1.0f, 0.5f, 1.4616321f, 2.5f, 7.25f, 10.0f, 123.456f, 1e6f, 3e-3f, -0.5f, -2.75f,
                           -3.0f, 0.0f, -1e-5f, -7.999f, -9000000.0f};
       launch([&] {
         Ub ub;
         uint32_t max_tmp = 0, min_tmp = 0;
         GetDigammaMaxMinTmpSize(TensorShape({16}), 4, false, max_tmp, min_tmp);
         auto x = ub.get<float>(16);
         auto y = ub.get<float>(16);
         auto tmp = ub.get<uint8_t>(min_tmp);
         for (uint32_t i = 0; i < 16; ++i) x.SetValue(i, xs[i]);
         Digamma(y, x, tmp, 16);
         print(y, 16);
         auto xh = ub.get<half>(16);
         auto yh = ub.get<half>(16);
         for (uint32_t i = 0; i < 16; ++i) xh.SetValue(i, half(xs[i]));
         Digamma(yh, xh, 16);
         print(yh, 16);
       });
     }},
    {"digamma_short_tmp", [] {
       launch([] {
         Ub ub;
         auto x = filled<half>(ub, 128, half(1.0f));
         auto y = ub.get<half>(128);
         auto tmp = ub.get<uint8_t>(16 * 256 - 32);
         Digamma(y, x, tmp, 128);
       });
     }},
    {"digamma_tiling", [] {  // max/min for half, float, float reusing src (1024 and 16 elements); the factors
       uint32_t a = 0, b = 0;
       for (uint32_t n : {1024u, 16u}) {
         GetDigammaMaxMinTmpSize(TensorShape({int64_t(n)}), 2, false, a, b);
         std::printf(" %u %u", a, b);
         GetDigammaMaxMinTmpSize(TensorShape({int64_t(n)}), 4, false, a, b);
         std::printf(" %u %u", a, b);
         GetDigammaMaxMinTmpSize(TensorShape({int64_t(n)}), 4, true, a, b);
         std::printf(" %u %u", a, b);
       }
       GetDigammaTmpBufferFactorSize(2, a, b);
       std::printf(" %u %u", a, b);
       GetDigammaTmpBufferFactorSize(4, a, b);
       std::printf(" %u %u", a, b);
     }},
    {"scatter_910b", [] {  // CANN's 910B build reports Scatter unsupported at run time
       launch([] {
         Ub ub;
         auto x = ints<half>(ub, 16, in_ia, 1);
         auto o = ub.get<uint32_t>(16);
         for (uint32_t i = 0; i < 16; ++i) o.SetValue(i, 2 * i);
         auto d = ub.get<half>(16);
         Scatter(d, x, o, 0u, 16);
       });
     }},
    {"cast_dequant_vec_without_tensor", [] {
       launch([] {
         Ub ub;
         auto x = ints<int16_t>(ub, 128, in_ia, 1);
         auto d = ub.get<int8_t>(256);
         SetDeqScale(1.0f, int16_t(0), true);
         CastDequant<int8_t, int16_t>(d, x, 128);
       });
     }},
};

}  // namespace

int main(int argc, char** argv) {
  int bad = 0;
  for (int i = 1; i < argc; ++i) {
    const auto it = kCases.find(argv[i]);
    if (it == kCases.end()) {
      std::printf("%s: FAIL unknown case\n", argv[i]);
      bad = 1;
      continue;
    }
    std::printf("%s:", argv[i]);
    std::fflush(stdout);
    try {
      it->second();
    } catch (const opkit::sim::KernelFault& f) {
      std::printf(" fault: %s", f.what());
    } catch (const std::exception& e) {
      std::printf(" FAIL %s", e.what());
      bad = 1;
    }
    std::printf("\n");
    std::fflush(stdout);
  }
  return bad;
}
