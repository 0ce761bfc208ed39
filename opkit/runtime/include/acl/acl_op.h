// CANN's acl/acl_op.h on the CPU: the single-operator API's types (samples include it through acl/acl.h); operators
// run through aclnn (aclnn/acl_meta.h), not aclopExecute.
#pragma once

#include "acl/acl_base.h"

typedef struct aclopAttr aclopAttr;
