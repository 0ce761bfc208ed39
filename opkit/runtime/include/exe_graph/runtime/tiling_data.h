// gert::TilingData: the raw tiling buffer a TilingFunc fills (capacity fixed by the caller, size set by the op).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

#include "graph/ge_error_codes.h"

namespace gert {

class TilingData {
 public:
  TilingData(void* data, size_t capacity) : capacity_(capacity), data_(data) {}

  void* GetData() { return data_; }
  const void* GetData() const { return data_; }
  size_t GetCapacity() const { return capacity_; }
  size_t GetDataSize() const { return size_; }
  // A size beyond the capacity is remembered (opkit::host::tile reports it) and clamped, so nothing reads past
  // the buffer.
  void SetDataSize(size_t size) {
    if (size > capacity_) {
      opkit_overflow_ = size;
      size = capacity_;
    }
    size_ = size;
  }
  template <typename T>
  ge::graphStatus Append(const T& value) {
    return Append(&value, 1);
  }
  template <typename T>
  ge::graphStatus Append(const T* values, size_t count) {
    const size_t bytes = sizeof(T) * count;
    if (size_ + bytes > capacity_) {
      opkit_overflow_ = size_ + bytes;
      return ge::GRAPH_FAILED;
    }
    std::memcpy(static_cast<uint8_t*>(data_) + size_, values, bytes);
    size_ += bytes;
    return ge::GRAPH_SUCCESS;
  }

  // The fields in CANN's order (metadef inc/external/exe_graph/runtime/tiling_data.h: capacity, data size, data,
  // then 40 reserved bytes), so a TilingFunc that writes its struct over the object instead of its data
  // (`tiling.SaveToBuffer(context->GetRawTilingData(), ...)`, as CANN's group_barrier sample does) clobbers what it
  // clobbers there: the capacity, which the SetDataSize that follows does not read back.
 private:
  size_t capacity_;
  size_t size_ = 0;
  void* data_;

 public:
  // opkit: the largest size the op asked for beyond the capacity (0 when it stayed inside); where CANN's reserved
  // bytes are.
  size_t opkit_overflow_ = 0;
};

}  // namespace gert
