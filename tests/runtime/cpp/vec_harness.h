// Tiny test harness of the vector-instruction test programs: named cases in groups, a UB arena, CHECK, fault capture.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "opkit/sim/vector.h"

namespace vt {

namespace d = opkit::sim::detail;

struct Case {
  std::string group;
  std::string name;
  std::function<void()> fn;
};

inline std::vector<Case>& cases() {
  static std::vector<Case> all;
  return all;
}

struct Register {
  Register(const char* group, const char* name, std::function<void()> fn) { cases().push_back({group, name, fn}); }
};

#define VT_CAT2(a, b) a##b
#define VT_CAT(a, b) VT_CAT2(a, b)
#define CASE(GROUP, NAME)                                                          \
  static void VT_CAT(case_, NAME)();                                               \
  static vt::Register VT_CAT(reg_, NAME)(GROUP, #NAME, VT_CAT(case_, NAME));       \
  static void VT_CAT(case_, NAME)()

template <typename... P>
[[noreturn]] void fail(const P&... parts) {
  throw std::runtime_error(d::cat(parts...));
}

#define CHECK(cond, ...)                                                           \
  do {                                                                             \
    if (!(cond)) vt::fail(__FILE__, ":", __LINE__, ": ", #cond, " ", __VA_ARGS__); \
  } while (0)

// This block's Unified Buffer for the tests: a bump allocator reset before every case.
alignas(64) inline uint8_t g_ub[192 * 1024];
inline size_t g_used = 0;

template <typename T>
AscendC::LocalTensor<T> alloc(uint32_t count) {
  const size_t bytes = (count * sizeof(T) + 31) / 32 * 32;
  if (g_used + bytes > sizeof(g_ub)) fail("test UB exhausted");
  auto t = d::make_local(reinterpret_cast<T*>(g_ub + g_used), count);
  g_used += bytes;
  return t;
}

// Deterministic pseudo-random numbers (xorshift), so failures reproduce.
inline uint64_t& rng_state() {
  static uint64_t s = 0x9e3779b97f4a7c15ull;
  return s;
}
inline uint64_t next_u64() {
  uint64_t& x = rng_state();
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return x;
}
inline double uniform(double lo, double hi) { return lo + (hi - lo) * double(next_u64() >> 11) / double(1ull << 53); }

template <typename T>
void fill_random(const AscendC::LocalTensor<T>& t, double lo, double hi) {
  for (uint32_t i = 0; i < t.GetSize(); ++i) {
    if constexpr (std::is_integral_v<T>) {
      t.GetPhyAddr()[i] = static_cast<T>(std::llround(uniform(lo, hi)));
    } else {
      t.GetPhyAddr()[i] = T(static_cast<float>(uniform(lo, hi)));
    }
  }
}

template <typename T>
double as_double(T v) {
  if constexpr (d::is_float16_v<T>) return double(float(v));
  else return double(v);
}

// Same value, or both NaN.
template <typename T>
bool same(T a, T b) {
  const double x = as_double(a), y = as_double(b);
  return (x == y && std::signbit(x) == std::signbit(y)) || (x != x && y != y);
}

// Run `fn`, expect a KernelFault whose message contains `needle`.
inline void expect_fault(const std::function<void()>& fn, const std::string& needle) {
  try {
    fn();
  } catch (const opkit::sim::KernelFault& f) {
    if (std::string(f.what()).find(needle) == std::string::npos) fail("fault '", f.what(), "' lacks '", needle, "'");
    return;
  }
  fail("no fault raised; expected one mentioning '", needle, "'");
}

template <typename T>
const char* type_name() {
  if constexpr (std::is_same_v<T, half>) return "half";
  else if constexpr (std::is_same_v<T, bfloat16_t>) return "bfloat16_t";
  else if constexpr (std::is_same_v<T, float>) return "float";
  else if constexpr (std::is_same_v<T, int32_t>) return "int32_t";
  else if constexpr (std::is_same_v<T, int16_t>) return "int16_t";
  else if constexpr (std::is_same_v<T, uint16_t>) return "uint16_t";
  else if constexpr (std::is_same_v<T, uint32_t>) return "uint32_t";
  else return "?";
}

// Runs the cases of the groups named on the command line (all when none), one line per case.
inline int run_all(int argc, char** argv) {
  int failed = 0;
  for (const Case& c : cases()) {
    bool wanted = argc < 2;
    for (int i = 1; i < argc; ++i) wanted = wanted || c.group == argv[i];
    if (!wanted) continue;
    auto& block = d::current_block();
    block.ub_base = g_ub;
    block.ub_size = sizeof(g_ub);
    g_used = 0;
    std::memset(g_ub, 0xFF, sizeof(g_ub));
    d::reset_vector_state();
    try {
      c.fn();
      std::printf("PASS %s %s\n", c.group.c_str(), c.name.c_str());
    } catch (const std::exception& e) {
      ++failed;
      std::printf("FAIL %s %s: %s\n", c.group.c_str(), c.name.c_str(), e.what());
    }
  }
  return failed == 0 ? 0 : 1;
}

}  // namespace vt
