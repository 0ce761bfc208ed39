// What every generated project's csrc/bindings.cpp includes first: pybind11, Python and opkit's launch path. Built
// once into a precompiled header that every project shares (opkit/build/pch.py, opkit_shared_pch in
// opkitConfig.cmake), so that a project's own part (op_tables.h, the tiling headers, the module) is all it compiles.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "opkit/host/launch_op.h"
#include "opkit/host/pybind_plan.h"
