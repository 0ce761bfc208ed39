// Must NOT compile: GET_TILING_DATA with neither REGISTER_TILING_DEFAULT nor a classic op type.
#include "opkit/sim/tiling.h"

#include <cstdint>

uint32_t unregistered_kernel(uint8_t* tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    return static_cast<uint32_t>(sizeof(tilingData));
}

int main() { return 0; }
