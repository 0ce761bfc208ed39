// gert::ContinuousVector / TypedContinuousVector / ContinuousVectorVector: how list attrs reach op_host code.
#pragma once

#include <cstddef>
#include <vector>

namespace gert {

// A read-only view of `size` elements at `data` (opkit keeps the storage; CANN stores them inline).
class ContinuousVector {
 public:
  ContinuousVector() = default;
  ContinuousVector(const void* data, size_t size) : data_(data), size_(size) {}
  size_t GetSize() const { return size_; }
  size_t GetCapacity() const { return size_; }
  const void* GetData() const { return data_; }

 private:
  const void* data_ = nullptr;
  size_t size_ = 0;
};

template <typename T>
class TypedContinuousVector : public ContinuousVector {
 public:
  TypedContinuousVector() = default;
  TypedContinuousVector(const T* data, size_t size) : ContinuousVector(data, size) {}
  const T* GetData() const { return static_cast<const T*>(ContinuousVector::GetData()); }
};

// A list of lists (list_list_int attrs): Get(i) is row i.
class ContinuousVectorVector {
 public:
  ContinuousVectorVector() = default;
  explicit ContinuousVectorVector(std::vector<ContinuousVector> rows) : rows_(std::move(rows)) {}
  size_t GetSize() const { return rows_.size(); }
  size_t GetCapacity() const { return rows_.size(); }
  const ContinuousVector* Get(size_t i) const { return i < rows_.size() ? &rows_[i] : nullptr; }

 private:
  std::vector<ContinuousVector> rows_;
};

}  // namespace gert
