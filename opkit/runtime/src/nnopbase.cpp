// lib64/libnnopbase.so of `opkit cann-root`: aclnn/acl_meta.h's objects (aclTensor and the arrays, lists, scalars),
// their getters, and the executor calls of aclnn/aclnn_base.h. Uses libascendcl.so's recent error.
#include <cstring>
#include <mutex>
#include <set>
#include <utility>

#include "opkit/host/aclnn_types.h"
#include "opkit/sim/device_memory.h"

using opkit::aclnn::ObjectKind;
using opkit::sim::detail::acl_fail;

namespace opkit::aclnn {
namespace {
std::mutex& objects_mutex() {
  static std::mutex m;
  return m;
}
std::set<std::pair<const void*, ObjectKind>>& objects() {
  static std::set<std::pair<const void*, ObjectKind>> live;
  return live;
}
}  // namespace

void track_object(const void* object, ObjectKind kind) {
  std::lock_guard<std::mutex> lock(objects_mutex());
  objects().emplace(object, kind);
}
bool object_is_live(const void* object, ObjectKind kind) {
  std::lock_guard<std::mutex> lock(objects_mutex());
  return objects().count({object, kind}) != 0;
}
bool forget_object(const void* object, ObjectKind kind) {
  std::lock_guard<std::mutex> lock(objects_mutex());
  return objects().erase({object, kind}) != 0;
}
}  // namespace opkit::aclnn

namespace {
template <typename T>
T* tracked(T* object, ObjectKind kind) {
  opkit::aclnn::track_object(object, kind);
  return object;
}

template <typename T>
aclnnStatus destroy(const T* object, ObjectKind kind, const char* api) {
  if (object == nullptr) return ACLNN_SUCCESS;  // as CANN: destroying null is a no-op
  if (!opkit::aclnn::forget_object(object, kind)) {
    return acl_fail(ACLNN_ERR_PARAM_INVALID, api, "%p is not a live object of this kind (destroyed already?)",
                    static_cast<const void*>(object));
  }
  delete object;
  return ACLNN_SUCCESS;
}

aclnnStatus copy_out(const std::vector<int64_t>& values, int64_t** out, uint64_t* count, const char* api) {
  if (out == nullptr || count == nullptr) return acl_fail(ACLNN_ERR_PARAM_NULLPTR, api, "an output pointer is null");
  *out = new int64_t[values.empty() ? 1 : values.size()];
  std::copy(values.begin(), values.end(), *out);
  *count = values.size();
  return ACLNN_SUCCESS;
}

aclnnStatus fill_tensor(aclTensor* t, const int64_t* viewDims, uint64_t viewDimsNum, aclDataType dataType,
                        const int64_t* stride, int64_t offset, aclFormat format, const int64_t* storageDims,
                        uint64_t storageDimsNum, void* tensorData, const char* api) {
  if (viewDimsNum > 0 && viewDims == nullptr) {
    return acl_fail(ACLNN_ERR_PARAM_NULLPTR, api, "viewDims is null but viewDimsNum is %llu",
                    static_cast<unsigned long long>(viewDimsNum));
  }
  if (aclDataTypeSize(dataType) == 0) {
    return acl_fail(ACLNN_ERR_PARAM_INVALID, api, "dataType %d is not a numeric aclDataType", dataType);
  }
  if (offset < 0) return acl_fail(ACLNN_ERR_PARAM_INVALID, api, "offset %lld is negative", (long long)offset);
  t->view_shape.assign(viewDims, viewDims + viewDimsNum);
  for (int64_t d : t->view_shape) {
    if (d < 0) return acl_fail(ACLNN_ERR_PARAM_INVALID, api, "view dim %lld is negative", (long long)d);
  }
  t->strides.assign(viewDimsNum, 1);
  if (stride != nullptr) {
    t->strides.assign(stride, stride + viewDimsNum);
  } else {
    for (uint64_t i = viewDimsNum; i-- > 1;) t->strides[i - 1] = t->strides[i] * t->view_shape[i];
  }
  if (storageDims != nullptr && storageDimsNum > 0) {
    t->storage_shape.assign(storageDims, storageDims + storageDimsNum);
  } else {
    t->storage_shape = t->view_shape;
  }
  t->offset = offset;
  t->dtype = dataType;
  t->format = format;
  t->data = tensorData;
  return ACLNN_SUCCESS;
}
}  // namespace

