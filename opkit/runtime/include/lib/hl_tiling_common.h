// Shape checks shared by the host tiling helpers of the high-level APIs (softmax, layernorm, rmsnorm).
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

#include "graph/tensor.h"
#include "opkit/host/error.h"
#include "tiling/platform/platform_ascendc.h"

namespace opkit::host::detail {

// A helper's bad argument is a TilingFunc error naming the helper, as CANN's host-side checks do (they log and
// return; opkit raises so the mistake cannot be missed).
[[noreturn]] inline void hl_tiling_error(const char* api, const std::string& message) {
  throw HostError("", "TilingFunc", cat(api, ": ", message));
}

// What CANN only logs (its check returns from the checker, and the helper goes on computing): printed to stderr,
// the helper's figures follow.
inline void hl_tiling_logged_error(const char* api, const std::string& message) {
  std::fprintf(stderr, "[ERROR] TilingFunc: %s: %s (CANN logs this and goes on)\n", api, message.c_str());
}

inline void require_type_size(const char* api, uint32_t type_size) {
  if (type_size != 2 && type_size != 4) {
    hl_tiling_error(api, cat("typeSize ", type_size, " is not 2 (half) or 4 (float)"));
  }
}

// [rows, last] of a shape viewed as 2-D over its last axis; every dim must be positive.
struct RowsLast {
  uint64_t rows = 1;
  uint64_t last = 0;
};

inline RowsLast rows_last(const char* api, const char* what, const ge::Shape& shape) {
  if (shape.GetDimNum() == 0) hl_tiling_error(api, cat(what, " has no dims"));
  RowsLast r;
  for (size_t i = 0; i < shape.GetDimNum(); ++i) {
    const int64_t d = shape.GetDim(i);
    if (d <= 0) hl_tiling_error(api, cat(what, " dim ", i, " is ", d, "; every dim must be positive"));
    if (i + 1 < shape.GetDimNum()) r.rows *= static_cast<uint64_t>(d);
  }
  r.last = static_cast<uint64_t>(shape.GetDim(shape.GetDimNum() - 1));
  if (r.rows * r.last > 0xffffffffull) hl_tiling_error(api, cat(what, " has more than 2^32 - 1 elements"));
  return r;
}

// The UB row length must be whole 32 B blocks (pad H on the host and pass the real length separately).
inline void require_aligned_last(const char* api, const char* what, uint64_t last, uint32_t type_size) {
  if (last * type_size % 32 != 0) {
    hl_tiling_error(api, cat(what, " last axis ", last, " x ", type_size, " bytes = ", last * type_size,
                             " bytes is not a multiple of 32 bytes (pad the row in UB to 32 B)"));
  }
}

// [B, S, H] of a norm's input shape: rank 3, rank 2 read as [1, S, H], or CANN's rank 4 [B, S, H, originalH] of the
// LayerNorm family (H the row length in UB, originalH <= H the real one).
struct Bsh {
  uint32_t b = 1, s = 1, h = 0, orig = 0;
};

inline Bsh bsh(const char* api, const char* what, const ge::Shape& shape) {
  const size_t rank = shape.GetDimNum();
  if (rank < 2 || rank > 4) {
    hl_tiling_error(api, cat(what, " has rank ", rank, "; expected [B, S, H, originalH], [B, S, H] or [S, H]"));
  }
  if (rank == 4) {
    for (size_t i = 0; i < 4; ++i) {
      if (shape.GetDim(i) <= 0) hl_tiling_error(api, cat(what, " dim ", i, " is ", shape.GetDim(i), "; every dim must be positive"));
    }
    Bsh out{static_cast<uint32_t>(shape.GetDim(0)), static_cast<uint32_t>(shape.GetDim(1)),
            static_cast<uint32_t>(shape.GetDim(2)), static_cast<uint32_t>(shape.GetDim(3))};
    if (out.orig > out.h) hl_tiling_error(api, cat(what, " originalH ", out.orig, " is more than H ", out.h));
    return out;
  }
  const RowsLast r = rows_last(api, what, shape);
  Bsh out;
  out.b = rank == 3 ? static_cast<uint32_t>(shape.GetDim(0)) : 1;
  out.s = static_cast<uint32_t>(shape.GetDim(rank - 2));
  out.h = static_cast<uint32_t>(r.last);
  out.orig = out.h;
  return out;
}

// The Ascend 950 only helpers: elsewhere CANN logs "Unsupported NpuArch" and returns with the outputs untouched
// (its own examples still call some of them on the 910B); opkit logs the same and answers Ascend 950's figures.
inline void require_950(const char* api, const platform_ascendc::PlatformAscendC& platform) {
  const opkit::sim::SocProfile& p = platform.opkit_profile();
  if (p.npu_arch != 3510) {
    hl_tiling_logged_error(api, cat("this API exists on Ascend 950 (NpuArch 3510) only; the platform is ", p.name,
                                    " (NpuArch ", p.npu_arch, "): the figures below are Ascend 950's"));
  }
}

}  // namespace opkit::host::detail
