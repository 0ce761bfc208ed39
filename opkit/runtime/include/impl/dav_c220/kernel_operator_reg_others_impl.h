// CANN's internal impl/dav_c220/kernel_operator_reg_others_impl.h, which some kernels of CANN's operator repository
// include beside kernel_operator.h (rms_norm_grad and 12 more) while calling only public APIs. Its own functions
// (AIPP special registers, ld_dev, icache and stack-base getters) read or set device registers opkit does not
// model; a kernel calling one gets a compile error naming it, not a silent no-op.
#pragma once

#include "kernel_operator.h"
