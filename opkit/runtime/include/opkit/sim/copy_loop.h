// Ascend 950's MTE loop mode (SetLoopModePara / ResetLoopModePara): two loops around each DataCopyPad between GM and
// UB, the source and destination moved by their own byte strides on each turn.
#pragma once

#include <cstdint>

#include "opkit/sim/context.h"
#include "opkit/sim/fault.h"
#include "opkit/sim/global_tensor.h"
#include "opkit/sim/macros.h"
#include "opkit/sim/signature.h"
#include "opkit/sim/tensor.h"

namespace AscendC {

enum class DataCopyMVType : uint8_t { UB_TO_OUT = 0, OUT_TO_UB = 1 };

// DataCopyPad's layout in UB on Ascend 950 (copy.h): each row padded to 32 bytes, or all rows back to back.
enum class PaddingMode : uint8_t { Normal = 0, Compact };

struct LoopModeParams {
  LoopModeParams() = default;
  LoopModeParams(const uint32_t loop1SizeIn, const uint32_t loop2SizeIn, const uint64_t loop1SrcStrideIn,
                 const uint64_t loop1DstStrideIn, const uint64_t loop2SrcStrideIn, const uint64_t loop2DstStrideIn)
      : loop1Size(loop1SizeIn), loop2Size(loop2SizeIn), loop1SrcStride(loop1SrcStrideIn),
        loop1DstStride(loop1DstStrideIn), loop2SrcStride(loop2SrcStrideIn), loop2DstStride(loop2DstStrideIn) {}
  uint32_t loop1Size = 0;
  uint32_t loop2Size = 0;
  uint64_t loop1SrcStride = 0;
  uint64_t loop1DstStride = 0;
  uint64_t loop2SrcStride = 0;
  uint64_t loop2DstStride = 0;
};

}  // namespace AscendC

namespace opkit::sim::detail {

// The two paths' loop registers, per core; `on` false is the reset state (one turn of each loop).
struct LoopModeRegs {
  bool on[2] = {false, false};
  AscendC::LoopModeParams p[2];
};
inline LoopModeRegs& loop_mode_regs() { return per_block<LoopModeRegs, LoopModeRegs>(); }

inline void set_loop_mode(const AscendC::LoopModeParams& lp, AscendC::DataCopyMVType type, const SourceLoc& where) {
  const char* api = "SetLoopModePara";
  const bool to_ub = type == AscendC::DataCopyMVType::OUT_TO_UB;
  if (lp.loop1Size >= (1u << 21) || lp.loop2Size >= (1u << 21)) {
    fault(api, cat("loop1Size ", lp.loop1Size, " and loop2Size ", lp.loop2Size, " must be below 2^21"), where);
  }
  // The UB side's strides: below 2^21 and 32-byte aligned; the GM side's below 2^40.
  const uint64_t ub[2] = {to_ub ? lp.loop1DstStride : lp.loop1SrcStride, to_ub ? lp.loop2DstStride : lp.loop2SrcStride};
  const uint64_t gm[2] = {to_ub ? lp.loop1SrcStride : lp.loop1DstStride, to_ub ? lp.loop2SrcStride : lp.loop2DstStride};
  for (int i = 0; i < 2; ++i) {
    if (ub[i] >= (1ull << 21) || ub[i] % 32 != 0) {
      fault(api, cat("loop", i + 1, to_ub ? "DstStride " : "SrcStride ", ub[i], " (the UB side) must be a multiple of "
                     "32 below 2^21"), where);
    }
    if (gm[i] >= (1ull << 40)) {
      fault(api, cat("loop", i + 1, to_ub ? "SrcStride " : "DstStride ", gm[i], " (the GM side) must be below 2^40"),
            where);
    }
  }
  LoopModeRegs& r = loop_mode_regs();
  r.on[static_cast<int>(type)] = true;
  r.p[static_cast<int>(type)] = lp;
}

template <typename Tensor>
Tensor loop_view(const Tensor& t, uint64_t bytes, const char* what, const SourceLoc& where) {
  using T = std::remove_cv_t<std::remove_pointer_t<decltype(t.opkit_addr)>>;
  if (bytes % sizeof(T) != 0) {
    fault("DataCopyPad", cat("loop mode moves the ", what, " by ", bytes, " bytes, not a whole number of ", sizeof(T),
                             "-byte elements"), where);
  }
  Tensor view = t;
  view.opkit_addr = t.opkit_addr + bytes / sizeof(T);
  if constexpr (std::is_same_v<Tensor, AscendC::LocalTensor<T>>) {
    if (bytes / sizeof(T) > t.opkit_count) {
      fault("DataCopyPad", cat("loop mode moves the ", what, " ", bytes, " bytes on, past the end of its tensor (",
                               t.opkit_count, " elements)"), where);
    }
    view.opkit_count = static_cast<uint32_t>(t.opkit_count - bytes / sizeof(T));
  }
  return view;
}

// Runs `once(dst, src)` for each turn of the loops set for `type` (once only when they are reset). A loop size of 0
// runs that loop once, as the reset value 1 does.
template <typename Dst, typename Src, typename Once>
void with_loop_mode(AscendC::DataCopyMVType type, const Dst& dst, const Src& src, const SourceLoc& where, Once once) {
  const LoopModeRegs& r = loop_mode_regs();
  if (!r.on[static_cast<int>(type)]) return once(dst, src);
  const AscendC::LoopModeParams lp = r.p[static_cast<int>(type)];
  for (uint32_t j = 0; j < (lp.loop2Size > 0 ? lp.loop2Size : 1u); ++j) {
    for (uint32_t i = 0; i < (lp.loop1Size > 0 ? lp.loop1Size : 1u); ++i) {
      once(loop_view(dst, j * lp.loop2DstStride + i * lp.loop1DstStride, "destination", where),
           loop_view(src, j * lp.loop2SrcStride + i * lp.loop1SrcStride, "source", where));
    }
  }
}

}  // namespace opkit::sim::detail

namespace AscendC {

#if OPKIT_SOC_ARCH == 3510
inline void SetLoopModePara(const LoopModeParams& loopParams, DataCopyMVType type, OPKIT_SIM_HERE) {
  opkit::sim::detail::set_loop_mode(loopParams, type, where);
}
inline void ResetLoopModePara(DataCopyMVType type) {
  opkit::sim::detail::loop_mode_regs().on[static_cast<int>(type)] = false;
}
#else
template <typename P = LoopModeParams>
void SetLoopModePara(const P&, DataCopyMVType) {
  static_assert(opkit::sim::detail::always_false_v<P>,
                "SetLoopModePara is available on Ascend950 only; this kernel is compiled for " OPKIT_SOC_NAME);
}
template <typename P = LoopModeParams>
void ResetLoopModePara(DataCopyMVType) {
  static_assert(opkit::sim::detail::always_false_v<P>,
                "ResetLoopModePara is available on Ascend950 only; this kernel is compiled for " OPKIT_SOC_NAME);
}
#endif

}  // namespace AscendC
