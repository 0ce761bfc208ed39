// TransData's config and params (CANN's transdata_common.h), and the shape rules its kernel API and host helper
// share: the NCDHW side's dims and the other side's, which must be its C (and N) split by 16.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "opkit/sim/shape_info.h"  // DataFormat

namespace AscendC {

template <typename T, typename U>
struct TransDataParams {
  T srcLayout;
  U dstLayout;
};

struct TransDataConfig {
  DataFormat srcFormat;
  DataFormat dstFormat;
};

}  // namespace AscendC

namespace opkit::transdata {

struct Ncdhw {
  int64_t n = 0, c = 0, d = 0, h = 0, w = 0;
  int64_t c1() const { return (c + 15) / 16; }
  int64_t n1() const { return (n + 15) / 16; }
  int64_t hw() const { return h * w; }
  int64_t hw_pad() const { return (h * w + 15) / 16 * 16; }  // a 32 B row of 16-bit elements
};

// The NCDHW dims of a conversion, or "" in `error` naming what does not match. Supported: NCDHW <-> NDC1HWC0,
// NCDHW <-> FRACTAL_Z_3D.
inline Ncdhw shapes(AscendC::TransDataConfig cfg, const std::vector<int64_t>& src, const std::vector<int64_t>& dst,
                    std::string& error) {
  using F = AscendC::DataFormat;
  const bool to = cfg.srcFormat == F::NCDHW;
  const F other = to ? cfg.dstFormat : cfg.srcFormat;
  if ((to ? cfg.srcFormat : cfg.dstFormat) != F::NCDHW || (other != F::NDC1HWC0 && other != F::FRACTAL_Z_3D)) {
    error = "config is not one of NCDHW -> NDC1HWC0, NDC1HWC0 -> NCDHW, NCDHW -> FRACTAL_Z_3D, FRACTAL_Z_3D -> NCDHW";
    return {};
  }
  const std::vector<int64_t>& nc = to ? src : dst;
  const std::vector<int64_t>& o = to ? dst : src;
  const size_t other_rank = other == F::NDC1HWC0 ? 6 : 7;
  if (nc.size() != 5 || o.size() != other_rank) {
    error = "the layouts have " + std::to_string(src.size()) + " and " + std::to_string(dst.size()) +
            " dims; the NCDHW side needs 5, the " + (other == F::NDC1HWC0 ? "NDC1HWC0 side 6" : "FRACTAL_Z_3D side 7");
    return {};
  }
  for (int64_t v : nc) {
    if (v <= 0) {
      error = "the NCDHW shape has a dim " + std::to_string(v);
      return {};
    }
  }
  const Ncdhw s{nc[0], nc[1], nc[2], nc[3], nc[4]};
  const bool ok = other == F::NDC1HWC0
                      ? o[0] == s.n && o[1] == s.d && o[2] == s.c1() && o[3] == s.h && o[4] == s.w && o[5] == 16
                      : o[0] == s.d && o[1] == s.c1() && o[2] == s.h && o[3] == s.w && o[4] == s.n1() && o[5] == 16 &&
                            o[6] == 16;
  if (!ok) {
    error = other == F::NDC1HWC0 ? "the NDC1HWC0 shape must be [N, D, ceil(C/16), H, W, 16] of the NCDHW one"
                                 : "the FRACTAL_Z_3D shape must be [D, ceil(C/16), H, W, ceil(N/16), 16, 16] of the "
                                   "NCDHW one";
    return {};
  }
  return s;
}

}  // namespace opkit::transdata
