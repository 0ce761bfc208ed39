// ListTensorDesc/TensorDesc: decode the GM descriptor of a tensor list (dynamic inputs) that the framework passes.
//
// Layout (uint64 words): [0] byte offset from the start to the data pointers; then one description per tensor,
// (1 + dim) words each: a head word (dim in the low 32 bits, the tensor's index in the high 32) and its dims; then
// one data pointer per tensor. A list without shapes has dim 0 and one filler word 0xffffffff.
#pragma once

#include <cstdint>

#include "opkit/sim/fault.h"
#include "opkit/sim/global_tensor.h"
#include "opkit/sim/launch_state.h"

namespace AscendC {

class ListTensorDesc;

template <class T>
class TensorDesc {
 public:
  TensorDesc() = default;
  void SetShapeAddr(uint64_t* shapePtr) { shape_ = shapePtr; }
  uint64_t GetDim() { return dim_; }
  uint64_t GetIndex() { return index_; }
  uint64_t GetShape(uint32_t offset, OPKIT_SIM_HERE) {
    if (shape_ == nullptr) opkit::sim::detail::fault("TensorDesc::GetShape", "SetShapeAddr was never called", where);
    if (offset >= dim_) {
      opkit::sim::detail::fault("TensorDesc::GetShape", opkit::sim::detail::cat("dim ", offset, " is outside [0, ",
                                                                                dim_, ")"), where);
    }
    return shape_[offset];
  }
  T* GetDataPtr() { return ptr_; }
  GlobalTensor<T> GetDataObj() {
    uint64_t count = 1;
    for (uint32_t i = 0; i < dim_ && shape_ != nullptr; ++i) count *= shape_[i];
    GlobalTensor<T> t;
    t.SetGlobalBuffer(ptr_, count);
    return t;
  }

 private:
  friend class ListTensorDesc;
  uint32_t dim_ = 0;
  uint32_t index_ = 0;
  uint64_t* shape_ = nullptr;
  T* ptr_ = nullptr;
};

class ListTensorDesc {
 public:
  ListTensorDesc() = default;
  ListTensorDesc(void* data, uint32_t length = 0xffffffff, uint32_t shapeSize = 0xffffffff, OPKIT_SIM_HERE) {
    Init(data, length, shapeSize, where);
  }
  void Init(void* data, uint32_t length = 0xffffffff, uint32_t shapeSize = 0xffffffff, OPKIT_SIM_HERE) {
    namespace d = opkit::sim::detail;
    const char* api = "ListTensorDesc";
    if (data == nullptr) d::fault(api, "the descriptor pointer is null", where);
    base_ = static_cast<uint64_t*>(data);
    // A descriptor in host memory handed to ICPU_RUN_KF (CANN's CPU debug passes it as is): its reads are held to
    // the descriptor's own extent instead of a GM buffer.
    host_words_ = d::is_host_argument(data) ? 2 : 0;
    const uint64_t data_offset = word(api, 0, where);
    const uint64_t head = word(api, 1, where);
    dim_ = static_cast<uint32_t>(head & 0xffffffffu);
    desc_words_ = dim_ == 0 ? 2 : 1 + dim_;
    if (data_offset < 8 || data_offset % 8 != 0) {
      d::fault(api, d::cat("the data pointer offset ", data_offset, " is not a multiple of 8 past the first word"),
               where);
    }
    const uint64_t shape_words = data_offset / 8 - 1;
    if (shape_words % desc_words_ != 0) {
      d::fault(api, d::cat("the descriptor's ", shape_words, " shape words are not a whole number of ", desc_words_,
                           "-word tensor descriptions (dim ", dim_, ")"), where);
    }
    count_ = static_cast<uint32_t>(shape_words / desc_words_);
    data_words_ = data_offset / 8;
    if (host_words_ != 0) host_words_ = data_words_ + count_;
    if (shapeSize != 0xffffffff && count_ != shapeSize) {
      d::fault(api, d::cat("the descriptor holds ", count_, " tensors but shapeSize is ", shapeSize), where);
    }
    if (length != 0xffffffff && length != data_offset + uint64_t(count_) * 8) {
      d::fault(api, d::cat("length ", length, " bytes differs from the descriptor's ", data_offset + uint64_t(count_) * 8,
                           " bytes"), where);
    }
  }
  template <class T>
  void GetDesc(TensorDesc<T>& desc, uint32_t index, OPKIT_SIM_HERE) {
    namespace d = opkit::sim::detail;
    check_index("ListTensorDesc::GetDesc", index, where);
    if (dim_ == 0) d::fault("ListTensorDesc::GetDesc", "the list carries no shapes (dim 0)", where);
    desc.dim_ = dim_;
    desc.index_ = index;
    desc.ptr_ = reinterpret_cast<T*>(word("ListTensorDesc::GetDesc", data_words_ + index, where));
    if (desc.shape_ != nullptr) {
      for (uint32_t i = 0; i < dim_; ++i) {
        desc.shape_[i] = word("ListTensorDesc::GetDesc", 1 + uint64_t(index) * desc_words_ + 1 + i, where);
      }
    }
  }
  template <class T>
  T* GetDataPtr(uint32_t index, OPKIT_SIM_HERE) {
    check_index("ListTensorDesc::GetDataPtr", index, where);
    return reinterpret_cast<T*>(word("ListTensorDesc::GetDataPtr", data_words_ + index, where));
  }
  uint32_t GetSize() { return count_; }

 private:
  uint64_t word(const char* api, uint64_t i, const opkit::sim::detail::SourceLoc& where) const {
    namespace d = opkit::sim::detail;
    if (host_words_ == 0) {
      d::check_gm(api, "read", base_ + i, 8, where);
    } else if (i >= host_words_) {
      d::fault(api, d::cat("read of word ", i, " is past the ", host_words_, " words of the descriptor in host memory"),
               where);
    }
    return base_[i];
  }
  void check_index(const char* api, uint32_t index, const opkit::sim::detail::SourceLoc& where) const {
    if (base_ == nullptr) opkit::sim::detail::fault(api, "the ListTensorDesc was never initialised", where);
    if (index >= count_) {
      opkit::sim::detail::fault(api, opkit::sim::detail::cat("index ", index, " is outside [0, ", count_, ")"), where);
    }
  }

  uint64_t* base_ = nullptr;
  uint32_t dim_ = 0;
  uint32_t desc_words_ = 0;
  uint32_t count_ = 0;
  uint64_t data_words_ = 0;
  uint64_t host_words_ = 0;  // nonzero: the descriptor is host memory of this many words (ICPU_RUN_KF argument)
};

}  // namespace AscendC
