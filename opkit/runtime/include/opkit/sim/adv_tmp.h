// Temporary-space rules of the advanced element-wise APIs, shared by the host helpers (Get<Api>MaxMinTmpSize,
// Get<Api>TmpBufferFactorSize) and the kernel's check of a sharedTmpBuffer. Numbers are CANN's, from asc-devkit's
// impl/adv_api/tiling (Ascend910B, arch 2201): an API keeps `nodes` live buffers of max(inputSize * elemBytes, 256)
// bytes each, so maxValue = nodes * max(n * elemBytes, 256) + extra and minValue = nodes * 256 + extra, and the factor
// helper reports (nodes, extra). elemBytes is the input's type size unless `float_elems` (the API keeps float
// temporaries whatever its input type: Exp, Log2). The simulator needs no scratch space; the rules only decide what a
// kernel must pass.
#pragma once

#include <algorithm>
#include <cstdint>

namespace opkit::sim::adv {

struct TmpRule {
  uint8_t half_nodes = 0;   // live buffers for a 2-byte input
  uint8_t float_nodes = 0;  // ... for a 4-byte input
  uint8_t float_reuse_nodes = 0;  // ... for a 4-byte input with isReuseSource (0: same as float_nodes)
  uint32_t extra = 0;       // bytes on top (extraBuf)
  bool float_elems = false; // temporaries are float whatever the input type
  bool elem_floor = false;  // CANN's max formula floors the element count instead: max(nodes * n, 256) * elemBytes
};

constexpr uint32_t kRepeatBytes = 256;

constexpr uint32_t nodes(const TmpRule& r, uint32_t type_size, bool reuse) {
  if (type_size != 4) return r.half_nodes;
  return reuse && r.float_reuse_nodes != 0 ? r.float_reuse_nodes : r.float_nodes;
}

constexpr uint32_t min_tmp(const TmpRule& r, uint32_t type_size, bool reuse = false) {
  return nodes(r, type_size, reuse) * kRepeatBytes + (nodes(r, type_size, reuse) ? r.extra : 0);
}

constexpr uint64_t max_tmp(const TmpRule& r, uint64_t n, uint32_t type_size, bool reuse = false) {
  const uint64_t k = nodes(r, type_size, reuse);
  if (k == 0) return 0;
  const uint64_t elem = r.float_elems ? 4 : type_size;
  if (r.elem_floor) return std::max<uint64_t>(k * n, kRepeatBytes) * elem + r.extra;
  return k * std::max<uint64_t>(n * elem, kRepeatBytes) + r.extra;
}

// One rule per API: {half nodes, float nodes, float nodes with isReuseSource, extra bytes, float temporaries, floor}.
inline constexpr TmpRule kAcos{6, 2};
inline constexpr TmpRule kAcosh{2, 1, 0, 0, false, true};
inline constexpr TmpRule kAsin{6, 2};
inline constexpr TmpRule kAsinh{3, 3};
inline constexpr TmpRule kAtan{12, 5};
inline constexpr TmpRule kAtanh{4, 1};
inline constexpr TmpRule kAxpy{4, 1};
inline constexpr TmpRule kCeil{2, 1};
inline constexpr TmpRule kCos{8, 3, 2};
inline constexpr TmpRule kCosh{6, 2};
inline constexpr TmpRule kErf{8, 3};
inline constexpr TmpRule kErfc{16, 7};
inline constexpr TmpRule kExp{4, 3, 2, 0, true};
inline constexpr TmpRule kFloor{2, 0};
inline constexpr TmpRule kFrac{4, 0};
inline constexpr TmpRule kLog{0, 0};
inline constexpr TmpRule kLog10{0, 0};
inline constexpr TmpRule kLog2{1, 0, 0, 0, true};
inline constexpr TmpRule kRound{1, 0};  // Ascend910B (2201); 310P keeps {2, 1}
inline constexpr TmpRule kSign{3, 3};
inline constexpr TmpRule kSin{8, 3, 2};
inline constexpr TmpRule kSinh{4, 1};
inline constexpr TmpRule kTan{10, 4};
inline constexpr TmpRule kTanh{4, 1};
inline constexpr TmpRule kTrunc{2, 1};
inline constexpr TmpRule kXor{1, 1};
inline constexpr TmpRule kGeGLU{4, 0};
inline constexpr TmpRule kSwiGLU{6, 0};
inline constexpr TmpRule kGelu{3, 3, 0, 0, true};
inline constexpr TmpRule kSigmoid{1, 1};
inline constexpr TmpRule kLgamma{26, 8, 7};
inline constexpr TmpRule kDigamma910{16, 7, 6};  // digamma_tiling_impl.cpp: half 8 * 2, float 7 (6 reusing src)
inline constexpr TmpRule kDigamma950{4, 0};      // Ascend 950: half 4 (min = max for the shape), float none
// What a kernel compiled for its SoC checks; the host helpers choose by the platform instead.
#if defined(OPKIT_SOC_ARCH) && OPKIT_SOC_ARCH == 3510
inline constexpr TmpRule kDigamma = kDigamma950;
#else
inline constexpr TmpRule kDigamma = kDigamma910;
#endif
// ReGlu: CANN gives float a fixed 256 B (min and max); the host helper special-cases that.
inline constexpr TmpRule kReGlu{6, 1};
inline constexpr TmpRule kFmod{8, 1};  // Trunc's live buffers (2 half / 1 float) + 6 for half's float copies
inline constexpr TmpRule kNone{0, 0};    // APIs that use no temporary space on Ascend910B

// Power (Ascend910B): live buffers by form (tensor^tensor or with one scalar side) and type; float and half add one
// 256 B repeat, half counts its buffers at half size (CANN's power_tiling_impl.cpp).
constexpr uint32_t power_nodes(bool tensor_tensor, bool is_int, uint32_t type_size) {
  if (is_int) return tensor_tensor ? 6 : 7;
  if (type_size == 4) return tensor_tensor ? 4 : 5;
  return 14;
}
constexpr uint32_t power_extra(bool is_int) { return is_int ? 0 : kRepeatBytes; }
constexpr uint32_t power_min_tmp(bool tensor_tensor, bool is_int, uint32_t type_size) {
  const uint32_t k = power_nodes(tensor_tensor, is_int, type_size);
  if (is_int) return k * kRepeatBytes;
  return (type_size == 4 ? k * kRepeatBytes : k * kRepeatBytes / 2) + kRepeatBytes;
}
constexpr uint64_t power_max_tmp(bool tensor_tensor, bool is_int, uint32_t type_size, uint64_t n) {
  const uint64_t calc = type_size == 4 ? std::max<uint64_t>(n * 4, kRepeatBytes)
                                       : std::max<uint64_t>(n * type_size, kRepeatBytes / 2);
  return calc * power_nodes(tensor_tensor, is_int, type_size) + power_extra(is_int);
}

// ClampMax/ClampMin keep a 1-byte-per-element mask: at least one repeat of elements (64 float / 128 half).
constexpr uint32_t clamp_min_tmp(uint32_t type_size) { return type_size == 4 ? 64 : 128; }

}  // namespace opkit::sim::adv
