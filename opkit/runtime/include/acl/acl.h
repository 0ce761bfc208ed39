// CANN's acl/acl.h on the CPU: aclInit/aclFinalize, aclGetRecentErrMsg and the runtime API of acl/acl_rt.h.
#pragma once

#include "acl/acl_base.h"
#include "acl/acl_rt.h"
#include "acl/acl_op.h"

#ifdef OPKIT_ACL_DECLARE_ONLY
#include "opkit/acl/decl_init.h"
#else
#include "opkit/acl/init.h"
#endif
