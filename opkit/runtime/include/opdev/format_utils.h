// CANN's opdev/format_utils.h on the CPU.
#pragma once

#include "opdev/common_types.h"

namespace op {
inline bool IsPrivateFormat(Format f)
{
    return f == Format::FORMAT_NC1HWC0 || f == Format::FORMAT_FRACTAL_Z || f == Format::FORMAT_FRACTAL_NZ ||
           f == Format::FORMAT_NDC1HWC0 || f == Format::FORMAT_FRACTAL_Z_3D;
}
}  // namespace op
