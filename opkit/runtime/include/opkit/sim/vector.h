// Umbrella for the vector side of the simulator: mask register, element-wise, cast, compare/select, reduce, activations,
// SoftMax, LayerNorm, RmsNorm.
#pragma once

#include "opkit/sim/numeric.h"
#include "opkit/sim/vec/common.h"
#include "opkit/sim/vec/mathfn.h"
#include "opkit/sim/vec/elementwise.h"
#include "opkit/sim/vec/cast.h"
#include "opkit/sim/vec/cmpsel.h"
#include "opkit/sim/vec/reduce.h"
#include "opkit/sim/vec/activation.h"
#include "opkit/sim/vec/softmax.h"
#include "opkit/sim/vec/norm.h"