extern "C" {

ACL_FUNC_VISIBILITY aclTensor* aclCreateTensor(const int64_t* viewDims, uint64_t viewDimsNum, aclDataType dataType,
                                               const int64_t* stride, int64_t offset, aclFormat format,
                                               const int64_t* storageDims, uint64_t storageDimsNum,
                                               void* tensorData) {
  auto* t = new aclTensor;
  if (fill_tensor(t, viewDims, viewDimsNum, dataType, stride, offset, format, storageDims, storageDimsNum, tensorData,
                  "aclCreateTensor") != ACLNN_SUCCESS) {
    delete t;
    return nullptr;
  }
  return tracked(t, ObjectKind::kTensor);
}

ACL_FUNC_VISIBILITY aclnnStatus aclInitTensor(aclTensor* tensor, const int64_t* viewDims, uint64_t viewDimsNum,
                                              aclDataType dataType, const int64_t* stride, int64_t offset,
                                              aclFormat format, const int64_t* storageDims,
                                              uint64_t storageDimsNum, void* tensorData) {
  if (tensor == nullptr) return acl_fail(ACLNN_ERR_PARAM_NULLPTR, "aclInitTensor", "tensor is null");
  return fill_tensor(tensor, viewDims, viewDimsNum, dataType, stride, offset, format, storageDims, storageDimsNum,
                     tensorData, "aclInitTensor");
}

ACL_FUNC_VISIBILITY aclScalar* aclCreateScalar(void* value, aclDataType dataType) {
  const size_t size = aclDataTypeSize(dataType);
  if (value == nullptr || size == 0) {
    acl_fail(ACLNN_ERR_PARAM_INVALID, "aclCreateScalar", "value %p, dataType %d", value, dataType);
    return nullptr;
  }
  auto* s = new aclScalar;
  s->dtype = dataType;
  std::memcpy(s->value, value, size);
  return tracked(s, ObjectKind::kScalar);
}

ACL_FUNC_VISIBILITY aclIntArray* aclCreateIntArray(const int64_t* value, uint64_t size) {
  if (value == nullptr && size > 0) {
    acl_fail(ACLNN_ERR_PARAM_NULLPTR, "aclCreateIntArray", "value is null");
    return nullptr;
  }
  return tracked(new aclIntArray{std::vector<int64_t>(value, value + size)}, ObjectKind::kIntArray);
}

ACL_FUNC_VISIBILITY aclFloatArray* aclCreateFloatArray(const float* value, uint64_t size) {
  if (value == nullptr && size > 0) {
    acl_fail(ACLNN_ERR_PARAM_NULLPTR, "aclCreateFloatArray", "value is null");
    return nullptr;
  }
  return tracked(new aclFloatArray{std::vector<float>(value, value + size)}, ObjectKind::kFloatArray);
}

ACL_FUNC_VISIBILITY aclBoolArray* aclCreateBoolArray(const bool* value, uint64_t size) {
  if (value == nullptr && size > 0) {
    acl_fail(ACLNN_ERR_PARAM_NULLPTR, "aclCreateBoolArray", "value is null");
    return nullptr;
  }
  return tracked(new aclBoolArray{std::vector<bool>(value, value + size)}, ObjectKind::kBoolArray);
}

ACL_FUNC_VISIBILITY aclTensorList* aclCreateTensorList(const aclTensor* const* value, uint64_t size) {
  if (value == nullptr && size > 0) {
    acl_fail(ACLNN_ERR_PARAM_NULLPTR, "aclCreateTensorList", "value is null");
    return nullptr;
  }
  return tracked(new aclTensorList{std::vector<const aclTensor*>(value, value + size)}, ObjectKind::kTensorList);
}

ACL_FUNC_VISIBILITY aclScalarList* aclCreateScalarList(const aclScalar* const* value, uint64_t size) {
  if (value == nullptr && size > 0) {
    acl_fail(ACLNN_ERR_PARAM_NULLPTR, "aclCreateScalarList", "value is null");
    return nullptr;
  }
  return tracked(new aclScalarList{std::vector<const aclScalar*>(value, value + size)}, ObjectKind::kScalarList);
}

ACL_FUNC_VISIBILITY aclnnStatus aclDestroyTensor(const aclTensor* tensor) {
  return destroy(tensor, ObjectKind::kTensor, "aclDestroyTensor");
}
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyScalar(const aclScalar* scalar) {
  return destroy(scalar, ObjectKind::kScalar, "aclDestroyScalar");
}
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyIntArray(const aclIntArray* array) {
  return destroy(array, ObjectKind::kIntArray, "aclDestroyIntArray");
}
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyFloatArray(const aclFloatArray* array) {
  return destroy(array, ObjectKind::kFloatArray, "aclDestroyFloatArray");
}
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyBoolArray(const aclBoolArray* array) {
  return destroy(array, ObjectKind::kBoolArray, "aclDestroyBoolArray");
}
// As CANN: destroying a list destroys the tensors in it.
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyTensorList(const aclTensorList* array) {
  if (array != nullptr && opkit::aclnn::object_is_live(array, ObjectKind::kTensorList)) {
    for (const aclTensor* t : array->tensors) aclDestroyTensor(t);
  }
  return destroy(array, ObjectKind::kTensorList, "aclDestroyTensorList");
}
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyScalarList(const aclScalarList* array) {
  if (array != nullptr && opkit::aclnn::object_is_live(array, ObjectKind::kScalarList)) {
    for (const aclScalar* s : array->scalars) aclDestroyScalar(s);
  }
  return destroy(array, ObjectKind::kScalarList, "aclDestroyScalarList");
}

ACL_FUNC_VISIBILITY aclnnStatus aclGetViewShape(const aclTensor* tensor, int64_t** viewDims, uint64_t* viewDimsNum) {
  if (tensor == nullptr) return acl_fail(ACLNN_ERR_PARAM_NULLPTR, "aclGetViewShape", "tensor is null");
  return copy_out(tensor->view_shape, viewDims, viewDimsNum, "aclGetViewShape");
}
ACL_FUNC_VISIBILITY aclnnStatus aclGetStorageShape(const aclTensor* tensor, int64_t** storageDims,
                                                   uint64_t* storageDimsNum) {
  if (tensor == nullptr) return acl_fail(ACLNN_ERR_PARAM_NULLPTR, "aclGetStorageShape", "tensor is null");
  return copy_out(tensor->storage_shape, storageDims, storageDimsNum, "aclGetStorageShape");
}
ACL_FUNC_VISIBILITY aclnnStatus aclGetViewStrides(const aclTensor* tensor, int64_t** stridesValue,
                                                  uint64_t* stridesNum) {
  if (tensor == nullptr) return acl_fail(ACLNN_ERR_PARAM_NULLPTR, "aclGetViewStrides", "tensor is null");
  return copy_out(tensor->strides, stridesValue, stridesNum, "aclGetViewStrides");
}
ACL_FUNC_VISIBILITY aclnnStatus aclGetViewOffset(const aclTensor* tensor, int64_t* offset) {
  if (tensor == nullptr || offset == nullptr) return acl_fail(ACLNN_ERR_PARAM_NULLPTR, "aclGetViewOffset", "null");
  *offset = tensor->offset;
  return ACLNN_SUCCESS;
}
ACL_FUNC_VISIBILITY aclnnStatus aclGetFormat(const aclTensor* tensor, aclFormat* format) {
  if (tensor == nullptr || format == nullptr) return acl_fail(ACLNN_ERR_PARAM_NULLPTR, "aclGetFormat", "null");
  *format = tensor->format;
  return ACLNN_SUCCESS;
}
ACL_FUNC_VISIBILITY aclnnStatus aclGetDataType(const aclTensor* tensor, aclDataType* dataType) {
  if (tensor == nullptr || dataType == nullptr) return acl_fail(ACLNN_ERR_PARAM_NULLPTR, "aclGetDataType", "null");
  *dataType = tensor->dtype;
  return ACLNN_SUCCESS;
}

#define OPKIT_SIZE_GETTER(api, type, member)                                     \
  ACL_FUNC_VISIBILITY aclnnStatus api(const type* object, uint64_t* size) {      \
    if (object == nullptr || size == nullptr) {                                  \
      return acl_fail(ACLNN_ERR_PARAM_NULLPTR, #api, "null");                    \
    }                                                                            \
    *size = object->member.size();                                               \
    return ACLNN_SUCCESS;                                                        \
  }
OPKIT_SIZE_GETTER(aclGetIntArraySize, aclIntArray, values)
OPKIT_SIZE_GETTER(aclGetFloatArraySize, aclFloatArray, values)
OPKIT_SIZE_GETTER(aclGetBoolArraySize, aclBoolArray, values)
OPKIT_SIZE_GETTER(aclGetTensorListSize, aclTensorList, tensors)
OPKIT_SIZE_GETTER(aclGetScalarListSize, aclScalarList, scalars)
#undef OPKIT_SIZE_GETTER

ACL_FUNC_VISIBILITY aclnnStatus aclnnInit(const char* /*configPath*/) { return ACLNN_SUCCESS; }
ACL_FUNC_VISIBILITY aclnnStatus aclnnFinalize() { return ACLNN_SUCCESS; }

ACL_FUNC_VISIBILITY aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor* executor) {
  if (executor == nullptr) return acl_fail(ACLNN_ERR_PARAM_NULLPTR, "aclSetAclOpExecutorRepeatable", "null");
  if (!opkit::aclnn::object_is_live(executor, ObjectKind::kExecutor)) {
    return acl_fail(ACLNN_ERR_PARAM_INVALID, "aclSetAclOpExecutorRepeatable", "%p is not a live executor",
                    static_cast<void*>(executor));
  }
  executor->repeatable = true;
  return ACLNN_SUCCESS;
}

ACL_FUNC_VISIBILITY aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor* executor) {
  return destroy(executor, ObjectKind::kExecutor, "aclDestroyAclOpExecutor");
}

}  // extern "C"
