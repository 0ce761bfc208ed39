// lib64/libacl_op_compiler.so of `opkit cann-root`: samples link it; ops are compiled by `opkit build`, not online.
#include "acl/acl_op_compiler.h"

extern "C" ACL_FUNC_VISIBILITY const char* opkit_acl_op_compiler_provider() { return "opkit"; }
