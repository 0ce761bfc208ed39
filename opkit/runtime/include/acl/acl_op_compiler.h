// CANN's acl/acl_op_compiler.h on the CPU: AclNNInvocation samples include it and link acl_op_compiler; nothing is
// compiled online here (an op is built by `opkit build`), so it only brings in acl/acl.h.
#pragma once

#include "acl/acl.h"
#include "acl/acl_op.h"
