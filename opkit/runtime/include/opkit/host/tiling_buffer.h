// Copying a tiling-data object into the op's raw tiling buffer (SaveToBuffer of every tiling class), checked.
#pragma once

#include <cstddef>
#include <cstring>

#include "opkit/host/error.h"

namespace opkit::host::detail {

inline void save_tiling(const void* self, size_t size, void* data, size_t capacity, const char* class_name) {
  if (data == nullptr) {
    throw HostError("", "TilingFunc", cat(class_name, "::SaveToBuffer got a null buffer"));
  }
  if (size > capacity) {
    throw HostError("", "TilingFunc", cat(class_name, "::SaveToBuffer needs ", size,
                                          " bytes but the tiling buffer holds ", capacity));
  }
  std::memcpy(data, self, size);
}

}  // namespace opkit::host::detail
