// What the cube_*.cpp case files share: deterministic inputs, writing arrays for the Python side to check with numpy
// ($OPKIT_CUBE_OUT/<case>_<name>.bin), and a launch of a kernel with a chosen kernel type.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include "core_harness.h"
#include "kernel_operator.h"

template <typename T>
inline void save(const char* name, const std::vector<T>& v) {
  const char* dir = std::getenv("OPKIT_CUBE_OUT");
  if (dir == nullptr) throw std::runtime_error("OPKIT_CUBE_OUT is not set");
  const std::string path = std::string(dir) + "/" + name + ".bin";
  FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) throw std::runtime_error("cannot write " + path);
  std::fwrite(v.data(), sizeof(T), v.size(), f);
  std::fclose(f);
}

// Small exact values: i -> ((i * mul) % mod - mod / 2) / div.
template <typename T>
inline std::vector<T> pattern(size_t n, int mul, int mod, float div) {
  std::vector<T> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = T(float(int((i * mul) % mod) - mod / 2) / div);
  return v;
}

inline void expect(bool ok, const char* what) {
  if (!ok) throw std::runtime_error(what);
}
