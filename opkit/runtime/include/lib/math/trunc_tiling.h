// CANN include name of the host helpers of trunc (Get*MaxMinTmpSize, Get*TmpBufferFactorSize).
#pragma once

#include "lib/math/math_tiling.h"
