// add_custom_tiling.h: tiling data of AddCustom, filled by the host TilingFunc and read by the kernel. Created by opkit gen 0.1.0; yours to edit.
#pragma once

#include <cstdint>

// Tiles are a multiple of this many elements, so every tensor's tile is whole 32-byte blocks in every dtype.
constexpr uint32_t ADD_CUSTOM_ALIGN = 16;
// Fewest elements worth a core of their own (a multiple of ADD_CUSTOM_ALIGN): smaller inputs use fewer cores.
constexpr uint32_t ADD_CUSTOM_MIN_BLOCK = 4096;
// Queue depth: with 2 buffers, copying in tile i+1 overlaps computing tile i.
constexpr uint32_t ADD_CUSTOM_BUFFER_NUM = 2;
// Unified Buffer bytes one tile element costs: ADD_CUSTOM_BUFFER_NUM buffers of every queued tensor at its widest dtype.
// Add to it when the kernel gets more queues or TBufs.
constexpr uint32_t ADD_CUSTOM_UB_BYTES_PER_ELEM = 24;

struct AddCustomTilingData {
    uint64_t totalLength;  // elements of x (every output has its shape)
    uint64_t blockLength;  // elements per core, a multiple of ADD_CUSTOM_ALIGN; the last core takes the rest
    uint32_t tileLength;   // elements per Unified Buffer tile, a multiple of ADD_CUSTOM_ALIGN
};
