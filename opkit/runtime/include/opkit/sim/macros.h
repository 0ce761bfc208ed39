// The CCE qualifiers and predefined macros a kernel expects, as CANN's CPU debug build defines them.
#pragma once

#include <cstdint>

// Address-space and function qualifiers mean nothing on the host. `__inline__` is GCC's own keyword
// (an alias of `inline`) and is left alone.
#define __global__
#define __aicore__
#define __vector__
#define __gm__
#define __ubuf__
#define __cbuf__
#define __ca__
#define __cb__
#define __cc__
#define __fbuf__
#define __ssbuf__

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

// Vector kernels: every block is an AI Vector core.
#define ASCEND_IS_AIV (true)
#define ASCEND_IS_AIC (false)
#define ASCEND_IS_NOT_AIV (false)
#define ASCEND_IS_NOT_AIC (true)

enum KernelMetaType : uint8_t {
  KERNEL_TYPE_AIV_ONLY, KERNEL_TYPE_AIC_ONLY, KERNEL_TYPE_MIX_AIV_1_0, KERNEL_TYPE_MIX_AIC_1_0,
  KERNEL_TYPE_MIX_AIC_1_1, KERNEL_TYPE_MIX_AIC_1_2, KERNEL_TYPE_AICORE, KERNEL_TYPE_VECTORCORE,
  KERNEL_TYPE_MIX_AICORE, KERNEL_TYPE_MIX_VECTOR_CORE, KERNEL_TYPE_MAX,
};

namespace opkit::sim::detail {
// The task type a kernel declared; recorded for inspection, it changes nothing in the simulator.
inline KernelMetaType& declared_task_type() {
  thread_local KernelMetaType type = KERNEL_TYPE_AIV_ONLY;
  return type;
}
}  // namespace opkit::sim::detail

#define KERNEL_TASK_TYPE_DEFAULT(type) (::opkit::sim::detail::declared_task_type() = (type))
#define KERNEL_TASK_TYPE(key, type) ((void)(key), ::opkit::sim::detail::declared_task_type() = (type))
