// Shared by host_tmp_sizes*.cpp: choosing the SoC the host helpers see, and printing one labelled line per call.
#pragma once

#include <cstdio>
#include <exception>
#include <functional>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "tiling/tiling_api.h"

// A copy: GetInstance(name) hands out one object per thread that the next call overwrites.
inline platform_ascendc::PlatformAscendC soc(const char* name) {
  return *platform_ascendc::PlatformAscendCManager::GetInstance(name);
}

// Makes PlatformAscendCManager::GetInstance() (what the helpers without a platform argument consult) answer `name`.
inline void use_soc(const char* name) {
  opkit::host::detail::current_platform() = opkit::host::detail::platform_infos(*opkit::sim::find_soc(name));
}

inline void line(const std::string& label, std::vector<uint64_t> values) {
  std::printf("%s:", label.c_str());
  for (uint64_t v : values) std::printf(" %llu", static_cast<unsigned long long>(v));
  std::printf("\n");
}

inline void run(const std::string& label, const std::function<std::vector<uint64_t>()>& f) {
  try {
    line(label, f());
  } catch (const std::exception& e) {
    std::printf("%s: error: %s\n", label.c_str(), e.what());
  }
}

// max, min of a MaxMin helper taking (..., maxValue, minValue) last; nodes, extra of a factor helper.
#define MAXMIN(FN, ...)                      \
  [&] {                                      \
    uint32_t mx = 7, mn = 7;                 \
    FN(__VA_ARGS__, mx, mn);                 \
    return std::vector<uint64_t>{mx, mn};    \
  }
#define FACTOR(FN, ...)                      \
  [&] {                                      \
    uint32_t nodes = 7, extra = 7;           \
    FN(__VA_ARGS__, nodes, extra);           \
    return std::vector<uint64_t>{nodes, extra}; \
  }
