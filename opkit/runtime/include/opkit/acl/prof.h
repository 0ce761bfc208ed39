// The definitions behind acl/acl_prof.h: ids of names, and ranges checked and paired per thread (acl_base.h: modes).
#pragma once

#include "acl/acl_prof.h"
#include "opkit/acl/rt.h"

namespace opkit::sim::detail {
// The ranges this thread has pushed and not popped yet.
inline int& acl_prof_open_ranges() {
  thread_local int open = 0;
  return open;
}
}  // namespace opkit::sim::detail

// A stable id per name (64-bit FNV-1a); CANN's ids are its own, but equal names give equal ids either way.
OPKIT_ACL_FN uint64_t aclprofStr2Id(const char* message) {
  if (message == nullptr) return 0;
  uint64_t h = 1469598103934665603ull;
  for (const char* p = message; *p != '\0'; ++p) h = (h ^ static_cast<unsigned char>(*p)) * 1099511628211ull;
  return h;
}

OPKIT_ACL_FN aclError aclprofRangePushEx(aclprofEventAttributes* attr) {
  using opkit::sim::detail::acl_fail;
  const char* api = "aclprofRangePushEx";
  if (attr == nullptr) return acl_fail(ACL_ERROR_INVALID_PARAM, api, "attr is null");
  if (attr->messageType != ACL_PROF_MESSAGE_TYPE_TENSOR_INFO) {
    return acl_fail(ACL_ERROR_INVALID_PARAM, api, "messageType %u is not ACL_PROF_MESSAGE_TYPE_TENSOR_INFO (0)",
                    attr->messageType);
  }
  const aclprofTensorInfo* info = attr->message.tensorInfo;
  if (info == nullptr) return acl_fail(ACL_ERROR_INVALID_PARAM, api, "message.tensorInfo is null");
  if (info->tensorNum > 0 && info->tensors == nullptr) {
    return acl_fail(ACL_ERROR_INVALID_PARAM, api, "tensorNum is %u but tensors is null", info->tensorNum);
  }
  for (uint32_t i = 0; i < info->tensorNum; ++i) {
    const aclprofTensor& t = info->tensors[i];
    if (t.type > 1) {
      return acl_fail(ACL_ERROR_INVALID_PARAM, api, "tensors[%u].type %u is neither 0 (input) nor 1 (output)", i,
                      t.type);
    }
    if (t.shapeDim > ACL_PROF_TENSOR_DATA_SHAPE_LEN) {
      return acl_fail(ACL_ERROR_INVALID_PARAM, api, "tensors[%u].shapeDim %u is more than %d", i, t.shapeDim,
                      ACL_PROF_TENSOR_DATA_SHAPE_LEN);
    }
  }
  ++opkit::sim::detail::acl_prof_open_ranges();
  return ACL_SUCCESS;
}

OPKIT_ACL_FN aclError aclprofRangePop() {
  int& open = opkit::sim::detail::acl_prof_open_ranges();
  if (open == 0) {
    return opkit::sim::detail::acl_fail(ACL_ERROR_INVALID_PARAM, "aclprofRangePop",
                                        "no range is open on this thread (aclprofRangePushEx first)");
  }
  --open;
  return ACL_SUCCESS;
}
