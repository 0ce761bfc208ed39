// CANN include name of the host helpers of swiglu (Get*MaxMinTmpSize, Get*TmpBufferFactorSize).
#pragma once

#include "lib/math/math_tiling.h"
