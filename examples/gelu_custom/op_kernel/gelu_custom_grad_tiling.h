// gelu_custom_grad_tiling.h: tiling data of GeluCustomGrad and the Unified Buffer budget its kernel and host agree on.
#pragma once

#include <cstdint>

// Queue depth: with 2 buffers per queue, copying tile i+1 in overlaps computing tile i.
constexpr uint32_t GELU_CUSTOM_GRAD_BUFFER_NUM = 2;
// DataCopy moves whole 32-byte blocks; tiles and per-core blocks are multiples of it.
constexpr uint32_t GELU_CUSTOM_GRAD_BLOCK_BYTES = 32;
// Float scratch tensors of the derivative's maths.
constexpr uint32_t GELU_CUSTOM_GRAD_TMP_NUM = 4;

// Unified Buffer bytes one tile element costs for an element of `typeSize` bytes: double-buffered dy, x and dx
// queues, the float scratch tensors, and for 16-bit types float copies of dy and x (the maths runs in float).
constexpr uint32_t GeluCustomGradUbBytesPerElem(uint32_t typeSize)
{
    return GELU_CUSTOM_GRAD_BUFFER_NUM * 3 * typeSize + GELU_CUSTOM_GRAD_TMP_NUM * 4 + (typeSize < 4 ? 2 * 4 : 0);
}

struct GeluCustomGradTilingData {
    uint64_t totalLength;  // elements of dy (x and dx have its shape)
    uint64_t blockLength;  // elements per core, whole 32-byte blocks; the last used core takes what is left
    uint32_t tileLength;   // elements per Unified Buffer tile, whole 32-byte blocks
};
