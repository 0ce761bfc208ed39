// CANN include name of the host helpers of axpy (Get*MaxMinTmpSize, Get*TmpBufferFactorSize).
#pragma once

#include "lib/math/math_tiling.h"
