// CANN include name of the host helpers of exp (Get*MaxMinTmpSize, Get*TmpBufferFactorSize).
#pragma once

#include "lib/math/math_tiling.h"
