// Compare/Compares/Select, reductions, mask register modes, activations, polynomial accuracy; the Cast cases are in
// vec_cast_cases.h and vec_cast_int4_cases.h, included here.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "vec_cast_cases.h"
#include "vec_cast_int4_cases.h"
#include "vec_harness.h"

using namespace AscendC;
using vt::alloc;

namespace {
// ---- compare / select -------------------------------------------------------------------------------------------

template <typename T>
bool ref_cmp(double a, double b, CMPMODE m) {
  switch (m) {
    case CMPMODE::LT: return a < b;
    case CMPMODE::GT: return a > b;
    case CMPMODE::EQ: return a == b;
    case CMPMODE::LE: return a <= b;
    case CMPMODE::GE: return a >= b;
    default: return a != b;
  }
}

template <typename T>
void compare_all() {
  const uint32_t n = 512 / sizeof(T) * 2;  // a multiple of 256 bytes
  auto a = alloc<T>(n), b = alloc<T>(n);
  auto bits = alloc<uint8_t>(n / 8);
  vt::fill_random(a, -3, 3);
  vt::fill_random(b, -3, 3);
  for (uint32_t i = 0; i < n; i += 5) b.GetPhyAddr()[i] = a.GetPhyAddr()[i];  // some equal pairs
  if constexpr (!std::is_integral_v<T>) a.GetPhyAddr()[3] = T(NAN);
  const CMPMODE modes[] = {CMPMODE::LT, CMPMODE::GT, CMPMODE::EQ, CMPMODE::LE, CMPMODE::GE, CMPMODE::NE};
  for (CMPMODE m : modes) {
    if (std::is_integral_v<T> && m != CMPMODE::EQ) continue;
    Compare(bits, a, b, m, n);
    for (uint32_t i = 0; i < n; ++i) {
      const bool want = ref_cmp<T>(vt::as_double(a.GetPhyAddr()[i]), vt::as_double(b.GetPhyAddr()[i]), m);
      CHECK(((bits.GetPhyAddr()[i / 8] >> (i % 8)) & 1) == want, "Compare<", vt::type_name<T>(), "> mode ", int(m),
            " ", i);
    }
    CompareScalar(bits, a, T(1), m, n);
    for (uint32_t i = 0; i < n; ++i) {
      const bool want = ref_cmp<T>(vt::as_double(a.GetPhyAddr()[i]), 1.0, m);
      CHECK(((bits.GetPhyAddr()[i / 8] >> (i % 8)) & 1) == want, "CompareScalar mode ", int(m), " ", i);
    }
    Compares(bits, a, T(0), m, n);
    CHECK(((bits.GetPhyAddr()[0] & 1) != 0) == ref_cmp<T>(vt::as_double(a.GetPhyAddr()[0]), 0.0, m), "Compares");
  }
}
CASE("cmpsel", compare_half_float_int32) {
  compare_all<half>();
  compare_all<float>();
  compare_all<int32_t>();
}

CASE("cmpsel", compare_mask_form) {
  auto a = alloc<float>(128), b = alloc<float>(128);
  auto bits = alloc<uint8_t>(32);
  vt::fill_random(a, -1, 1);
  vt::fill_random(b, -1, 1);
  std::fill(bits.GetPhyAddr(), bits.GetPhyAddr() + 32, uint8_t(0xA5));
  Compare(bits, a, b, CMPMODE::GT, uint64_t(20), 2, BinaryRepeatParams());
  for (uint32_t i = 0; i < 128; ++i) {
    const bool bit = (bits.GetPhyAddr()[i / 8] >> (i % 8)) & 1;
    const bool want = (i % 64) < 20 ? a.GetPhyAddr()[i] > b.GetPhyAddr()[i] : ((0xA5 >> (i % 8)) & 1);
    CHECK(bit == want, "Compare mask form bit ", i);
  }
  CompareScalar(bits, a, 0.0f, CMPMODE::LE, uint64_t(64), 1, UnaryRepeatParams());
  for (uint32_t i = 0; i < 64; ++i) {
    CHECK((((bits.GetPhyAddr()[i / 8] >> (i % 8)) & 1) != 0) == (a.GetPhyAddr()[i] <= 0), "CompareScalar mask ", i);
  }
}

template <typename T>
void select_all() {
  const uint32_t per_repeat = 256 / sizeof(T), n = per_repeat * 3;
  auto a = alloc<T>(n), b = alloc<T>(n), dst = alloc<T>(n);
  auto mask = alloc<uint8_t>(n / 8);
  vt::fill_random(a, 0, 1);
  vt::fill_random(b, 2, 3);
  for (uint32_t i = 0; i < n / 8; ++i) mask.GetPhyAddr()[i] = uint8_t(vt::next_u64());
  auto bit = [&](uint32_t i) { return (mask.GetPhyAddr()[i / 8] >> (i % 8)) & 1; };
  Select(dst, mask, a, b, SELMODE::VSEL_TENSOR_TENSOR_MODE, n);
  for (uint32_t i = 0; i < n; ++i) {
    CHECK(vt::same(dst.GetPhyAddr()[i], bit(i) ? a.GetPhyAddr()[i] : b.GetPhyAddr()[i]), "Select mode 2 ", i);
  }
  Select(dst, mask, a, b, SELMODE::VSEL_CMPMASK_SPR, n);
  for (uint32_t i = 0; i < n; ++i) {
    CHECK(vt::same(dst.GetPhyAddr()[i], bit(i % per_repeat) ? a.GetPhyAddr()[i] : b.GetPhyAddr()[i]), "mode 0 ", i);
  }
  Select(dst, mask, a, T(9), SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
  for (uint32_t i = 0; i < n; ++i) CHECK(vt::same(dst.GetPhyAddr()[i], bit(i) ? a.GetPhyAddr()[i] : T(9)), "mode 1 ", i);
  // Mask form, in place on src0, only 5 slots per repeat.
  std::vector<T> keep(a.GetPhyAddr(), a.GetPhyAddr() + n);
  Select(a, mask, a, b, SELMODE::VSEL_TENSOR_TENSOR_MODE, uint64_t(5), 3, BinaryRepeatParams());
  for (uint32_t i = 0; i < n; ++i) {
    const T want = (i % per_repeat) < 5 ? (bit(i) ? keep[i] : b.GetPhyAddr()[i]) : keep[i];
    CHECK(vt::same(a.GetPhyAddr()[i], want), "Select mask form ", i);
  }
}
CASE("cmpsel", select_half_float) {
  select_all<half>();
  select_all<float>();
}

// ---- reductions -----------------------------------------------------------------------------------------------

template <typename T>
uint32_t index_bits(T v) {
  if constexpr (sizeof(T) == 2) {
    return v.bits();
  } else {
    uint32_t b;
    std::memcpy(&b, &v, 4);
    return b;
  }
}

template <typename T>
void reduce_count_forms() {
  const double tol = sizeof(T) == 2 ? 2e-3 : 1e-5;
  for (uint32_t n : {1u, 37u, 64u, 1000u, 4096u}) {
    vt::g_used = 0;
    auto src = alloc<T>(n);
    auto dst = alloc<T>(16), tmp = alloc<T>(4096);
    vt::fill_random(src, -1, 1);
    double sum = 0;
    uint32_t imax = 0, imin = 0;
    for (uint32_t i = 0; i < n; ++i) {
      const double x = vt::as_double(src.GetPhyAddr()[i]);
      sum += x;
      if (x > vt::as_double(src.GetPhyAddr()[imax])) imax = i;
      if (x < vt::as_double(src.GetPhyAddr()[imin])) imin = i;
    }
    ReduceSum(dst, src, tmp, int32_t(n));
    CHECK(std::fabs(vt::as_double(dst.GetPhyAddr()[0]) - sum) <= tol * (1 + std::fabs(sum)) * std::sqrt(double(n)),
          "ReduceSum n=", n, " got ", vt::as_double(dst.GetPhyAddr()[0]), " want ", sum);
    ReduceMax(dst, src, tmp, int32_t(n), true);
    CHECK(vt::same(dst.GetPhyAddr()[0], src.GetPhyAddr()[imax]) && index_bits(dst.GetPhyAddr()[1]) == imax,
          "ReduceMax n=", n);
    ReduceMin(dst, src, tmp, int32_t(n), true);
    CHECK(vt::same(dst.GetPhyAddr()[0], src.GetPhyAddr()[imin]) && index_bits(dst.GetPhyAddr()[1]) == imin,
          "ReduceMin n=", n);
    ReduceMax(dst, src, tmp, int32_t(n));
    CHECK(vt::same(dst.GetPhyAddr()[0], src.GetPhyAddr()[imax]), "ReduceMax no index");
  }
}
CASE("reduce", count_forms_half_float) {
  reduce_count_forms<half>();
  reduce_count_forms<float>();
}

bool mask_bit(const uint64_t bits[2], uint32_t j) { return (bits[j / 64] >> (j % 64)) & 1u; }

template <typename T>
void whole_and_block() {
  const uint32_t per_repeat = 256 / sizeof(T), per_block = 32 / sizeof(T), repeat = 4;
  auto src = alloc<T>(per_repeat * repeat * 2);
  auto dst = alloc<T>(512);
  vt::fill_random(src, -1, 1);
  // WholeReduceSum: first 20 slots of each repeat, src repeats 16 blocks apart (every other repeat).
  WholeReduceSum(dst, src, uint64_t(20), repeat, 1, 1, 16);
  for (uint32_t r = 0; r < repeat; ++r) {
    float s = 0;
    for (uint32_t j = 0; j < 20; ++j) s += float(src.GetPhyAddr()[r * 2 * per_repeat + j]);
    CHECK(std::fabs(vt::as_double(dst.GetPhyAddr()[r]) - s) <= 1e-3 * (1 + std::fabs(s)), "WholeReduceSum r=", r);
  }
  for (ReduceOrder order : {ReduceOrder::ORDER_VALUE_INDEX, ReduceOrder::ORDER_INDEX_VALUE, ReduceOrder::ORDER_ONLY_VALUE,
                            ReduceOrder::ORDER_ONLY_INDEX}) {
    const uint32_t outs = (order == ReduceOrder::ORDER_VALUE_INDEX || order == ReduceOrder::ORDER_INDEX_VALUE) ? 2 : 1;
    uint64_t bits[2] = {0xF0F0F0F0F0F0F0F0ull, per_repeat > 64 ? 0x0F0F0F0F0F0F0F0Full : 0};
    WholeReduceMax(dst, src, bits, repeat, 1, 1, 8, order);
    for (uint32_t r = 0; r < repeat; ++r) {
      uint32_t best = 4;  // first active slot of 0xF0...
      for (uint32_t j = 0; j < per_repeat; ++j) {
        if (mask_bit(bits, j) && float(src.GetPhyAddr()[r * per_repeat + j]) > float(src.GetPhyAddr()[r * per_repeat + best])) best = j;
      }
      const T* out = dst.GetPhyAddr() + r * outs;
      const T value = src.GetPhyAddr()[r * per_repeat + best];
      if (order == ReduceOrder::ORDER_VALUE_INDEX) CHECK(vt::same(out[0], value) && index_bits(out[1]) == best, "VI ", r);
      if (order == ReduceOrder::ORDER_INDEX_VALUE) CHECK(index_bits(out[0]) == best && vt::same(out[1], value), "IV ", r);
      if (order == ReduceOrder::ORDER_ONLY_VALUE) CHECK(vt::same(out[0], value), "V ", r);
      if (order == ReduceOrder::ORDER_ONLY_INDEX) CHECK(index_bits(out[0]) == best, "I ", r);
    }
  }
  WholeReduceMin(dst, src, uint64_t(per_repeat), 1, 1, 1, 8, ReduceOrder::ORDER_ONLY_VALUE);
  CHECK(vt::same(dst.GetPhyAddr()[0], *std::min_element(src.GetPhyAddr(), src.GetPhyAddr() + per_repeat,
                                                        [](T x, T y) { return float(x) < float(y); })), "WholeReduceMin");
  // BlockReduce*: repeat BEFORE mask; 8 results per repeat.
  BlockReduceSum(dst, src, 2, uint64_t(per_repeat), 1, 1, 8);
  for (uint32_t k = 0; k < 16; ++k) {
    float s = 0;
    for (uint32_t j = 0; j < per_block; ++j) s += float(src.GetPhyAddr()[k * per_block + j]);
    CHECK(std::fabs(vt::as_double(dst.GetPhyAddr()[k]) - s) <= 2e-3 * (1 + std::fabs(s)), "BlockReduceSum ", k);
  }
  BlockReduceMax(dst, src, 1, uint64_t(per_repeat), 1, 1, 8);
  ReduceDataBlock<ReduceType::MAX>(dst[64], src, uint64_t(per_repeat), 1, 1, 1, 8);  // new name: mask first
  for (uint32_t k = 0; k < 8; ++k) {
    const T m = *std::max_element(src.GetPhyAddr() + k * per_block, src.GetPhyAddr() + (k + 1) * per_block,
                                  [](T x, T y) { return float(x) < float(y); });
    CHECK(vt::same(dst.GetPhyAddr()[k], m) && vt::same(dst.GetPhyAddr()[64 + k], m), "BlockReduceMax ", k);
  }
  BlockReduceMin(dst, src, 1, uint64_t(per_repeat), 1, 1, 8);
  ReduceRepeat<ReduceType::SUM>(dst[32], src, uint64_t(per_repeat), 2, 1, 1, 8);
  WholeReduceSum(dst[40], src, uint64_t(per_repeat), 2, 1, 1, 8);
  RepeatReduceSum(dst[48], src, 2, int32_t(per_repeat), 0, 1, 1, 8);
  for (uint32_t r = 0; r < 2; ++r) {
    CHECK(vt::same(dst.GetPhyAddr()[32 + r], dst.GetPhyAddr()[40 + r]) &&
          vt::same(dst.GetPhyAddr()[48 + r], dst.GetPhyAddr()[40 + r]), "ReduceRepeat/RepeatReduceSum = WholeReduceSum");
  }
  // Level-0 ReduceMax over 2 repeats with a continuous mask: index = r * perRepeat + j.
  auto tmp = alloc<T>(64);
  ReduceMax(dst, src, tmp, uint64_t(10), 2, 8, true);
  uint32_t best = 0;
  for (uint32_t r = 0; r < 2; ++r)
    for (uint32_t j = 0; j < 10; ++j)
      if (float(src.GetPhyAddr()[r * per_repeat + j]) > float(src.GetPhyAddr()[best])) best = r * per_repeat + j;
  CHECK(vt::same(dst.GetPhyAddr()[0], src.GetPhyAddr()[best]) && index_bits(dst.GetPhyAddr()[1]) == best, "level-0 max");
}

CASE("reduce", whole_block_new_names) {
  whole_and_block<half>();
  whole_and_block<float>();
}

// ---- mask register modes ------------------------------------------------------------------------------------

CASE("mask", counter_mode_and_placeholders) {
  auto a = alloc<float>(512), b = alloc<float>(512), dst = alloc<float>(512);
  vt::fill_random(a, 0, 1);
  vt::fill_random(b, 0, 1);
  vt::fill_random(dst, 5, 6);
  std::vector<float> keep(dst.GetPhyAddr(), dst.GetPhyAddr() + 512);
  SetMaskCount();
  SetVectorMask<float, MaskMode::COUNTER>(0, 150);  // 150 elements: 2 full repeats + 22
  Add<float, false>(dst, a, b, MASK_PLACEHOLDER, 1, BinaryRepeatParams());
  SetMaskNorm();
  ResetMask();
  for (uint32_t i = 0; i < 512; ++i) {
    const float want = i < 150 ? a.GetPhyAddr()[i] + b.GetPhyAddr()[i] : keep[i];
    CHECK(dst.GetPhyAddr()[i] == want, "counter mode element ", i);
  }
  // Normal mode, mask from SetVectorMask, isSetMask = false with a bit-mask placeholder. Mul takes a non-const
  // `uint64_t mask[]` (as in CANN), so the const MASK_PLACEHOLDER_LIST does not fit it: pass an array of our own.
  SetVectorMask<float>(0, 0x5ull);
  uint64_t unused_bits[2] = {0, 0};
  Mul<float, false>(dst, a, b, unused_bits, 2, BinaryRepeatParams());
  for (uint32_t i = 0; i < 128; ++i) {
    const bool on = (i % 64) == 0 || (i % 64) == 2;
    const float before = i < 150 ? a.GetPhyAddr()[i] + b.GetPhyAddr()[i] : keep[i];
    CHECK(dst.GetPhyAddr()[i] == (on ? a.GetPhyAddr()[i] * b.GetPhyAddr()[i] : before), "SetVectorMask bits ", i);
  }
  SetVectorMask<half>(3);  // continuous: first 3 slots
  auto h = alloc<half>(128);
  Duplicate(h, half(1.0f), 128);
  Adds<half, false>(h, h, half(1.0f), MASK_PLACEHOLDER, 1, UnaryRepeatParams());
  CHECK(float(h.GetPhyAddr()[2]) == 2.0f && float(h.GetPhyAddr()[3]) == 1.0f, "SetVectorMask(len)");
  // isSetMask = true writes the register: a later isSetMask = false call reuses it.
  Adds(h, h, half(1.0f), uint64_t(5), 1, UnaryRepeatParams());
  Adds<half, false>(h, h, half(1.0f), MASK_PLACEHOLDER, 1, UnaryRepeatParams());
  CHECK(float(h.GetPhyAddr()[4]) == 3.0f && float(h.GetPhyAddr()[5]) == 1.0f, "mask register kept");
  ResetMask();
  Adds<half, false>(h, h, half(1.0f), MASK_PLACEHOLDER, 1, UnaryRepeatParams());
  CHECK(float(h.GetPhyAddr()[127]) == 2.0f, "ResetMask selects all");
}

// ---- activations and polynomial accuracy --------------------------------------------------------------------

double ulp_error(float got, double want) {
  if (std::isnan(want)) return std::isnan(got) ? 0 : 1e9;
  if (std::isinf(want)) return got == float(want) ? 0 : 1e9;
  const float w = float(want);
  const double ulp = std::fabs(double(std::nextafter(w, INFINITY)) - double(w));
  return std::fabs(double(got) - want) / (ulp == 0 ? 1 : ulp);
}

CASE("math", polynomial_error_bounds) {
  double e_exp = 0, e_log = 0, e_tanh = 0;
  for (int i = 0; i <= 2000000; ++i) {
    const float x = float(-87.0 + 175.0 * i / 2000000.0);
    e_exp = std::max(e_exp, ulp_error(vt::d::exp_poly(x), std::exp(double(x))));
    const float t = float(-10.0 + 20.0 * i / 2000000.0);
    e_tanh = std::max(e_tanh, ulp_error(vt::d::tanh_poly(t), std::tanh(double(t))));
  }
  for (uint32_t b = 0x00000001u; b < 0x7f800000u; b += 97) {
    float x;
    std::memcpy(&x, &b, 4);
    e_log = std::max(e_log, ulp_error(vt::d::log_poly(x), std::log(double(x))));
  }
  std::printf("MEASURED exp_poly %.3f ulp, log_poly %.3f ulp, tanh_poly %.3f ulp\n", e_exp, e_log, e_tanh);
  CHECK(e_exp <= 1.5, "exp_poly bound ", e_exp);
  CHECK(e_log <= 1.5, "log_poly bound ", e_log);
  CHECK(e_tanh <= 2.0, "tanh_poly bound ", e_tanh);
  CHECK(vt::d::exp_poly(100.0f) == INFINITY && vt::d::exp_poly(-200.0f) == 0.0f && std::isnan(vt::d::exp_poly(NAN)), "");
  CHECK(vt::d::exp_poly(-INFINITY) == 0.0f && vt::d::exp_poly(INFINITY) == INFINITY, "exp(+-inf)");
  CHECK(vt::d::log_poly(0.0f) == -INFINITY && std::isnan(vt::d::log_poly(-1.0f)) && vt::d::log_poly(INFINITY) == INFINITY, "");
  CHECK(std::fabs(vt::d::exp_poly(-100.0f) - float(std::exp(-100.0))) <= 1.5e-45f, "subnormal exp");
}

template <typename T>
void activations(double tol) {
  const uint32_t n = 600;
  auto src = alloc<T>(n), dst = alloc<T>(n);
  auto tmp = alloc<uint8_t>(1024);
  vt::fill_random(src, -8, 8);
  auto check = [&](const char* what, double (*ref)(double)) {
    for (uint32_t i = 0; i < n; ++i) {
      const double want = ref(vt::as_double(src.GetPhyAddr()[i]));
      const double got = vt::as_double(dst.GetPhyAddr()[i]);
      CHECK(std::fabs(got - want) <= tol * (1e-3 + std::fabs(want)), what, "<", vt::type_name<T>(), "> x=",
            vt::as_double(src.GetPhyAddr()[i]), " got ", got, " want ", want);
    }
  };
  Gelu(dst, src, n);
  check("Gelu", [](double x) { return x / (1 + std::exp(-1.5957691 * (x + 0.044715 * x * x * x))); });
  Gelu<T, true, false>(dst, src, tmp, n);
  check("Gelu(tmp)", [](double x) { return x / (1 + std::exp(-1.5957691 * (x + 0.044715 * x * x * x))); });
  FasterGelu(dst, src, n);
  check("FasterGelu", [](double x) { return x / (1 + std::exp(-1.702 * x)); });
  src.GetPhyAddr()[0] = T(0.0f), src.GetPhyAddr()[1] = T(100.0f), src.GetPhyAddr()[2] = T(-100.0f);  // sign(0), clips
  FasterGeluV2<T, false, true>(dst, src, tmp, n);
  for (uint32_t i = 0; i < n; ++i) {  // x times a difference of O(1) terms: the error scales with |x|
    const double x = vt::as_double(src.GetPhyAddr()[i]);
    const double x1 = -0.1444 * std::pow(std::min(std::fabs(0.7071 * x), 1.769) - 1.769, 2) + 0.5;
    const double want = x * ((x + 1e-12 < 0 ? -1.0 : 1.0) * x1 + 0.5), got = vt::as_double(dst.GetPhyAddr()[i]);
    CHECK(std::fabs(got - want) <= tol * (1e-3 + std::fabs(x)), "FasterGeluV2<", vt::type_name<T>(), "> x=", x,
          " got ", got, " want ", want);
  }
  Sigmoid(dst, src, tmp, n);
  check("Sigmoid", [](double x) { return 1 / (1 + std::exp(-x)); });
  Tanh(dst, src, n);
  check("Tanh", [](double x) { return std::tanh(x); });
}
CASE("activation", gelu_sigmoid_tanh) {
  activations<float>(2e-6);
  activations<half>(2e-3);
}

}  // namespace
