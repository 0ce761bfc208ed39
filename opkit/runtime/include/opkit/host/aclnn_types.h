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

struct aclTensor {
  std::vector<int64_t> view_shape;
  std::vector<int64_t> strides;  // in elements, one per view dim
  int64_t offset = 0;            // in elements, from data
  aclDataType dtype = ACL_DT_UNDEFINED;
  aclFormat format = ACL_FORMAT_ND;
  std::vector<int64_t> storage_shape;
  void* data = nullptr;
};

struct aclScalar {
  aclDataType dtype = ACL_DT_UNDEFINED;
  alignas(8) unsigned char value[8] = {0};
};

struct aclIntArray {
  std::vector<int64_t> values;
};

struct aclFloatArray {
  std::vector<float> values;
};

struct aclBoolArray {
  std::vector<bool> values;
};

struct aclTensorList {
  std::vector<const aclTensor*> tensors;
};

struct aclScalarList {
  std::vector<const aclScalar*> scalars;
};

// What an aclnnXxxGetWorkspaceSize call prepared; its aclnnXxx runs it (once, unless made repeatable).
struct aclOpExecutor {
  virtual ~aclOpExecutor() = default;
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
