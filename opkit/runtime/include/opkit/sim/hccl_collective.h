// The data movement of a collective on host memory (libhccl.so's server, src/hccl.cpp): element access for every
// HcclDataType, the reduce ops, and one repeat of AllReduce, AllGather, ReduceScatter, AlltoAll or Broadcast across
// the ranks' buffers.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "opkit/sim/hccl_abi.h"

namespace opkit::hccl::detail {

// ---- element access: every type through double (exact for all but 64-bit integers beyond 2^53) ----

inline double half_to_double(uint16_t h) {
  const int sign = h >> 15, exp = (h >> 10) & 31, man = h & 1023;
  double v = exp == 0 ? std::ldexp(man, -24) : exp == 31 ? (man ? NAN : INFINITY) : std::ldexp(man + 1024, exp - 25);
  return sign ? -v : v;
}

inline uint16_t float_to_half(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  const uint32_t sign = (x >> 16) & 0x8000;
  const int exp = static_cast<int>((x >> 23) & 255) - 127 + 15;
  uint32_t man = x & 0x7fffff;
  if (((x >> 23) & 255) == 255) return static_cast<uint16_t>(sign | 0x7c00 | (man ? 0x200 : 0));
  if (exp >= 31) return static_cast<uint16_t>(sign | 0x7c00);
  if (exp <= 0) {
    if (exp < -10) return static_cast<uint16_t>(sign);
    man |= 0x800000;
    const int shift = 14 - exp;
    uint32_t h = man >> shift;
    const uint32_t rest = man & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rest > half || (rest == half && (h & 1))) ++h;
    return static_cast<uint16_t>(sign | h);
  }
  uint32_t h = (static_cast<uint32_t>(exp) << 10) | (man >> 13);
  const uint32_t rest = man & 0x1fff;
  if (rest > 0x1000 || (rest == 0x1000 && (h & 1))) ++h;
  return static_cast<uint16_t>(sign | h);
}

inline double load(uint32_t dtype, const uint8_t* p) {
  switch (dtype) {
    case 0: return *reinterpret_cast<const int8_t*>(p);
    case 1: return *reinterpret_cast<const int16_t*>(p);
    case 2: return *reinterpret_cast<const int32_t*>(p);
    case 3: return half_to_double(*reinterpret_cast<const uint16_t*>(p));
    case 4: return *reinterpret_cast<const float*>(p);
    case 5: return static_cast<double>(*reinterpret_cast<const int64_t*>(p));
    case 6: return static_cast<double>(*reinterpret_cast<const uint64_t*>(p));
    case 7: return *p;
    case 8: return *reinterpret_cast<const uint16_t*>(p);
    case 9: return *reinterpret_cast<const uint32_t*>(p);
    case 10: return *reinterpret_cast<const double*>(p);
    case 11: {
      const uint32_t bits = static_cast<uint32_t>(*reinterpret_cast<const uint16_t*>(p)) << 16;
      float f;
      std::memcpy(&f, &bits, 4);
      return f;
    }
    default: return 0;
  }
}

inline void store(uint32_t dtype, uint8_t* p, double v) {
  switch (dtype) {
    case 0: *reinterpret_cast<int8_t*>(p) = static_cast<int8_t>(v); break;
    case 1: *reinterpret_cast<int16_t*>(p) = static_cast<int16_t>(v); break;
    case 2: *reinterpret_cast<int32_t*>(p) = static_cast<int32_t>(v); break;
    case 3: *reinterpret_cast<uint16_t*>(p) = float_to_half(static_cast<float>(v)); break;
    case 4: *reinterpret_cast<float*>(p) = static_cast<float>(v); break;
    case 5: *reinterpret_cast<int64_t*>(p) = static_cast<int64_t>(v); break;
    case 6: *reinterpret_cast<uint64_t*>(p) = static_cast<uint64_t>(v); break;
    case 7: *p = static_cast<uint8_t>(v); break;
    case 8: *reinterpret_cast<uint16_t*>(p) = static_cast<uint16_t>(v); break;
    case 9: *reinterpret_cast<uint32_t*>(p) = static_cast<uint32_t>(v); break;
    case 10: *reinterpret_cast<double*>(p) = v; break;
    case 11: {
      const float f = static_cast<float>(v);
      uint32_t bits;
      std::memcpy(&bits, &f, 4);
      bits += 0x7fff + ((bits >> 16) & 1);  // round to nearest even
      *reinterpret_cast<uint16_t*>(p) = static_cast<uint16_t>(bits >> 16);
      break;
    }
    default: break;
  }
}

inline double reduce(uint32_t op, double a, double b) {
  switch (op) {
    case 1: return a * b;
    case 2: return std::max(a, b);
    case 3: return std::min(a, b);
    default: return a + b;
  }
}

// Repeat `r` of a collective whose every rank has committed it. Inputs are read in full before any output is
// written, so a rank whose output is its input (AllReduce in place) gets the right values.
inline void execute(const std::vector<Task>& p, uint32_t r) {
  const uint32_t n = static_cast<uint32_t>(p.size());
  const Task& t = p[0];
  const uint64_t size = dtype_size(t.dtype), count = t.count, step = t.stride != 0 ? t.stride : t.count;
  const uint64_t base = uint64_t(r) * count;
  if (t.cmd == 1) {  // broadcast (host API): op holds the root
    std::vector<uint8_t> data(p[t.op].send + base * size, p[t.op].send + (base + count) * size);
    for (uint32_t d = 0; d < n; ++d) std::memcpy(p[d].recv + base * size, data.data(), data.size());
  } else if (t.cmd == 2 || t.cmd == 7) {  // AllReduce, ReduceScatter
    const uint32_t outs = t.cmd == 2 ? 1 : n;
    std::vector<double> acc(outs * count);
    for (uint32_t o = 0; o < outs; ++o) {
      const uint64_t in = base + (t.cmd == 2 ? 0 : o * step);
      for (uint64_t k = 0; k < count; ++k) {
        double v = load(t.dtype, p[0].send + (in + k) * size);
        for (uint32_t s = 1; s < n; ++s) v = reduce(t.op, v, load(t.dtype, p[s].send + (in + k) * size));
        acc[o * count + k] = v;
      }
    }
    for (uint32_t d = 0; d < n; ++d) {
      const double* v = &acc[(t.cmd == 2 ? 0 : d) * count];
      for (uint64_t k = 0; k < count; ++k) store(t.dtype, p[d].recv + (base + k) * size, v[k]);
    }
  } else if (t.cmd == 6 || t.cmd == 10) {  // AllGather, AlltoAll
    std::vector<std::vector<uint8_t>> blocks(size_t(n) * (t.cmd == 6 ? 1 : n));
    for (uint32_t s = 0; s < n; ++s) {
      for (uint32_t d = 0; d < (t.cmd == 6 ? 1u : n); ++d) {
        const uint8_t* src = p[s].send + (base + (t.cmd == 6 ? 0 : d * step)) * size;
        blocks[s * (t.cmd == 6 ? 1 : n) + d].assign(src, src + count * size);
      }
    }
    for (uint32_t d = 0; d < n; ++d) {
      for (uint32_t s = 0; s < n; ++s) {
        if (t.cmd == 6 && s == d && p[d].skip_local) continue;
        const std::vector<uint8_t>& b = blocks[s * (t.cmd == 6 ? 1 : n) + (t.cmd == 6 ? 0 : d)];
        std::memcpy(p[d].recv + (base + s * step) * size, b.data(), b.size());
      }
    }
  }
}

}  // namespace opkit::hccl::detail
