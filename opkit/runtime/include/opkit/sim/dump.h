// Kernel debugging output on the CPU: DumpTensor, DumpAccChkPoint, printf/PRINTF and ASSERT, prefixed with the block
// and (where the call site is known) the kernel's file:line.
#pragma once

#include "opkit/sim/shape_info.h"

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <string>
#include <vector>
#include <type_traits>
#include <utility>

#include "opkit/sim/context.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/global_tensor.h"
#include "opkit/sim/launch_state.h"
#include "opkit/sim/names.h"
#include "opkit/sim/numeric.h"
#include "opkit/sim/tensor.h"


namespace opkit::sim::detail {

// One write per message, so lines of blocks running at the same time do not interleave.
inline void emit(const std::string& text) {
  static std::mutex m;
  std::lock_guard<std::mutex> lock(m);
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::fflush(stdout);
}

// "[AIV Block 3][add_custom.cpp:42] " inside a launch (CANN's dump tool names the core as "[AIV Block n]").
inline std::string debug_prefix(const SourceLoc& where) {
  const BlockContext& c = current_block();
  std::string p = c.launch != nullptr ? cat("[AIV Block ", c.block_idx, "]") : std::string();
  if (where.file != nullptr) p += "[" + where.str() + "]";
  return p.empty() ? p : p + " ";
}

template <typename T>
const char* dump_type_name() {
  if constexpr (std::is_same_v<T, half>) return "float16";
  else if constexpr (std::is_same_v<T, bfloat16>) return "bfloat16";
  else if constexpr (std::is_same_v<T, float>) return "float32";
  else if constexpr (std::is_same_v<T, double>) return "float64";
  else if constexpr (std::is_same_v<T, int8_t>) return "int8";
  else if constexpr (std::is_same_v<T, uint8_t>) return "uint8";
  else if constexpr (std::is_same_v<T, int16_t>) return "int16";
  else if constexpr (std::is_same_v<T, uint16_t>) return "uint16";
  else if constexpr (std::is_same_v<T, int32_t>) return "int32";
  else if constexpr (std::is_same_v<T, uint32_t>) return "uint32";
  else if constexpr (std::is_same_v<T, int64_t>) return "int64";
  else if constexpr (std::is_same_v<T, uint64_t>) return "uint64";
  else if constexpr (std::is_same_v<T, bool>) return "bool";
  else return "unknown";
}

// Floats as "%f" (CANN's dump prints 6 decimals), integers as integers.
template <typename T>
std::string dump_value(const T& v) {
  char buf[64];
  if constexpr (std::is_floating_point_v<T> || is_float16_v<T>) {
    std::snprintf(buf, sizeof buf, "%f", static_cast<double>(static_cast<float>(v)));
  } else if constexpr (std::is_signed_v<T>) {
    std::snprintf(buf, sizeof buf, "%" PRId64, static_cast<int64_t>(v));
  } else {
    std::snprintf(buf, sizeof buf, "%" PRIu64, static_cast<uint64_t>(v));
  }
  return buf;
}

// "[a, b, c]", or nested rows "[[a, b],\n[c, -]]" with a shape; elements past `count` print as "-".
template <typename T>
std::string dump_values(const T* p, uint64_t count, const AscendC::ShapeInfo* shape) {
  if (shape == nullptr || shape->shapeDim == 0) {
    std::string s = "[";
    for (uint64_t i = 0; i < count; ++i) s += (i ? ", " : "") + dump_value(p[i]);
    return s + "]\n";
  }
  const uint32_t dims = shape->shapeDim < AscendC::K_MAX_SHAPE_DIM ? shape->shapeDim : AscendC::K_MAX_SHAPE_DIM;
  uint64_t total = 1;
  for (uint32_t d = 0; d < dims; ++d) total *= shape->shape[d];
  std::string s;
  for (uint64_t i = 0; i < total; ++i) {
    // Open a bracket for every dim whose index restarts here, close for every dim that ends after this element.
    uint64_t stride = 1;
    uint32_t opens = 0;
    for (uint32_t d = dims; d-- > 0;) {
      stride *= shape->shape[d];
      if (i % stride == 0) ++opens;
    }
    s += std::string(opens, '[');
    s += i < count ? dump_value(p[i]) : std::string("-");
    stride = 1;
    uint32_t closes = 0;
    for (uint32_t d = dims; d-- > 0;) {
      stride *= shape->shape[d];
      if ((i + 1) % stride == 0) ++closes;
    }
    s += std::string(closes, ']');
    if (i + 1 < total) s += closes > 0 ? ",\n" : ", ";
  }
  return s + "\n";
}

template <typename T>
void dump_local(const char* api, const std::string& head, const AscendC::LocalTensor<T>& t, uint64_t offset,
                uint32_t count, const AscendC::ShapeInfo* shape, const SourceLoc& where) {
  check_cancelled(api, where);
  const BlockContext& c = current_block();
  const auto* p = reinterpret_cast<const uint8_t*>(t.opkit_addr);
  if (t.opkit_addr == nullptr) fault(api, "the tensor has no buffer (never allocated)", where);
  if (offset + count > t.opkit_count) {
    fault(api, cat("dumps elements [", offset, ", ", offset + count, ") of a tensor of ", t.opkit_count,
                   " elements"), where);
  }
  const bool in_ub = c.ub_base != nullptr && p >= c.ub_base && p < c.ub_base + c.ub_size;
  const uint64_t addr = in_ub ? static_cast<uint64_t>(p - c.ub_base) : reinterpret_cast<uintptr_t>(p);
  char buf[160];
  std::snprintf(buf, sizeof buf, ", addr=%" PRIx64 ", data_type=%s, position=%s, dump_size=%u\n",
                addr + offset * sizeof(T), dump_type_name<T>(), in_ub ? "UB" : position_name(t.opkit_pos), count);
  emit(debug_prefix(where) + head + buf + dump_values(t.opkit_addr + offset, count, shape));
}

template <typename T>
void dump_global(const char* api, const std::string& head, const AscendC::GlobalTensor<T>& t, uint64_t offset,
                 uint32_t count, const AscendC::ShapeInfo* shape, const SourceLoc& where) {
  check_cancelled(api, where);
  if (t.opkit_addr == nullptr) fault(api, "SetGlobalBuffer was never called", where);
  const uint8_t* end = check_gm_read(api, t.opkit_addr + offset, uint64_t(count) * sizeof(T), where, t.opkit_base);
  std::vector<T> seen(count);  // what the device would print, with the bytes past the buffer's end as 0xFF
  read_gm_clipped(seen.data(), t.opkit_addr + offset, uint64_t(count) * sizeof(T), end);
  char buf[160];
  std::snprintf(buf, sizeof buf, ", addr=%" PRIxPTR ", data_type=%s, position=GM, dump_size=%u\n",
                reinterpret_cast<uintptr_t>(t.opkit_addr + offset), dump_type_name<T>(), count);
  emit(debug_prefix(where) + head + buf + dump_values(seen.data(), count, shape));
}

// printf arguments as C varargs: 16-bit floats as double (so "%f" prints them), everything else unchanged.
template <typename A>
auto printf_arg(const A& a) {
  if constexpr (is_float16_v<A>) return static_cast<double>(static_cast<float>(a));
  else return a;
}

template <typename... Args>
int kernel_printf(const SourceLoc& where, const char* fmt, const Args&... args) {
  std::string text;
  if constexpr (sizeof...(Args) == 0) {
    text = fmt;
  } else {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#pragma GCC diagnostic ignored "-Wformat-security"
    const int n = std::snprintf(nullptr, 0, fmt, printf_arg(args)...);
    text.resize(n > 0 ? static_cast<size_t>(n) : 0);
    if (n > 0) std::snprintf(text.data(), static_cast<size_t>(n) + 1, fmt, printf_arg(args)...);
#pragma GCC diagnostic pop
  }
  emit(debug_prefix(where) + text);
  return static_cast<int>(text.size());
}

[[noreturn]] inline void assert_failed(const char* expr, const SourceLoc& where, const std::string& message = "") {
  fault("ASSERT", cat("assertion `", expr, "` failed", message.empty() ? "" : ": ", message), where);
}

// The condition's text: `#__VA_ARGS__` of ascendc_assert up to its first comma outside brackets and quotes.
inline std::string assert_condition(const char* text) {
  int depth = 0;
  char quote = 0;
  const char* p = text;
  for (; *p != '\0'; ++p) {
    if (quote != 0) {
      if (*p == '\\' && p[1] != '\0') ++p;
      else if (*p == quote) quote = 0;
    } else if (*p == '"' || *p == '\'') {
      quote = *p;
    } else if (*p == '(' || *p == '[' || *p == '{') {
      ++depth;
    } else if (*p == ')' || *p == ']' || *p == '}') {
      --depth;
    } else if (*p == ',' && depth == 0) {
      break;
    }
  }
  return std::string(text, p);
}

// Assertion messages end in "\n" (they are printf formats); the fault message is one line.
inline std::string trim_newlines(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
  return s;
}

template <typename... Args>
std::string assert_message(const char* fmt = nullptr, const Args&... args) {
  if (fmt == nullptr) return "";
  if constexpr (sizeof...(Args) == 0) {
    return trim_newlines(fmt);
  } else {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#pragma GCC diagnostic ignored "-Wformat-security"
    char buf[512];
    std::snprintf(buf, sizeof buf, fmt, printf_arg(args)...);
#pragma GCC diagnostic pop
    return trim_newlines(buf);
  }
}

template <typename Cond, typename... Args>
[[noreturn]] void assert_failed_va(const char* text, const SourceLoc& where, const Cond&, const Args&... args) {
  assert_failed(assert_condition(text).c_str(), where, assert_message(args...));
}

}  // namespace opkit::sim::detail

