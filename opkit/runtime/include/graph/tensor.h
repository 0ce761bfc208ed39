// ge::Shape, the shape type the high-level APIs' host tiling helpers take (GetSoftMaxMaxTmpSize(ge::Shape, ...)).
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace ge {

class Shape {
 public:
  Shape() = default;
  explicit Shape(std::vector<int64_t> dims) : dims_(std::move(dims)) {}

  size_t GetDimNum() const { return dims_.size(); }
  // CANN returns 0 for an index past the rank.
  int64_t GetDim(size_t idx) const { return idx < dims_.size() ? dims_[idx] : 0; }
  std::vector<int64_t> GetDims() const { return dims_; }
  void SetDim(size_t idx, int64_t value) {
    if (idx < dims_.size()) dims_[idx] = value;
  }
  // Product of the dims; 0 for a shape without dims (CANN's scalar convention is not needed by the tiling helpers).
  int64_t GetShapeSize() const {
    if (dims_.empty()) return 0;
    int64_t n = 1;
    for (int64_t d : dims_) n *= d;
    return n;
  }

 private:
  std::vector<int64_t> dims_;
};

}  // namespace ge
