// TransData (the advanced API, CANN's transdata.h) for 16-bit data (int16_t, uint16_t, half, bfloat16_t), C0 = N0 = 16:
//   NCDHW -> NDC1HWC0:      dst[n][d][c1][hw][c0]         = src[n][c1*16+c0][d][hw]
//   NDC1HWC0 -> NCDHW:      dst[n][c][d][hw]              = src[n][d][c/16][hw][c%16]
//   NCDHW -> FRACTAL_Z_3D:  dst[d][c1][hw][n1][n0][c0]    = src[n1*16+n0][c1*16+c0][d][hw]
//   FRACTAL_Z_3D -> NCDHW:  dst[n][c][d][hw]              = src[d][c/16][hw][n/16][n%16][c%16]
// An NCDHW tensor holds each (n, c, d) row of H*W elements padded to 16 (32 B), as CANN documents: the input's padding
// is not read, the output's is not written. Channels (and filters) past C (N) in the 16-split formats are written 0.
// The layouts' shapes must agree (opkit::transdata::shapes) or the call faults. sharedTmpBuffer is not used.
#pragma once

#include <cstdint>
#include <tuple>
#include <type_traits>
#include <vector>

#include "lib/transpose/transdata_common.h"
#include "opkit/sim/layout.h"
#include "opkit/sim/vec/common.h"

namespace opkit::sim::detail {

template <typename L>
std::vector<int64_t> layout_dims(const L& layout) {
  std::vector<int64_t> dims;
  std::apply([&](const auto&... v) { (dims.push_back(static_cast<int64_t>(v)), ...); }, layout.GetShape());
  return dims;
}

template <const AscendC::TransDataConfig& kConfig, typename T, typename U, typename S>
void transdata(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
               const AscendC::TransDataParams<U, S>& params, const SourceLoc& where) {
  static_assert(sizeof(T) == 2 && (std::is_integral_v<T> || std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>),
                "TransData: T must be int16_t, uint16_t, half or bfloat16_t");
  static_assert(AscendC::is_layout<U>::value && AscendC::is_layout<S>::value,
                "TransData: TransDataParams must hold two Layouts (MakeLayout(MakeShape(...), MakeStride()))");
  const char* api = "TransData";
  using F = AscendC::DataFormat;
  std::string error;
  const opkit::transdata::Ncdhw s =
      opkit::transdata::shapes(kConfig, layout_dims(params.srcLayout), layout_dims(params.dstLayout), error);
  if (!error.empty()) fault(api, error, where);
  const bool to = kConfig.srcFormat == F::NCDHW, z = (to ? kConfig.dstFormat : kConfig.srcFormat) == F::FRACTAL_Z_3D;
  const int64_t c16 = s.c1() * 16, n16 = z ? s.n1() * 16 : s.n, hw = s.hw(), pad = s.hw_pad();
  const uint64_t nc_elems = uint64_t(s.n * s.c * s.d * pad);
  const uint64_t other_elems = uint64_t(n16 * c16 * s.d * hw);
  require_ub_operand(api, "srcTensor", src, (to ? nc_elems : other_elems) * sizeof(T), where);
  require_ub_operand(api, "dstTensor", dst, (to ? other_elems : nc_elems) * sizeof(T), where);
  // element of the 16-split tensor holding (n, c, d, i); n < n16, c < c16
  const auto split_at = [&](int64_t n, int64_t c, int64_t d, int64_t i) -> int64_t {
    if (z) return ((((d * s.c1() + c / 16) * hw + i) * s.n1() + n / 16) * 16 + n % 16) * 16 + c % 16;
    return (((n * s.d + d) * s.c1() + c / 16) * hw + i) * 16 + c % 16;
  };
  const std::vector<T> in(src.opkit_addr, src.opkit_addr + (to ? nc_elems : other_elems));
  for (int64_t n = 0; n < n16; ++n)
    for (int64_t c = 0; c < c16; ++c)
      for (int64_t d = 0; d < s.d; ++d)
        for (int64_t i = 0; i < hw; ++i) {
          const bool real = n < s.n && c < s.c;
          const int64_t nc_at = ((n * s.c + c) * s.d + d) * pad + i;
          if (to) dst.opkit_addr[split_at(n, c, d, i)] = real ? in[nc_at] : T(0);
          else if (real) dst.opkit_addr[nc_at] = in[split_at(n, c, d, i)];
        }
}

}  // namespace opkit::sim::detail

namespace AscendC {

template <const TransDataConfig& config, typename T, typename U, typename S>
void TransData(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
               const LocalTensor<uint8_t>& sharedTmpBuffer, const TransDataParams<U, S>& params, OPKIT_SIM_HERE) {
  opkit::sim::detail::require_ub_operand("TransData", "sharedTmpBuffer", sharedTmpBuffer, 0, where);
  opkit::sim::detail::transdata<config>(dstTensor, srcTensor, params, where);
}

template <const TransDataConfig& config, typename T, typename U, typename S>
void TransData(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const TransDataParams<U, S>& params,
               OPKIT_SIM_HERE) {
  opkit::sim::detail::transdata<config>(dstTensor, srcTensor, params, where);
}

}  // namespace AscendC
