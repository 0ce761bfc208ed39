// lib/matmul_intf.h: CANN's Matmul entry header: the Matmul API (lib/matmul/matmul.h), REGIST_MATMUL_OBJ, and the
// namespace `matmul` that kernels open beside it.
#pragma once

#include "kernel_operator.h"
#include "lib/matmul/matmul.h"
#include "lib/matmul/matmul_tilingdata.h"
#include "lib/matmul/matmul_type.h"

namespace opkit::sim::detail {

// REGIST_MATMUL_OBJ's pairs (object, tiling), each initialised with the pipe.
inline void regist_matmul(AscendC::TPipe*, const SourceLoc&) {}
template <class MM, class Tiling, class... Rest>
void regist_matmul(AscendC::TPipe* pipe, const SourceLoc& where, MM& mm, const Tiling* tiling, Rest&&... rest) {
  mm.Init(tiling, pipe, where);
  regist_matmul(pipe, where, std::forward<Rest>(rest)...);
}

// Whether the current core leaves at REGIST_MATMUL_OBJ: the cube core of a mixed launch, whose vector cores compute.
inline bool matmul_server_leaves() {
  const BlockContext& c = current_block();
  return c.launch != nullptr && c.is_aic && !c.is_aiv && c.launch->aiv_per_block > 0;
}

}  // namespace opkit::sim::detail

namespace AscendC {

// CANN's class behind Matmul (matmul_intf.h picks it by build mode); kernels name it directly, e.g. as a cube group's
// computing object, or MC2 kernels on their cube cores without REGIST_MATMUL_OBJ (the Matmul computes on the core
// that calls it).
template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE = C_TYPE, const auto& MM_CFG = CFG_NORM,
          class MM_CB = MatmulCallBackFunc<>,
          template <const auto& = MM_CFG, typename...> class MATMUL_POLICY = Impl::Detail::MatmulPolicy>
using MatmulImpl = Matmul<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE, MM_CFG, MM_CB, MATMUL_POLICY>;

}  // namespace AscendC

// CANN's kernels write `using namespace matmul;` or `matmul::Matmul<...>`: CANN's matmul.h makes the name an alias.
namespace matmul = AscendC;

// The Matmul of a mixed kernel is served by the block's cube core on the device (it leaves the kernel here when the
// vector cores are done); here the vector cores compute it, so the cube core leaves at once. A kernel compiled with
// ASCENDC_CUBE_ONLY runs the Matmul on the core that calls it, a cube core (KERNEL_TYPE_AIC_ONLY, or the cube side of
// a mixed kernel that pairs it with vector code of its own).
#ifdef ASCENDC_CUBE_ONLY
#define OPKIT_MATMUL_KERNEL_TYPE KERNEL_TYPE_AIC_ONLY
#define OPKIT_MATMUL_SERVED_BY_CUBE false
#else
#define OPKIT_MATMUL_KERNEL_TYPE KERNEL_TYPE_MIX_AIC_1_2
#define OPKIT_MATMUL_SERVED_BY_CUBE true
#endif
#define REGIST_MATMUL_OBJ(tpipe, workspace, ...)                                                            \
  do {                                                                                                      \
    (void)OPKIT_NOTE_KERNEL_TYPE(OPKIT_MATMUL_KERNEL_TYPE);                                                \
    (void)(workspace);                                                                                      \
    if (OPKIT_MATMUL_SERVED_BY_CUBE && ::opkit::sim::detail::matmul_server_leaves()) return;                                               \
    ::opkit::sim::detail::regist_matmul((tpipe), ::opkit::sim::detail::SourceLoc::here(), __VA_ARGS__);    \
  } while (0)
#define REGIST_MATMUL_OBJ_STATIC REGIST_MATMUL_OBJ
#define REGIST_CUBE_OBJ REGIST_MATMUL_OBJ
