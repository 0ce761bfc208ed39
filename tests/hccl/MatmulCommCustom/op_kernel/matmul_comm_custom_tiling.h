// MatmulCommCustom's tiling: the HCCL parts (one init, one cc tiling per collective) and the matmul of one row tile.
#ifndef MATMUL_COMM_CUSTOM_TILING_H
#define MATMUL_COMM_CUSTOM_TILING_H

#include <cstdint>
#include "kernel_tiling/kernel_tiling.h"

struct MatmulCommCustomTilingData {
    Mc2InitTiling mc2InitTiling;
    Mc2CcTiling allGatherTiling;
    Mc2CcTiling allReduceTiling;
    Mc2CcTiling reduceScatterTiling;
    TCubeTiling tileTiling;
    uint32_t m;
    uint32_t n;
    uint32_t k;
    uint32_t tileRows;
};

#endif
