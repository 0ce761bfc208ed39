// CANN include name of the host helpers of digamma (Get*MaxMinTmpSize, Get*TmpBufferFactorSize).
#pragma once

#include "lib/math/math_tiling.h"
