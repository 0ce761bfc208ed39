// lib64/libascendcl.so of `opkit cann-root`: acl/acl.h's definitions compiled once, for programs built as CANN's
// samples are (declarations only; acl_base.h explains the modes). Also holds the device-memory registry and ACL's
// recent error that libnnopbase.so and every libcust_opapi.so share (OPKIT_ACL_SHARED_STATE).
#define OPKIT_ACL_BUILD_LIB 1

#include "acl/acl.h"
#include "acl/acl_prof.h"
#include "opkit/acl/base.h"
#include "opkit/acl/init.h"
#include "opkit/acl/prof.h"
#include "opkit/acl/rt.h"
#include "opkit/acl/graph.h"
