// gert::CompileTimeTensorDesc (dtype + formats) and gert::Tensor (shape + dtype + host data for value-depend inputs).
#pragma once

#include <cstddef>
#include <cstdint>

#include "exe_graph/runtime/storage_format.h"
#include "exe_graph/runtime/storage_shape.h"
#include "graph/types.h"

namespace gert {

class CompileTimeTensorDesc {
 public:
  CompileTimeTensorDesc() = default;
  CompileTimeTensorDesc(ge::DataType dt, StorageFormat format) : dtype_(dt), format_(format) {}
  ge::DataType GetDataType() const { return dtype_; }
  const StorageFormat& GetFormat() const { return format_; }
  ge::Format GetOriginFormat() const { return format_.GetOriginFormat(); }
  ge::Format GetStorageFormat() const { return format_.GetStorageFormat(); }
  void SetDataType(ge::DataType dt) { dtype_ = dt; }

 private:
  ge::DataType dtype_ = ge::DT_UNDEFINED;
  StorageFormat format_;
};

// In opkit every input lives in host memory, so GetData/GetAddr work for every input whose caller passed data
// (CANN guarantees it only for ValueDepend inputs); nullptr when no data was given.
class Tensor {
 public:
  Tensor() = default;
  Tensor(const StorageShape& shape, const StorageFormat& format, ge::DataType dt, const void* data)
      : shape_(shape), format_(format), dtype_(dt), data_(data) {}

  const StorageShape& GetShape() const { return shape_; }
  const Shape& GetOriginShape() const { return shape_.GetOriginShape(); }
  const Shape& GetStorageShape() const { return shape_.GetStorageShape(); }
  int64_t GetShapeSize() const { return shape_.GetStorageShape().GetShapeSize(); }
  ge::DataType GetDataType() const { return dtype_; }
  const StorageFormat& GetFormat() const { return format_; }
  ge::Format GetOriginFormat() const { return format_.GetOriginFormat(); }
  ge::Format GetStorageFormat() const { return format_.GetStorageFormat(); }
  // Bytes of data: element count times element size (0 for sub-byte or unknown types).
  size_t GetSize() const {
    const int item = ge::GetSizeByDataType(dtype_);
    const int64_t n = GetShapeSize();
    return (item > 0 && n > 0) ? static_cast<size_t>(n) * static_cast<size_t>(item) : 0;
  }
  const void* GetAddr() const { return data_; }
  template <typename T>
  const T* GetData() const {
    return static_cast<const T*>(data_);
  }

 private:
  StorageShape shape_;
  StorageFormat format_;
  ge::DataType dtype_ = ge::DT_UNDEFINED;
  const void* data_ = nullptr;
};

}  // namespace gert
