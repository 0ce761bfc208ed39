// What every generated project's csrc/aclnn.cpp includes first: opkit's aclnn call path (checks, executor, launch).
// Built once into a precompiled header that every project shares (opkit/build/pch.py, opkit_shared_pch in
// opkitConfig.cmake), so that a project's own part (op_tables.h, the aclnn headers and functions) is all it compiles.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "opkit/host/aclnn_call.h"
#include "opkit/host/launch_op.h"
