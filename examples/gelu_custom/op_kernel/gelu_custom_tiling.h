// gelu_custom_tiling.h: tiling data of GeluCustom and the Unified Buffer budget its kernel and host agree on.
#pragma once

#include <cstdint>

// Queue depth: with 2 buffers per queue, copying tile i+1 in overlaps computing tile i.
constexpr uint32_t GELU_CUSTOM_BUFFER_NUM = 2;
// DataCopy moves whole 32-byte blocks; tiles and per-core blocks are multiples of it.
constexpr uint32_t GELU_CUSTOM_BLOCK_BYTES = 32;

// Unified Buffer bytes one tile element costs for an element of `typeSize` bytes: double-buffered x and y queues,
// one float scratch tensor, and for 16-bit types a float copy of x (the maths runs in float).
constexpr uint32_t GeluCustomUbBytesPerElem(uint32_t typeSize)
{
    return GELU_CUSTOM_BUFFER_NUM * 2 * typeSize + 4 + (typeSize < 4 ? 4 : 0);
}

struct GeluCustomTilingData {
    uint64_t totalLength;  // elements of x (y has its shape)
    uint64_t blockLength;  // elements per core, whole 32-byte blocks; the last used core takes what is left
    uint32_t tileLength;   // elements per Unified Buffer tile, whole 32-byte blocks
};
