/* Tiling data of AddTplCustom: a plain struct (msopgen's newer layout). */
#ifndef ADD_TPL_CUSTOM_TILING_H
#define ADD_TPL_CUSTOM_TILING_H
#include <cstdint>
struct AddTplCustomTilingData {
    uint32_t totalLength;
};
#endif  // ADD_TPL_CUSTOM_TILING_H
