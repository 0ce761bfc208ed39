// What aclnn/acl_meta.h's opaque types hold, shared by lib64/libnnopbase.so (which creates them) and each op's
// libcust_opapi.so (which reads them). Both are built by opkit with one compiler, so the layouts agree; user code
// only ever sees the opaque names.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "acl/acl_rt.h"
#include "aclnn/acl_meta.h"
#include "exe_graph/runtime/shape.h"
#include "graph/types.h"

struct aclTensor {
  std::vector<int64_t> view_shape;
  std::vector<int64_t> strides;  // in elements, one per view dim
  int64_t offset = 0;            // in elements, from data
  aclDataType dtype = ACL_DT_UNDEFINED;
  aclFormat format = ACL_FORMAT_ND;
  std::vector<int64_t> storage_shape;
  void* data = nullptr;

  // The accessors CANN's op_api code (opdev/common_types.h) calls on a tensor; aclDataType and ge::DataType share
  // their codes, as aclFormat and ge::Format do.
  gert::Shape GetViewShape() const { return ToShape(view_shape); }
  gert::Shape GetStorageShape() const { return ToShape(storage_shape.empty() ? view_shape : storage_shape); }
  gert::Shape GetOriginalShape() const { return GetViewShape(); }
  void SetViewShape(const gert::Shape& s);
  void SetStorageShape(const gert::Shape& s) { storage_shape = FromShape(s); }
  void SetOriginalShape(const gert::Shape&) {}
  ge::DataType GetDataType() const { return static_cast<ge::DataType>(dtype); }
  void SetDataType(ge::DataType d) { dtype = static_cast<aclDataType>(d); }
  ge::Format GetViewFormat() const { return static_cast<ge::Format>(format); }
  ge::Format GetStorageFormat() const { return static_cast<ge::Format>(format); }
  ge::Format GetOriginalFormat() const { return static_cast<ge::Format>(format); }
  void SetViewFormat(ge::Format f) { format = static_cast<aclFormat>(f); }
  void SetStorageFormat(ge::Format f) { format = static_cast<aclFormat>(f); }
  void SetOriginalFormat(ge::Format f) { format = static_cast<aclFormat>(f); }
  const std::vector<int64_t>& GetViewStrides() const { return strides; }
  int64_t GetViewOffset() const { return offset; }
  int64_t Numel() const { return GetViewShape().GetShapeSize(); }
  int64_t Size() const { return Numel(); }
  bool IsEmpty() const { return Numel() == 0; }
  void* GetData() const { return data; }

 private:
  static gert::Shape ToShape(const std::vector<int64_t>& dims)
  {
    gert::Shape s;
    for (int64_t d : dims) s.AppendDim(d);
    return s;
  }
  static std::vector<int64_t> FromShape(const gert::Shape& s)
  {
    std::vector<int64_t> dims;
    for (size_t i = 0; i < s.GetDimNum(); ++i) dims.push_back(s.GetDim(i));
    return dims;
  }
};

// A new view shape is a dense one: row-major strides from offset 0 (as CANN's SetViewShape on an executor's tensor).
inline void aclTensor::SetViewShape(const gert::Shape& s)
{
  view_shape = FromShape(s);
  strides.assign(view_shape.size(), 1);
  for (size_t i = view_shape.size(); i-- > 1;) strides[i - 1] = strides[i] * (view_shape[i] > 0 ? view_shape[i] : 1);
  storage_shape = view_shape;
}

struct aclScalar {
  aclDataType dtype = ACL_DT_UNDEFINED;
  alignas(8) unsigned char value[8] = {0};
};

struct aclIntArray {
  std::vector<int64_t> values;
  uint64_t Size() const { return values.size(); }
  int64_t operator[](size_t i) const { return values[i]; }
};

struct aclFloatArray {
  std::vector<float> values;
  uint64_t Size() const { return values.size(); }
  float operator[](size_t i) const { return values[i]; }
};

struct aclBoolArray {
  std::vector<bool> values;
  uint64_t Size() const { return values.size(); }
  bool operator[](size_t i) const { return values[i]; }
};

struct aclTensorList {
  std::vector<const aclTensor*> tensors;
  uint64_t Size() const { return tensors.size(); }
  const aclTensor* operator[](size_t i) const { return tensors[i]; }
};

struct aclScalarList {
  std::vector<const aclScalar*> scalars;
};

// What an aclnnXxxGetWorkspaceSize call prepared; its aclnnXxx runs it (once, unless made repeatable).
struct aclOpExecutor {
  virtual ~aclOpExecutor() = default;
  // What CANN's op_api code calls on its executor (CREATE_EXECUTOR's): defined in opdev/op_executor.h, for the
  // executors it makes only.
  aclTensor* AllocTensor(const gert::Shape& shape, ge::DataType dtype, ge::Format format = ge::FORMAT_ND);
  aclTensor* AllocTensor(const gert::Shape& storage, const gert::Shape& origin, ge::DataType dtype,
                         ge::Format storageFormat, ge::Format originFormat);
  aclTensor* AllocTensor(ge::DataType dtype, ge::Format storageFormat, ge::Format originFormat);
  template <typename T>
  aclTensor* ConvertToTensor(const T* values, uint64_t size, ge::DataType dtype);
  aclTensor* ConvertToTensor(const aclIntArray* values, ge::DataType dtype);
  aclTensor* ConvertToTensor(const aclScalar* value, ge::DataType dtype);
  aclIntArray* AllocIntArray(const int64_t* values, uint64_t size);
  aclFloatArray* AllocFloatArray(const float* values, uint64_t size);
  aclBoolArray* AllocBoolArray(const bool* values, uint64_t size);
  aclScalar* AllocScalar(double value);
  aclTensor* CreateView(const aclTensor* t, const gert::Shape& shape, int64_t offset);
  aclTensor* CreateView(const aclTensor* t, const gert::Shape& shape, const std::vector<int64_t>& strides,
                        int64_t offset);
  uint64_t GetWorkspaceSize() const { return workspace_size; }
  void AbandonCache(bool = false) {}
  virtual aclnnStatus Run(void* workspace, uint64_t workspaceSize, aclrtStream stream) = 0;
  std::string op;  // the aclnn API name, for messages
  uint64_t workspace_size = 0;
  bool repeatable = false;
};

namespace opkit::aclnn {

// The live objects of libnnopbase.so: a pointer to something destroyed (or never created) is refused by name.
enum class ObjectKind : uint8_t { kTensor, kScalar, kIntArray, kFloatArray, kBoolArray, kTensorList, kScalarList,
                                  kExecutor };
// Exported by libnnopbase.so.
__attribute__((visibility("default"))) void track_object(const void* object, ObjectKind kind);
__attribute__((visibility("default"))) bool object_is_live(const void* object, ObjectKind kind);
__attribute__((visibility("default"))) bool forget_object(const void* object, ObjectKind kind);

}  // namespace opkit::aclnn
