/* The Div kernel's own constants. Its include guard has the name of the host's tiling header's guard (copied
 * headers often keep it): the kernel must still read this file. */
#ifndef DIV_TILING_H
#define DIV_TILING_H
#include <cstdint>
constexpr int32_t DIV_INPUTS = 2;
#endif  // DIV_TILING_H
