// add_custom_tiling.h: tiling data of AddCustom, written by the host TilingFunc and read by the kernel.
#pragma once

#include <cstdint>

// Queue depth: with 2 buffers per queue, copying tile i+1 in overlaps computing tile i.
constexpr uint32_t ADD_CUSTOM_BUFFER_NUM = 2;
// Queued tensors per tile: x and y in, z out.
constexpr uint32_t ADD_CUSTOM_QUEUED_TENSORS = 3;
// DataCopy moves whole 32-byte blocks; tiles and per-core blocks are multiples of it.
constexpr uint32_t ADD_CUSTOM_BLOCK_BYTES = 32;

struct AddCustomTilingData {
    uint64_t totalLength;  // elements of x (y and z have its shape)
    uint64_t blockLength;  // elements per core, whole 32-byte blocks; the last used core takes what is left
    uint32_t tileLength;   // elements per Unified Buffer tile, whole 32-byte blocks
};
