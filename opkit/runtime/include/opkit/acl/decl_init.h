// The declarations of acl/acl.h for programs that link lib64/libascendcl.so (acl_base.h: modes).
#pragma once

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclError aclInit(const char* configPath);
ACL_FUNC_VISIBILITY aclError aclFinalize();
ACL_FUNC_VISIBILITY const char* aclGetRecentErrMsg();
ACL_FUNC_VISIBILITY aclError aclrtGetVersion(int32_t* major, int32_t* minor, int32_t* patch);

#ifdef __cplusplus
}
#endif
