// lib64/libopapi.so of `opkit cann-root`: CANN's built-in aclnn operators live here; opkit has none, so it only
// depends on libnnopbase.so (linked with --no-as-needed), where torch_npu-style code finds aclCreateTensor & co.
#include "aclnn/acl_meta.h"

extern "C" ACL_FUNC_VISIBILITY const char* opkit_opapi_provider() { return "opkit"; }
