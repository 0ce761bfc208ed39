// CANN include name of LayerNormGradBeta's host tiling.
#pragma once

#include "lib/normalization/layernorm_grad_tiling.h"
