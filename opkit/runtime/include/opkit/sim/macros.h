// The CCE qualifiers and predefined macros a kernel expects, as CANN's CPU debug build defines them.
#pragma once

#include <cstdint>

#include "opkit/sim/context.h"
#include "opkit/sim/cube/kernel_type.h"

// Address-space and function qualifiers mean nothing on the host. `__inline__` is GCC's own keyword
// (an alias of `inline`) and is left alone.
// Branch hints kernels use bare (CANN: impl/basic_api/utils/kernel_utils_macros.h, through kernel_operator.h).
#ifndef likely
#define likely(x) __builtin_expect(!!(x), 1)
#endif
#ifndef unlikely
#define unlikely(x) __builtin_expect(!!(x), 0)
#endif

#define __global__
#define __aicore__
#define __vector__
// `__cube__` and `__mix__(cube, vector)` kernels: `opkit cc` notes their type by name (kernel_type.h).
#define __mix__(...)
#define __gm__
#define __ubuf__
#define __cbuf__
#define __ca__
#define __cb__
#define __cc__
#define __fbuf__
#define __ssbuf__
// The kernel parameter that carries the Matmul API's message area on the device (.asc kernels).
#define __kfc_workspace__

#ifndef GM_ADDR
#define GM_ADDR __gm__ uint8_t*
#endif

// CANN's CPU-debug markers. `opkit cc --mode npu` (OPKIT_NPU_MODE) compiles the NPU branch of a kernel-launch
// program (`#ifndef ASCENDC_CPU_DEBUG`: acl, <<<>>>, ACLRT_LAUNCH_KERNEL) against the simulator, so it leaves them out.
#ifndef OPKIT_NPU_MODE
#ifndef ASCENDC_CPU_DEBUG
#define ASCENDC_CPU_DEBUG 1
#endif
#ifndef __CCE_KT_TEST__
#define __CCE_KT_TEST__ 1
#endif
#endif

// The SoC a kernel is compiled for: Ascend910B (arch 2201) unless the build says otherwise with -DOPKIT_SOC_ARCH=
// 1001 (Ascend910), 2002 (Ascend310P), 3002 (Ascend310B) or 3510 (Ascend950); `opkit cc --npu-arch=dav-NNNN` and a
// project's OPKIT_SOC set it. The launch's SoC (opkit::sim::Launch) sets the UB size at run time; this only chooses
// what `#if __NPU_ARCH__` branches the kernel compiles and which dtypes and APIs it may use.
#ifndef OPKIT_SOC_ARCH
#define OPKIT_SOC_ARCH 2201
#endif
#if OPKIT_SOC_ARCH != 2201 && OPKIT_SOC_ARCH != 2002 && OPKIT_SOC_ARCH != 1001 && OPKIT_SOC_ARCH != 3002 && \
    OPKIT_SOC_ARCH != 3510
#error "OPKIT_SOC_ARCH must be 2201 (Ascend910B/910_93), 2002 (Ascend310P), 1001 (Ascend910), 3002 (Ascend310B) or 3510 (Ascend950)"
#endif
#ifndef __NPU_ARCH__
#define __NPU_ARCH__ OPKIT_SOC_ARCH
#endif
// __CCE_AICORE__ follows CANN's build modes (asc-devkit cmake/asc/legacy_modules/host_config.cmake: c100, m200, c220,
// m300, c310); only 200 and 220 are confirmed as values a kernel sees, the others are read from those names (?).
#ifndef __CCE_AICORE__
#if OPKIT_SOC_ARCH == 1001
#define __CCE_AICORE__ 100
#elif OPKIT_SOC_ARCH == 2002
#define __CCE_AICORE__ 200
#elif OPKIT_SOC_ARCH == 3002
#define __CCE_AICORE__ 300
#elif OPKIT_SOC_ARCH == 3510
#define __CCE_AICORE__ 310
#else
#define __CCE_AICORE__ 220
#endif
#endif
#define OPKIT_STRINGIFY_(x) #x
#define OPKIT_STRINGIFY(x) OPKIT_STRINGIFY_(x)
// What the kernel's arch has (opkit::sim::arch_has_bf16 / arch_has_data_copy_pad in soc.h say why): 1001 and 2002
// have neither bfloat16 nor DataCopyPad.
#if OPKIT_SOC_ARCH == 1001 || OPKIT_SOC_ARCH == 2002
#define OPKIT_ARCH_HAS_BF16 0
#define OPKIT_ARCH_HAS_DATA_COPY_PAD 0
#else
#define OPKIT_ARCH_HAS_BF16 1
#define OPKIT_ARCH_HAS_DATA_COPY_PAD 1
#endif

// Which core the running block is (cube/core.h): a runtime question, as CANN's CPU debug build asks it (g_coreType).
#define ASCEND_IS_AIV (::opkit::sim::detail::current_block().is_aiv)
#define ASCEND_IS_AIC (::opkit::sim::detail::current_block().is_aic)
#define ASCEND_IS_NOT_AIV (!::opkit::sim::detail::current_block().is_aiv)
#define ASCEND_IS_NOT_AIC (!::opkit::sim::detail::current_block().is_aic)
// CANN's CPU debug build names the running core g_coreType (asc-devkit impl/utils/sys_macros.h) and kernels compare
// it with AscendC::AIC/AIV/MIX; the values follow DumpScalar's numbering of the same cores (0 MIX, 1 AIC, 2 AIV) (?).
namespace AscendC {
constexpr int32_t MIX = 0;
constexpr int32_t AIC = 1;
constexpr int32_t AIV = 2;
}  // namespace AscendC
#define g_coreType (::opkit::sim::detail::core_type_of_block())
#define __cube__

namespace opkit::sim::detail {
// The task type a kernel declared, and a check that the launch ran it on the cores that type has (cube/core.h).
void check_declared_type(KernelMetaType type);
void check_default_type(KernelMetaType type);
}  // namespace opkit::sim::detail

// Notes the type at program start (kernel_type.h says why) and checks it when the kernel runs.
// KERNEL_TASK_TYPE(key, type) overrides the default for the launches with that tiling key (CANN's "Kernel type" page).
#define KERNEL_TASK_TYPE_DEFAULT(type) \
  ((void)OPKIT_NOTE_KERNEL_TYPE(type), ::opkit::sim::detail::check_default_type(type))
#define KERNEL_TASK_TYPE(key, type) \
  ((void)OPKIT_NOTE_KEYED_KERNEL_TYPE(key, type), ::opkit::sim::detail::check_declared_type(type))
