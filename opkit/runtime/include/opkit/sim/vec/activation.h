// High-level activation APIs of Ascend C (Gelu, FasterGelu, FasterGeluV2, Sigmoid, Tanh) over the vectorisable exp/tanh.
// Reference formulas (computed in float, rounded once to the element type):
//   Gelu (tanh form)  y = x / (1 + exp(-1.5957691 * (x + 0.044715 x^3)))
//   FasterGelu        y = x / (1 + exp(-1.702 x))
//   FasterGeluV2      y = x * (sign(x) * (-0.1444 * (min(|0.7071 x|, 1.769) - 1.769)^2 + 0.5) + 0.5), sign(x) being
//                     (x + 1e-12) / |x + 1e-12| (CANN's steps; sign(0) = 1)
//   Sigmoid           y = 1 / (1 + exp(-x))
//   Tanh              y = tanh(x)
// The sharedTmpBuffer of the 4-argument forms is checked to be a UB tensor holding at least the host helper's minValue
// (GetGeluMaxMinTmpSize, GetSigmoidMaxMinTmpSize, GetTanhMaxMinTmpSize) and otherwise unused (the simulator needs no
// scratch space); highPrecision/highPerformance/isReuseSource do not change results here.
#pragma once

#include <cstdint>

#include "opkit/sim/adv_tmp.h"
#include "opkit/sim/vec/adv_common.h"
#include "opkit/sim/vec/common.h"
#include "opkit/sim/vec/mathfn.h"

namespace opkit::sim::detail {

struct Gelu {
  OPKIT_VEC_INLINE static float apply(float x) {
    return x / (1.0f + exp_poly(-1.5957691f * (x + 0.044715f * x * x * x)));
  }
};
struct FasterGelu {
  OPKIT_VEC_INLINE static float apply(float x) { return x / (1.0f + exp_poly(-1.702f * x)); }
};
struct FasterGeluV2 {
  OPKIT_VEC_INLINE static float apply(float x) {
    float clip = 0.7071f * x;
    clip = clip < 0 ? -clip : clip;
    clip = (clip < 1.769f ? clip : 1.769f) - 1.769f;
    const float x1 = -0.1444f * clip * clip + 0.5f, shifted = x + 1e-12f;
    const float sign = shifted / (shifted < 0 ? -shifted : shifted);
    return x * (sign * x1 + 0.5f);
  }
};
struct Sigmoid {
  OPKIT_VEC_INLINE static float apply(float x) { return 1.0f / (1.0f + exp_poly(-x)); }
};
struct Tanh {
  OPKIT_VEC_INLINE static float apply(float x) { return tanh_poly(x); }
};

template <typename Fn, typename T>
void activation(const char* api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                uint64_t n, const SourceLoc& where) {
  require_ub_operand(api, "dst", dst, n * sizeof(T), where);
  require_ub_operand(api, "src", src, n * sizeof(T), where);
  map_unary(dst.opkit_addr, src.opkit_addr, static_cast<int64_t>(n),
            [](compute_t<T> x) OPKIT_VEC_LAMBDA { return Fn::apply(x); });
}

}  // namespace opkit::sim::detail

namespace AscendC {

#define OPKIT_ACTIVATION(NAME, FLAGS, FLAG_NAMES, RULE)                                                            \
  template <typename T, FLAGS>                                                                                \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& sharedTmpBuffer, \
            const uint32_t count, OPKIT_SIM_HERE) {                                                            \
    static_assert(opkit::sim::detail::one_of_v<T, half, float>, #NAME " supports half and float");             \
    opkit::sim::detail::adv_tmp_check(#NAME, sharedTmpBuffer, ::opkit::sim::adv::min_tmp(RULE, sizeof(T)), where); \
    opkit::sim::detail::activation<opkit::sim::detail::NAME>(#NAME, dst, src, count, where);                   \
  }                                                                                                           \
  template <typename T, FLAGS>                                                                                \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count, OPKIT_SIM_HERE) {      \
    static_assert(opkit::sim::detail::one_of_v<T, half, float>, #NAME " supports half and float");             \
    opkit::sim::detail::activation<opkit::sim::detail::NAME>(#NAME, dst, src, count, where);                   \
  }                                                                                                           \
  OPKIT_ADV_UNARY_BY_ADDRESS(NAME, (FLAGS), (FLAG_NAMES))

#define OPKIT_GELU_FLAGS bool highPrecision = false, bool highPerformance = false
#define OPKIT_GELU_NAMES highPrecision, highPerformance
#define OPKIT_REUSE_FLAGS bool isReuseSource = false
OPKIT_ACTIVATION(Gelu, OPKIT_GELU_FLAGS, OPKIT_GELU_NAMES, ::opkit::sim::adv::kGelu)
OPKIT_ACTIVATION(FasterGelu, OPKIT_GELU_FLAGS, OPKIT_GELU_NAMES, ::opkit::sim::adv::kGelu)
OPKIT_ACTIVATION(FasterGeluV2, OPKIT_GELU_FLAGS, OPKIT_GELU_NAMES, ::opkit::sim::adv::kGelu)
OPKIT_ACTIVATION(Sigmoid, OPKIT_REUSE_FLAGS, isReuseSource, ::opkit::sim::adv::kSigmoid)
OPKIT_ACTIVATION(Tanh, OPKIT_REUSE_FLAGS, isReuseSource, ::opkit::sim::adv::kTanh)
// Sigmoid and Tanh also take the whole srcTensor.
OPKIT_ADV_UNARY_WHOLE(Sigmoid)
OPKIT_ADV_UNARY_WHOLE(Tanh)
#undef OPKIT_REUSE_FLAGS
#undef OPKIT_GELU_FLAGS
#undef OPKIT_GELU_NAMES
#undef OPKIT_ACTIVATION

}  // namespace AscendC
