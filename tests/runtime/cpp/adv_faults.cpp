// Misuse of the advanced element-wise APIs and their host helpers, one named case each; the pytest side asserts the
// message. Output: "ok", "fault: <KernelFault>" or "host error: <HostError>".
#include <cstdio>
#include <functional>
#include <map>
#include <string>

#include "kernel_operator.h"
#include "tiling/tiling_api.h"

using namespace AscendC;

void adv_run_kernel(const std::function<void()>& body);  // adv_main.cpp

namespace {

// 256 floats in, 256 out, `tmp` bytes of sharedTmpBuffer.
void with_tensors(uint32_t tmp, const std::function<void(LocalTensor<float>, LocalTensor<float>,
                                                         LocalTensor<uint8_t>)>& call) {
  adv_run_kernel([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b, t;
    pipe.InitBuffer(a, 256 * 4);
    pipe.InitBuffer(b, 256 * 4);
    pipe.InitBuffer(t, tmp);
    call(a.Get<float>(), b.Get<float>(), t.Get<uint8_t>());
  });
}

const std::map<std::string, std::function<void()>>& cases() {
  static const std::map<std::string, std::function<void()>> all = {
      {"tmp_too_small", [] {
         with_tensors(1024, [](LocalTensor<float> x, LocalTensor<float> y, LocalTensor<uint8_t> t) {
           Erf<float>(y, x, t, 256);  // Erf keeps 3 float buffers: 768 B minimum, 1024 given: fine
           Atan<float>(y, x, t, 256);  // Atan needs 5 x 256 B
         });
       }},
      {"count_past_src", [] {
         with_tensors(32, [](LocalTensor<float> x, LocalTensor<float> y, LocalTensor<uint8_t>) {
           Acosh<float>(y, x, 300);
         });
       }},
      {"dst_too_small", [] {
         with_tensors(32, [](LocalTensor<float> x, LocalTensor<float> y, LocalTensor<uint8_t>) {
           GeGLU<float>(y[64], x, x, 256);
         });
       }},
      {"tmp_not_ub", [] {
         with_tensors(32, [](LocalTensor<float> x, LocalTensor<float> y, LocalTensor<uint8_t>) {
           LocalTensor<uint8_t> none;
           Sin<float>(y, x, none, 256);
         });
       }},
      {"host_sizes", [] {  // prints "<api> <n> <typeSize> <max> <min>" for CANN's formulas
         uint32_t mx = 0, mn = 0;
         GetErfMaxMinTmpSize(TensorShape({1000}), 4, false, mx, mn);
         std::printf("Erf 1000 4 %u %u\n", mx, mn);
         GetAcoshMaxMinTmpSize(TensorShape({10}), 4, false, mx, mn);
         std::printf("Acosh 10 4 %u %u\n", mx, mn);
         GetExpMaxMinTmpSize(TensorShape({100}), 2, false, mx, mn);
         std::printf("Exp 100 2 %u %u\n", mx, mn);
         GetGeGLUMaxMinTmpSize(TensorShape({1024}), 4, false, mx, mn);
         std::printf("GeGLU 1024 4 %u %u\n", mx, mn);
         GetSwiGLUMaxMinTmpSize(TensorShape({8, 16}), 2, mx, mn, false);
         std::printf("SwiGLU 128 2 %u %u\n", mx, mn);
         GetCosMaxMinTmpSize(TensorShape({64}), 4, true, mx, mn);
         std::printf("Cos 64 4 %u %u\n", mx, mn);
         uint32_t nodes = 0, extra = 0;
         GetAtanTmpBufferFactorSize(2, nodes, extra);
         std::printf("Atan factor %u %u\n", nodes, extra);
       }},
      {"host_bad_type_size", [] {
         uint32_t mx = 0, mn = 0;
         GetAcoshMaxMinTmpSize(TensorShape({64}), 8, false, mx, mn);
       }},
      {"host_empty_shape", [] {
         uint32_t mx = 0, mn = 0;
         GetErfMaxMinTmpSize(TensorShape({0}), 4, false, mx, mn);
       }},
  };
  return all;
}

}  // namespace

int adv_run_case(const char* name) {
  const auto it = cases().find(name);
  if (it == cases().end()) {
    std::printf("unknown case %s\n", name);
    return 2;
  }
  try {
    it->second();
    std::printf("ok\n");
  } catch (const opkit::sim::KernelFault& f) {
    std::printf("fault: %s\n", f.what());
  } catch (const opkit::host::HostError& e) {
    std::printf("host error: %s\n", e.what());
  }
  return 0;
}
