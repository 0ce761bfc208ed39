// The definitions behind acl/acl.h: aclInit/aclFinalize, aclGetRecentErrMsg, aclrtGetVersion (acl_base.h: modes).
#pragma once

#include <cstring>
#include <mutex>

#include "acl/acl_rt.h"
#include "opkit/acl/rt.h"
#include "opkit/acl/term_note.h"

OPKIT_ACL_FN aclError aclInit(const char* /*configPath*/) {
  auto& rt = opkit::sim::detail::acl_runtime();
  std::lock_guard<std::mutex> lock(rt.m);
  if (rt.initialized) {
    return opkit::sim::detail::acl_fail(ACL_ERROR_REPEAT_INITIALIZE, "aclInit", "aclInit was called already");
  }
  rt.initialized = true;
  opkit::sim::detail::install_term_note();
  return ACL_SUCCESS;
}

OPKIT_ACL_FN aclError aclFinalize() {
  auto& rt = opkit::sim::detail::acl_runtime();
  std::lock_guard<std::mutex> lock(rt.m);
  if (!rt.initialized) {
    return opkit::sim::detail::acl_fail(ACL_ERROR_REPEAT_FINALIZE, "aclFinalize",
                                        "aclFinalize without a matching aclInit");
  }
  rt.initialized = false;
  return ACL_SUCCESS;
}

// The text of this thread's last ACL error ("" when none); reading it clears it, as in ACL.
OPKIT_ACL_FN const char* aclGetRecentErrMsg() {
  thread_local char copy[1024];
  char* message = opkit::sim::detail::recent_error();
  std::memcpy(copy, message, sizeof copy);
  message[0] = '\0';
  return copy;
}

OPKIT_ACL_FN aclError aclrtGetVersion(int32_t* major, int32_t* minor, int32_t* patch) {
  if (major == nullptr || minor == nullptr || patch == nullptr) {
    return opkit::sim::detail::acl_fail(ACL_ERROR_INVALID_PARAM, "aclrtGetVersion", "null");
  }
  *major = 1;
  *minor = 0;
  *patch = 0;
  return ACL_SUCCESS;
}
