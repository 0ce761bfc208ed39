/* Tiling data of Exp (newer layout). The host includes it as "exp_tiling.h": op_kernel/ is on its include path. */
#ifndef EXP_TILING_H
#define EXP_TILING_H
#include <cstdint>
struct ExpTilingData {
    uint32_t length;
};
#endif  // EXP_TILING_H