namespace AscendC {

template <typename T>
void DumpTensor(const LocalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize, OPKIT_SIM_HERE) {
  opkit::sim::detail::dump_local("DumpTensor", opkit::sim::detail::cat("DumpTensor: desc=", desc), tensor, 0,
                                 dumpSize, nullptr, where);
}
template <typename T>
void DumpTensor(const GlobalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize, OPKIT_SIM_HERE) {
  opkit::sim::detail::dump_global("DumpTensor", opkit::sim::detail::cat("DumpTensor: desc=", desc), tensor, 0,
                                  dumpSize, nullptr, where);
}
template <typename T>
void DumpTensor(const LocalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize, const ShapeInfo& shapeInfo,
                OPKIT_SIM_HERE) {
  opkit::sim::detail::dump_local("DumpTensor", opkit::sim::detail::cat("DumpTensor: desc=", desc), tensor, 0,
                                 dumpSize, &shapeInfo, where);
}
template <typename T>
void DumpTensor(const GlobalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize, const ShapeInfo& shapeInfo,
                OPKIT_SIM_HERE) {
  opkit::sim::detail::dump_global("DumpTensor", opkit::sim::detail::cat("DumpTensor: desc=", desc), tensor, 0,
                                  dumpSize, &shapeInfo, where);
}

// dumpSize elements from element countOff on, labelled with `index`, printed as `desc=` (as CANN prints it).
template <typename T>
void DumpAccChkPoint(const LocalTensor<T>& tensor, uint32_t index, uint32_t countOff, uint32_t dumpSize,
                     OPKIT_SIM_HERE) {
  opkit::sim::detail::dump_local("DumpAccChkPoint", opkit::sim::detail::cat("DumpAccChkPoint: desc=", index,
                                 ", countOff=", countOff), tensor, countOff, dumpSize, nullptr, where);
}
template <typename T>
void DumpAccChkPoint(const GlobalTensor<T>& tensor, uint32_t index, uint32_t countOff, uint32_t dumpSize,
                     OPKIT_SIM_HERE) {
  opkit::sim::detail::dump_global("DumpAccChkPoint", opkit::sim::detail::cat("DumpAccChkPoint: desc=", index,
                                  ", countOff=", countOff), tensor, countOff, dumpSize, nullptr, where);
}

// Unqualified `printf` in a kernel with `using namespace AscendC` picks this one (a better match than C's
// variadic printf). Its call site is not known (C++17 cannot give a variadic function the caller's line), so it is
// prefixed with the block only; PRINTF (a macro) also names the line.
// Both return the count of characters printed (CANN's return void): host code of a CPU build that reads C printf's
// result through `using namespace AscendC` still compiles.
template <class... Args>
int printf(const char* fmt, Args&&... args) {
  return opkit::sim::detail::kernel_printf(opkit::sim::detail::SourceLoc{}, fmt, args...);
}

template <class... Args>
int opkit_printf_at(const char* file, int line, const char* fmt, Args&&... args) {
  return opkit::sim::detail::kernel_printf(opkit::sim::detail::SourceLoc{file, line}, fmt, args...);
}

}  // namespace AscendC

