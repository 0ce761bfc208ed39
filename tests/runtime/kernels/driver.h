// Host side of the example kernels' test programs: files in and out of GmAlloc'd GM, tiling bytes, argument parsing.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "kernel_operator.h"

namespace driver {

// A GM buffer filled from a raw little-endian file written by the Python test.
inline uint8_t* load(const char* path, size_t bytes) {
  auto* gm = static_cast<uint8_t*>(AscendC::GmAlloc(bytes));
  FILE* f = std::fopen(path, "rb");
  if (f == nullptr || std::fread(gm, 1, bytes, f) != bytes) {
    std::fprintf(stderr, "cannot read %zu bytes from %s\n", bytes, path);
    std::exit(2);
  }
  std::fclose(f);
  return gm;
}

inline void save(const char* path, const uint8_t* gm, size_t bytes) {
  FILE* f = std::fopen(path, "wb");
  if (f == nullptr || std::fwrite(gm, 1, bytes, f) != bytes) {
    std::fprintf(stderr, "cannot write %s\n", path);
    std::exit(2);
  }
  std::fclose(f);
}

template <typename T>
uint8_t* tiling_gm(const T& tiling) {
  auto* gm = static_cast<uint8_t*>(AscendC::GmAlloc(sizeof(T)));
  std::memcpy(gm, &tiling, sizeof(T));
  return gm;
}

inline uint32_t arg(char** argv, int i) { return static_cast<uint32_t>(std::strtoul(argv[i], nullptr, 10)); }

}  // namespace driver
