// The definitions behind acl/acl_base.h's tensor descriptions and data buffers (acl_base.h: modes).
#pragma once

#include <cstdint>
#include <vector>

#include "acl/acl_base.h"
#include "opkit/sim/device_memory.h"

struct aclTensorDesc {
  aclDataType dtype;
  aclFormat format;
  std::vector<int64_t> dims;
};

struct aclDataBuffer {
  void* data;
  size_t size;
};

OPKIT_ACL_FN aclTensorDesc* aclCreateTensorDesc(aclDataType dataType, int numDims, const int64_t* dims,
                                                aclFormat format) {
  if (numDims < 0 || (numDims > 0 && dims == nullptr)) {
    opkit::sim::detail::acl_fail(ACL_ERROR_INVALID_PARAM, "aclCreateTensorDesc", "%d dims at %p", numDims,
                                 static_cast<const void*>(dims));
    return nullptr;
  }
  return new aclTensorDesc{dataType, format, std::vector<int64_t>(dims, dims + numDims)};
}
OPKIT_ACL_FN void aclDestroyTensorDesc(const aclTensorDesc* desc) { delete desc; }
OPKIT_ACL_FN aclDataType aclGetTensorDescType(const aclTensorDesc* desc) {
  return desc == nullptr ? ACL_DT_UNDEFINED : desc->dtype;
}
OPKIT_ACL_FN aclFormat aclGetTensorDescFormat(const aclTensorDesc* desc) {
  return desc == nullptr ? ACL_FORMAT_UNDEFINED : desc->format;
}
OPKIT_ACL_FN size_t aclGetTensorDescElementCount(const aclTensorDesc* desc) {
  if (desc == nullptr) return 0;
  size_t n = 1;
  for (int64_t d : desc->dims) n *= d < 0 ? 0 : static_cast<size_t>(d);
  return n;
}
OPKIT_ACL_FN size_t aclGetTensorDescSize(const aclTensorDesc* desc) {
  return desc == nullptr ? 0 : aclGetTensorDescElementCount(desc) * aclDataTypeSize(desc->dtype);
}
OPKIT_ACL_FN size_t aclGetTensorDescNumDims(const aclTensorDesc* desc) {
  return desc == nullptr ? 0 : desc->dims.size();
}
OPKIT_ACL_FN int64_t aclGetTensorDescDim(const aclTensorDesc* desc, size_t index) {
  return desc == nullptr || index >= desc->dims.size() ? -1 : desc->dims[index];
}
OPKIT_ACL_FN aclError aclGetTensorDescDimV2(const aclTensorDesc* desc, size_t index, int64_t* dimSize) {
  if (desc == nullptr || dimSize == nullptr) {
    return opkit::sim::detail::acl_fail(ACL_ERROR_INVALID_PARAM, "aclGetTensorDescDimV2", "null argument");
  }
  if (index >= desc->dims.size()) {
    return opkit::sim::detail::acl_fail(ACL_ERROR_INVALID_PARAM, "aclGetTensorDescDimV2",
                                        "index %zu is past the %zu dims", index, desc->dims.size());
  }
  *dimSize = desc->dims[index];
  return ACL_SUCCESS;
}
OPKIT_ACL_FN aclDataBuffer* aclCreateDataBuffer(void* data, size_t size) { return new aclDataBuffer{data, size}; }
OPKIT_ACL_FN aclError aclDestroyDataBuffer(const aclDataBuffer* dataBuffer) {
  delete dataBuffer;
  return ACL_SUCCESS;
}
OPKIT_ACL_FN void* aclGetDataBufferAddr(const aclDataBuffer* dataBuffer) {
  return dataBuffer == nullptr ? nullptr : dataBuffer->data;
}
OPKIT_ACL_FN size_t aclGetDataBufferSizeV2(const aclDataBuffer* dataBuffer) {
  return dataBuffer == nullptr ? 0 : dataBuffer->size;
}
