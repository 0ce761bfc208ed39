// Umbrella for the vector side of the simulator: mask register, element-wise, cast, compare/select, reduce, activations,
// advanced math (Acos..Trunc, Exp/Log variants), GeGLU/SwiGLU/ReGlu/Swish/Silu, SoftMax, LayerNorm, RmsNorm,
// GatherMask, Sort32, Copy, Pad/UnPad, Broadcast.
#pragma once

#include "opkit/sim/numeric.h"
#include "opkit/sim/vec/common.h"
#include "opkit/sim/vec/mathfn.h"
// Before elementwise.h: its guard against unmatched Axpy calls must see the advanced Axpy overload.
#include "opkit/sim/vec/adv_math.h"
#include "opkit/sim/vec/adv_math2.h"
#include "opkit/sim/vec/elementwise.h"
#include "opkit/sim/vec/cast.h"
#include "opkit/sim/vec/select_filter.h"  // before cmpsel.h: its catch-all must see the bytes-mask Select
#include "opkit/sim/vec/cmpsel.h"
#include "opkit/sim/vec/reduce.h"
#include "opkit/sim/vec/adv_reduce.h"
#include "opkit/sim/vec/adv_logic.h"
#include "opkit/sim/vec/quant.h"
#include "opkit/sim/vec/activation.h"
#include "opkit/sim/vec/glu.h"
#include "opkit/sim/vec/softmax.h"
#include "opkit/sim/vec/softmax_ext.h"
#include "opkit/sim/vec/softmax_flash.h"
#include "opkit/sim/vec/norm.h"
#include "opkit/sim/vec/deepnorm.h"
#include "opkit/sim/vec/welford.h"
#include "opkit/sim/vec/layernorm_grad.h"
#include "opkit/sim/vec/philox.h"
#include "opkit/sim/vec/gather.h"
#include "opkit/sim/vec/gatherb.h"
#include "opkit/sim/vec/sort.h"
#include "opkit/sim/vec/sort_ext.h"
#include "opkit/sim/vec/vcopy.h"
#include "opkit/sim/vec/pad.h"
#include "opkit/sim/vec/broadcast.h"
#include "opkit/sim/vec/fused.h"
#include "opkit/sim/vec/impl_raw.h"
