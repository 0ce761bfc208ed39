// gert::Shape: the fixed-capacity dimension list every gert context hands out (CANN's API and limits).
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <limits>

namespace gert {

class Shape {
 public:
  static constexpr size_t kMaxDimNum = 25;
  static constexpr int64_t kInvalidDimValue = std::numeric_limits<int64_t>::min();

  Shape() = default;
  Shape(std::initializer_list<int64_t> dims) {
    for (int64_t d : dims) AppendDim(d);
  }

  size_t GetDimNum() const { return dim_num_; }
  // kInvalidDimValue when idx is out of range, as in CANN.
  int64_t GetDim(size_t idx) const { return idx < dim_num_ ? dims_[idx] : kInvalidDimValue; }
  void SetDim(size_t idx, int64_t value) {
    set_ = true;
    if (idx < dim_num_) dims_[idx] = value;
  }
  // Growing keeps old values and zero-fills new dims; at most kMaxDimNum (larger requests are clamped).
  void SetDimNum(size_t n) {
    set_ = true;
    if (n > kMaxDimNum) n = kMaxDimNum;
    for (size_t i = dim_num_; i < n; ++i) dims_[i] = 0;
    dim_num_ = n;
  }
  // Ignored when the shape already holds kMaxDimNum dims (CANN does the same).
  Shape& AppendDim(int64_t value) {
    set_ = true;
    if (dim_num_ < kMaxDimNum) dims_[dim_num_++] = value;
    return *this;
  }
  bool IsScalar() const { return dim_num_ == 0; }
  void SetScalar() {
    set_ = true;
    dim_num_ = 0;
  }
  // Number of elements: 1 for a scalar, -1 when a dim is negative (unknown), 0 when a dim is 0.
  int64_t GetShapeSize() const {
    int64_t n = 1;
    for (size_t i = 0; i < dim_num_; ++i) {
      if (dims_[i] < 0) return -1;
      n *= dims_[i];
    }
    return n;
  }
  bool IsUnknownShape() const {
    for (size_t i = 0; i < dim_num_; ++i) {
      if (dims_[i] < 0) return true;
    }
    return false;
  }
  const int64_t& operator[](size_t idx) const { return dims_[idx]; }
  int64_t& operator[](size_t idx) {
    set_ = true;
    return dims_[idx];
  }
  bool operator==(const Shape& o) const {
    if (dim_num_ != o.dim_num_) return false;
    for (size_t i = 0; i < dim_num_; ++i) {
      if (dims_[i] != o.dims_[i]) return false;
    }
    return true;
  }
  bool operator!=(const Shape& o) const { return !(*this == o); }

  // opkit's own: whether anything wrote this shape since OpkitMarkUnset(). The registry marks every output unset
  // before the op's InferShape runs; an output still unset afterwards has no shape the op decided (the caller must
  // pass it in, as aclnn callers do). Every Shape made any other way counts as set.
  void OpkitMarkUnset() { set_ = false; }
  bool OpkitIsSet() const { return set_; }

 private:
  size_t dim_num_ = 0;
  int64_t dims_[kMaxDimNum] = {};
  bool set_ = true;
};

}  // namespace gert