using AscendC::opkit_printf_at;

// CANN's PRINTF and printf print the same text; PRINTF here also carries the kernel's file:line.
#define PRINTF(...) opkit_printf_at(__FILE__, __LINE__, __VA_ARGS__)

// ASSERT(expr), ascendc_assert(expr[, fmt, args...]) and assert(expr[, fmt, args...]): a failed assertion is a located
// KernelFault (CANN's CPU mode aborts the process; the device prints and traps). As CANN's kernel_operator.h does,
// `assert` is redefined (with a message like ascendc_assert) unless ASCENDC_DUMP is 0, which turns all three off;
// a later #include <cassert> restores the C one.
#define ASSERT(expr) \
  ((expr) ? (void)0 : ::opkit::sim::detail::assert_failed(#expr, ::opkit::sim::detail::SourceLoc{__FILE__, __LINE__}))
#define OPKIT_FIRST_ARG(...) OPKIT_FIRST_ARG_(__VA_ARGS__, 0)
#define OPKIT_FIRST_ARG_(first, ...) first
#define ascendc_assert(...)                                                                                   \
  ((OPKIT_FIRST_ARG(__VA_ARGS__))                                                                             \
       ? (void)0                                                                                              \
       : ::opkit::sim::detail::assert_failed_va(#__VA_ARGS__, ::opkit::sim::detail::SourceLoc{__FILE__, __LINE__}, \
                                                __VA_ARGS__))
#undef assert
#if defined(ASCENDC_DUMP) && ASCENDC_DUMP == 0
#define assert(...) ((void)0)
#else
#define assert(...) ascendc_assert(__VA_ARGS__)
#endif
